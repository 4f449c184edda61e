import Foundation
import Testing
@testable import RosterCore

/// The promises every store keeps (see `RosterStore`), each test run once
/// against a SQLite file and once against a PostgreSQL database on the
/// tests' own throwaway cluster.
@Suite("Every store keeps the store's promises")
struct StoreContractTests {
    static let kinds = StoreKind.allCases

    private func names(_ store: any RosterStore) throws -> [String] { try store.monsters().map(\.name) }

    @Test("reading: the default roster, found by name ignoring case or by id, counted and paged", arguments: kinds)
    func reading(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        #expect(try names(store) == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(try store.count() == 6)
        #expect(try store.find("cat-bot")?.id == 1)
        #expect(try store.find("#2")?.name == "Dog-Bot")
        #expect(try store.find("Nobody") == nil)
        #expect(try store.weaponCounts() == [.sword: 1, .blowgun: 1, .smoke: 1, .ninjaStar: 2, .fire: 1])
        #expect(try store.monsters(carrying: .ninjaStar).map(\.id) == [4, 6])
        #expect(try store.monsters(after: 2, limit: 2).map(\.id) == [3, 4])
        #expect(try store.monsters(before: 3, limit: 5).map(\.id) == [1, 2])
        #expect(try store.monsters(offset: 4, limit: 10).map(\.id) == [5, 6])
        #expect(try store.monsters(from: 2, through: 3).map(\.id) == [2, 3])
        #expect(try store.monsters(ids: [6, 99, 2, 4]).map(\.id).sorted() == [2, 4, 6])
        #expect(try store.monsters(ids: [5]).first?.origin == "FI")
        #expect(try store.monsters(ids: []).isEmpty)
        #expect(try store.position(of: 4) == 3)
        #expect(try store.position(of: 99) == nil)
        #expect(try store.monster(id: 5)?.origin == "FI")
        #expect(try store.suggestName(for: "Cat-Bto") == "Cat-Bot")
        var keys: [String] = []
        try store.forEachNameKey { _, key in keys.append(String(decoding: key, as: UTF8.self)) }
        #expect(keys.first == "cat-bot" && keys.count == 6)
    }

    @Test("set-weapon is all or nothing: one unknown name changes nothing and is named", arguments: kinds)
    func setWeaponAllOrNothing(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        #expect {
            try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire),
                                  WeaponAssignment(reference: "Cat-Bto", weapon: .smoke)])
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.count == 1 && problems[0].message.contains("did you mean `Cat-Bot`?")
        }
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
        #expect(try store.historyCount() == 0)
        let changes = try store.setWeapons([WeaponAssignment(reference: "cat-bot", weapon: .fire),
                                            WeaponAssignment(reference: "#2", weapon: .smoke)])
        #expect(changes.map(\.monster.name) == ["Cat-Bot", "Dog-Bot"])
        #expect(try roster.open().monsters().prefix(2).map(\.weapon.type) == [.fire, .smoke])
        #expect(try store.history().first?.line == "set-weapon Cat-Bot: Sword → Fire; Dog-Bot: Blowgun → Smoke")
        // A dry run says what it would do and changes nothing.
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .blowgun)], dryRun: true)
        #expect(try store.find("Cat-Bot")?.weapon.type == .fire)
        #expect(try store.historyCount() == 1)
    }

    @Test("compare-and-set: a write that expected what is no longer there changes nothing", arguments: kinds)
    func compareAndSet(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let other = try roster.openAsSomeoneElse()
        let seen = try #require(try store.find("Cat-Bot"))
        _ = try other.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)])
        #expect {
            try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], expecting: .sword)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.weapon.type == .smoke && fields == ["weapon"]
        }
        #expect {
            try store.edit(monsterID: 1, MonsterChanges(weapon: .fire), startingFrom: seen)
        } throws: { error in
            guard case RosterError.changedSince = error else { return false }
            return true
        }
        #expect {
            try store.remove(monsterID: 1, confirmed: seen)
        } throws: { error in
            guard case RosterError.changedSinceAsked = error else { return false }
            return true
        }
        #expect(try store.find("Cat-Bot")?.weapon.type == .smoke)
    }

    @Test("add, edit and remove, with their refusals", arguments: kinds)
    func addEditRemove(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let bat = try store.add(Monster(id: 0, name: "Bat-Bot", description: "Squeak", icon: "unknown.png",
                                        nameColor: .red, weapon: Weapon(.smoke)))
        #expect(bat.id == 7)
        #expect {
            try store.add(Monster(id: 0, name: "BAT-BOT", description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire)))
        } throws: { error in
            guard case RosterError.nameTaken(_, let existing) = error else { return false }
            return existing == "Bat-Bot"
        }
        #expect {
            try store.add(Monster(id: 0, name: "", description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire)))
        } throws: { error in
            guard case RosterError.invalid = error else { return false }
            return true
        }
        let edit = try store.edit("bat-bot", MonsterChanges(name: "Owl-Bot", nameColor: .blue))
        #expect(edit.after.name == "Owl-Bot" && edit.after.nameColor == .blue && edit.after.id == 7)
        #expect {
            try store.edit("Owl-Bot", MonsterChanges(name: "cat-bot"))
        } throws: { error in
            guard case RosterError.nameTaken = error else { return false }
            return true
        }
        #expect {
            try store.remove(["Owl-Bot", "Nobody"])
        } throws: { error in
            guard case RosterError.monsterNotFound(let name, _) = error else { return false }
            return name == "Nobody"
        }
        #expect(try store.count() == 7)
        #expect(try store.remove(["Owl-Bot", "#7", "Dog-Bot"]).map(\.name) == ["Owl-Bot", "Dog-Bot"])
        #expect(try store.count() == 5)
        #expect(try store.history().map(\.command) == ["remove", "edit", "add"])
        #expect(try store.history(touching: "Bat-Bot").count == 3)
        #expect(try store.historyMentions("Owl-Bot"))
    }

    @Test("names holding quotes, backslashes, braces and commas are found and changed as any other", arguments: kinds)
    func awkwardNames(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let names = [#"Say "Hi"-Bot"#, #"Back\slash-Bot"#, "{Brace},Bot", "NULL"]
        for name in names {
            _ = try store.add(Monster(id: 0, name: name, description: #"a "quoted" \ line"#, icon: "unknown.png",
                                      nameColor: .default, weapon: Weapon(.sword)))
        }
        let changes = try store.setWeapons(names.map { WeaponAssignment(reference: $0.lowercased(), weapon: .fire) })
        #expect(changes.map(\.monster.name) == names)
        #expect(try store.monsters(carrying: .fire).map(\.name).suffix(4) == names[...])
        #expect(try store.remove(names).count == 4)
        #expect(try store.count() == 6)
    }

    @Test("ids are never given out twice, even after the highest is removed or the history cleared", arguments: kinds)
    func idsNeverReused(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        func add(_ name: String) throws -> Int64 {
            try store.add(Monster(id: 0, name: name, description: "", icon: "unknown.png", nameColor: .default, weapon: Weapon(.fire))).id
        }
        #expect(try add("A-Bot") == 7)
        _ = try store.remove(["A-Bot"])
        #expect(try add("B-Bot") == 8)
        _ = try store.remove(["B-Bot"])
        _ = try store.clearHistory()
        #expect(try add("C-Bot") == 9)
        #expect(try store.history(touching: "C-Bot").map(\.command) == ["add"])
    }

    @Test("undo and redo take a change back and put it back; redo refuses after a new change", arguments: kinds)
    func undoRedo(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try store.remove(["Dog-Bot"])
        #expect(try store.undo(1, dryRun: true).sentences == ["would undo remove Dog-Bot"])
        #expect(try store.count() == 5)
        #expect(try store.undo().sentences == ["undid remove Dog-Bot"])
        #expect(try store.find("Dog-Bot")?.id == 2)
        #expect(try store.undo().sentences == ["undid set-weapon Cat-Bot: Sword → Fire"])
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
        #expect(try store.undo().shortfall?.hasPrefix("nothing") == true)
        #expect(try store.redo().sentences == ["redid set-weapon Cat-Bot: Sword → Fire"])
        _ = try store.edit("Ice-Bot", MonsterChanges(description: "Brr"))
        let redo = try store.redo()
        #expect(redo.steps.isEmpty)
        // One sentence on every store, naming the change that ended redo and the undo it followed.
        #expect(redo.shortfall == "nothing to redo: #6 edit Ice-Bot: description `Has A Chilling Effect` → `Brr` was made after #2 remove Dog-Bot was undone")
        #expect(try store.history().first?.command == "edit")
    }

    @Test("undoing a change chosen from the history (the interface's h): an older change alone, refusals naming why", arguments: kinds)
    func undoChosenChange(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try store.edit("Ice-Bot", MonsterChanges(description: "Brr"))
        _ = try store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)])
        // A dry run says what it would do and changes nothing.
        #expect(try store.undo(change: 1, dryRun: true).sentences == ["would undo set-weapon Cat-Bot: Sword → Fire"])
        #expect(try store.find("Cat-Bot")?.weapon.type == .fire)
        // The oldest change is taken back alone; the later ones stay.
        #expect(try store.undo(change: 1).sentences == ["undid set-weapon Cat-Bot: Sword → Fire"])
        #expect(try store.find("Cat-Bot")?.weapon.type == .sword)
        #expect(try store.find("Dog-Bot")?.weapon.type == .smoke)
        #expect(try store.find("Ice-Bot")?.description == "Brr")
        #expect(try store.history().first?.line == "undo set-weapon Cat-Bot: Sword → Fire")
        let refusals: [(Int64, String)] = [
            (1, "cannot undo #1 set-weapon Cat-Bot: Sword → Fire: it is undone already"),
            (4, "cannot undo #4: it is the undo of #1; u and U step through those"),
            (99, "cannot undo #99: the history has no change #99"),
        ]
        for (id, sentence) in refusals {
            #expect { try store.undo(change: id) } throws: { error in
                guard case RosterError.historyRefused(let said, _) = error else { return false }
                return said == sentence
            }
        }
        // A change whose monster was changed since is refused, changing nothing.
        _ = try store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect { try store.undo(change: 3) } throws: { error in
            guard case RosterError.historyRefused(let said, _) = error else { return false }
            return said.hasPrefix("cannot undo #3 set-weapon Dog-Bot: Blowgun → Smoke: Dog-Bot has been changed since")
        }
        #expect(try store.find("Dog-Bot")?.weapon.type == .fire)
        #expect(try store.historyCount() == 5)
    }

    @Test("undoing several chosen changes (the interface's going back): in order, each seeing the ones before it taken back; one refused, none is",
          arguments: kinds)
    func undoChosenChanges(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)])
        _ = try store.edit("Cat-Bot", MonsterChanges(description: "Sooty"))
        // #2 alone is refused (#3 changed Cat-Bot since), and with it #3: nothing changes.
        #expect { try store.undo(changes: [2, 3]) } throws: { error in
            guard case RosterError.historyRefused(let said, _) = error else { return false }
            return said.hasPrefix("cannot undo #2 set-weapon Cat-Bot: Fire → Smoke: Cat-Bot has been changed since")
        }
        #expect(try store.find("Cat-Bot")?.description == "Sooty")
        // Newest first, #2 sees #3 taken back.
        #expect(try store.undo(changes: [3, 2]).steps.map(\.change.id) == [3, 2])
        #expect(try store.find("Cat-Bot")?.weapon.type == .fire)
        #expect(try store.find("Cat-Bot")?.description != "Sooty")
        #expect(try store.historyCount() == 5)
    }

    @Test("import in each mode, all or nothing, and dry runs that change nothing", arguments: kinds)
    func importModes(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        func reader(_ text: String) throws -> MonsterReader {
            try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "input"), format: .csv, raw: false)
        }
        #expect(try store.importMonsters(from: reader("name,weapon\nBat-Bot,smoke\nOwl-Bot,fire\n"), mode: .insert)
                == ImportSummary(added: 2))
        #expect(try store.find("Owl-Bot")?.id == 8)
        #expect {
            try store.importMonsters(from: reader("name,weapon\nNew-Bot,fire\ncat-bot,fire\nnew-bot,sword\n"), mode: .insert)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return described(problems) == [
                "3:1: name: `cat-bot` reads as `Cat-Bot`, which is already on the roster (names are compared ignoring case, width and look-alike letters); use --mode upsert to update it",
                "4:1: name: `new-bot` reads as `New-Bot`, which is already used at line 2, column 1 (names are compared ignoring case, width and look-alike letters)",
            ]
        }
        #expect(try store.count() == 8)
        let upsert = "name,weapon,description\nCAT-BOT,fire,MEE-OW\nDog-Bot,blowgun,BOW-WOW\nNew-Bot,smoke,\n"
        #expect(try store.importMonsters(from: reader(upsert), mode: .upsert, dryRun: true)
                == ImportSummary(added: 1, updated: 1, unchanged: 1))
        #expect(try store.count() == 8)
        #expect(try store.importMonsters(from: reader(upsert), mode: .upsert) == ImportSummary(added: 1, updated: 1, unchanged: 1))
        #expect(try store.resolve("Cat-Bot").weapon.type == .fire)
        let replace = """
            id,name,weapon,description,icon,name_color,height,origin,activated
            42,Answer-Bot,sword,,unknown.png,default,,,
            ,Cat-Bot,fire,MEE-OW,meetcatbot.png,default,2ft4in,JP,2019-03-14T09:30:00Z
            ,Ice-Bot,smoke,Has A Chilling Effect,meeticebot.png,blue,5ft5in,FI,

            """
        let preview = try store.previewImport(from: reader(replace), mode: .replace)
        #expect(preview.summary == ImportSummary(added: 1, updated: 1, unchanged: 1, removed: 7))
        #expect(preview.total == 9)
        #expect(try store.count() == 9)
        #expect(try store.importMonsters(from: reader(replace), mode: .replace) == ImportSummary(added: 1, updated: 1, unchanged: 1, removed: 7))
        #expect(try store.monsters().map(\.id) == [1, 5, 42])
        #expect {
            try store.importMonsters(from: reader("id,name,weapon\n3,A,fire\n3,B,fire\n"), mode: .replace)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return described(problems) == ["3:1: id: the id 3 is also used at line 2, column 1"]
        }
        #expect(try store.monsters().map(\.id) == [1, 5, 42])
        // A name used twice is found where it is, after a record with a problem of its own.
        #expect {
            try store.importMonsters(from: reader("name,weapon\nA-Bot,fire\nB-Bot,spoon\na-bot,smoke\n"), mode: .replace)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return described(problems).count == 2 && described(problems)[1].hasPrefix("4:1: name: `a-bot` reads as `A-Bot`, which is already used at line 2, column 1")
        }
        #expect {
            try store.importMonsters(from: reader("name,weapon\nA-Bot,fire\na-bot,smoke\n"), mode: .replace)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return described(problems).count == 1 && described(problems)[0].hasPrefix("3:1: name: `a-bot` reads as `A-Bot`, which is already used at line 2, column 1")
        }
        #expect(try store.monsters().map(\.id) == [1, 5, 42])
        // A new monster after a replace gets an id past every id given.
        #expect(try store.add(Monster(id: 0, name: "Late-Bot", description: "", icon: "unknown.png", nameColor: .default,
                                      weapon: Weapon(.fire))).id == 43)
    }

    @Test("an import is undone and redone whole", arguments: kinds)
    func importUndo(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array("id,name,weapon\n9,Only-Bot,fire\n".utf8), name: "only.csv"),
                                       format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .replace)
        #expect(try names(store) == ["Only-Bot"])
        #expect(try store.undo().sentences == ["undid import only.csv: 1 added, 0 updated, 0 unchanged, 6 removed (mode replace)"])
        #expect(try store.count() == 6)
        _ = try store.redo()
        #expect(try names(store) == ["Only-Bot"])
        #expect(try store.history().first?.command == "redo")
    }

    @Test("redoing in order: an import is redoable after the redo of the change before it, one at a time or both at once", arguments: kinds)
    func redoInOrder(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        func importOnly() throws {
            let reader = try MonsterReader(input: ChunkedInput(bytes: Array("id,name,weapon\n9,Only-Bot,fire\n".utf8), name: "only.csv"),
                                           format: .csv, raw: false)
            _ = try store.importMonsters(from: reader, mode: .replace)
        }
        _ = try store.edit("Fire-Bot", MonsterChanges(description: "taller"))   // #1
        try importOnly()                                                         // #2
        #expect(try store.undo(2).steps.count == 2)                              // #3, #4
        #expect(try store.redo().sentences.first?.hasPrefix("redid edit Fire-Bot") == true)  // #5
        #expect(try store.redo().sentences.first?.hasPrefix("redid import only.csv") == true) // #6
        #expect(try names(store) == ["Only-Bot"])
        #expect(try store.undo(2).steps.count == 2)                              // #7, #8
        #expect(try store.redo(2).steps.count == 2)                              // #9, #10
        #expect(try names(store) == ["Only-Bot"])
        #expect(try store.history().first.map { [$0.id, $0.reverses] } == [10, 2])
    }

    @Test("redoing in order still refuses an import's redo after a change someone else made since its undo, naming that change", arguments: [StoreKind.postgres])
    func redoInOrderRefused(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.edit("Fire-Bot", MonsterChanges(description: "taller"))   // #1
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array("id,name,weapon\n5,Fire-Bot,fire\n9,Only-Bot,fire\n".utf8),
                                                           name: "only.csv"), format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .replace)              // #2
        _ = try store.undo(2)                                                    // #3, #4
        _ = try roster.openAsSomeoneElse().setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])  // #5
        let refusal = "cannot redo #2 import only.csv: the roster has been changed since, by #5 set-weapon Cat-Bot: Sword → Fire"
        // Both at once: the refusal names the change that stands, not the redo it rolled back.
        #expect {
            try store.redo(2)
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.hasPrefix(refusal)
        }
        #expect(try store.history().count == 5)
        _ = try store.redo()                                                     // #6
        #expect {
            try store.redo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.hasPrefix(refusal)
        }
        #expect(try store.count() == 6)
    }
}
