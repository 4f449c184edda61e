import Foundation
import Testing
@testable import RosterCore

/// Undo takes every surface's change back to the exact bytes before it,
/// and redo puts back the exact bytes after it.
@Suite("History, undo and redo")
struct HistoryTests {
    /// Exports, makes the change, exports, undoes, redoes, and checks
    /// the bytes at each step; the change is recorded under `command`.
    func checkRoundTrip(_ roster: ImportRoster, command: String, surface: ChangeSurface = .commandLine,
                        _ change: (SQLiteRosterStore) throws -> Void) throws {
        let before = try roster.export(.json)
        try change(roster.store)
        let changed = try roster.export(.json)
        #expect(changed != before, "the change changed nothing")
        let newest = try #require(try roster.store.history(limit: 1).first)
        #expect(newest.command == command)
        #expect(newest.surface == surface)
        let undone = try roster.store.undo()
        #expect(undone.steps.map(\.change.id) == [newest.id])
        #expect(try roster.export(.json) == before)
        let redone = try roster.store.redo()
        #expect(redone.steps.map(\.change.id) == [newest.id])
        #expect(try roster.export(.json) == changed)
        // And back once more, after the redo.
        _ = try roster.store.undo()
        #expect(try roster.export(.json) == before)
    }

    @Test("set-weapon, one monster and several")
    func setWeapon() throws {
        let roster = try ImportRoster()
        try checkRoundTrip(roster, command: "set-weapon") { store in
            _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire),
                                      WeaponAssignment(reference: "dog-bot", weapon: .fire),
                                      WeaponAssignment(reference: "Fire-Bot", weapon: .ninjaStar)])
        }
        let entry = try #require(try roster.store.history().last)
        #expect(entry.summary == "Cat-Bot: Sword → Fire; Dog-Bot: Blowgun → Fire")
    }

    @Test("a batch from standard input")
    func batch() throws {
        let roster = try ImportRoster()
        try checkRoundTrip(roster, command: "set-weapon") { store in
            _ = try store.setWeapons(WeaponBatch.parse(Array("Cat-Bot\tsmoke\n{\"name\": \"Ice-Bot\", \"weapon\": \"sword\"}\n".utf8)))
        }
    }

    @Test("add, edit of every field, and remove")
    func addEditRemove() throws {
        let roster = try ImportRoster()
        try checkRoundTrip(roster, command: "add") { store in
            _ = try store.add(Monster(id: 0, name: "Bat-Bot", description: "Hangs around", icon: "unknown.png",
                                      nameColor: .blue, weapon: Weapon(.smoke), height: Height(feet: 6, inches: 2),
                                      origin: "FR", activated: Timestamp(secondsSince1970: 1_700_000_000)))
        }
        try checkRoundTrip(roster, command: "edit") { store in
            _ = try store.edit("Cat-Bot", MonsterChanges(name: "Kitty-Bot", description: "purr", icon: "meetdogbot.png",
                                                         nameColor: .green, weapon: .fire, height: .some(nil),
                                                         origin: .some("DE"), activated: .some(nil)))
        }
        try checkRoundTrip(roster, command: "remove") { store in
            _ = try store.remove(["Dog-Bot", "Ice-Bot"])
        }
    }

    @Test("undoing a removal brings back the same id, in its place")
    func removalKeepsID() throws {
        let roster = try ImportRoster()
        let dog = try roster.store.resolve("Dog-Bot")
        _ = try roster.store.remove(["Dog-Bot"])
        _ = try roster.store.undo()
        #expect(try roster.store.resolve("Dog-Bot") == dog)
    }

    @Test("the interactive roster's changes are recorded as its own", arguments: ["weapon", "edit", "add", "remove"])
    func interactiveSurface(action: String) throws {
        let roster = try ImportRoster()
        roster.store.surface = .interactiveRoster
        // A weapon chosen in the interface is told as set-weapon tells it.
        let command = ["weapon": "set-weapon", "edit": "edit", "add": "add", "remove": "remove"][action] ?? action
        let cat = try roster.store.resolve("Cat-Bot")
        let dog = try roster.store.resolve("Dog-Bot")
        try checkRoundTrip(roster, command: command, surface: .interactiveRoster) { store in
            // The paths the interface saves by: compare-and-set from the monster as the editor found it.
            switch action {
            case "weapon": _ = try store.edit(monsterID: cat.id, MonsterChanges(weapon: .smoke), startingFrom: cat)
            case "edit": _ = try store.edit(monsterID: dog.id, MonsterChanges(name: "Doggo", origin: .some(nil)), startingFrom: dog)
            case "add":
                _ = try store.add(Monster(id: 0, name: "New-Bot", description: "", icon: "unknown.png",
                                          nameColor: .default, weapon: Weapon(.sword)))
            default: _ = try store.remove(monsterID: 3)
            }
        }
    }

    @Test("an import in each mode is one change", arguments: ImportMode.allCases)
    func importModes(mode: ImportMode) throws {
        let roster = try ImportRoster()
        let text = """
            id,name,description,icon,name_color,weapon
            2,Dog-Bot,Changed by the file,meetdogbot.png,red,fire
            ,Brand-New-Bot,From the file,unknown.png,default,smoke
            """
        let file = mode == .insert ? text.replacingOccurrences(of: "2,Dog-Bot", with: ",Other-Bot") : text
        try checkRoundTrip(roster, command: "import") { _ in _ = try roster.importText(file, mode: mode) }
        #expect(try roster.store.history().count == 4)
        #expect(try roster.store.database.integer("SELECT count(*) FROM history_row") == 0)
    }

    @Test("an import that changes nothing, a dry run and a failed one record nothing")
    func unrecordedImports() throws {
        let roster = try ImportRoster()
        let exported = try roster.export(.json)
        _ = try roster.importBytes(exported, mode: .replace)
        _ = try roster.importText("name,icon,weapon\nX-Bot,unknown.png,sword\n", mode: .insert).added
        _ = try? roster.importText("name,icon,weapon\nY-Bot,unknown.png,swrod\n", mode: .insert)
        _ = try roster.importBytes(Array("name,icon,weapon\nZ-Bot,unknown.png,sword\n".utf8), mode: .insert, dryRun: true)
        #expect(try roster.store.history().map(\.command) == ["import"])
        #expect(try roster.store.snapshotTableIDs().count == 1)
    }

    @Test("changes that change nothing and dry runs are not recorded")
    func nothingRecorded() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], dryRun: true)
        _ = try roster.store.edit("Cat-Bot", MonsterChanges(name: "Cat-Bot"))
        _ = try roster.store.remove(["Cat-Bot"], dryRun: true)
        #expect(try roster.store.history().isEmpty)
        #expect(try roster.store.undo().sentences == ["nothing to undo"])
        #expect(try roster.store.redo().sentences == ["nothing to redo"])
    }

    @Test("undo N takes back the newest N, and says when there were fewer")
    func undoSeveral() throws {
        let roster = try ImportRoster()
        let start = try roster.export(.json)
        for weapon in [WeaponType.fire, .smoke, .blowgun] {
            _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: weapon)])
        }
        let outcome = try roster.store.undo(5)
        #expect(outcome.sentences == ["undid set-weapon Cat-Bot: Smoke → Blowgun", "undid set-weapon Cat-Bot: Fire → Smoke",
                                      "undid set-weapon Cat-Bot: Sword → Fire", "nothing more to undo"])
        #expect(try roster.export(.json) == start)
        #expect(try roster.store.redo(2).steps.count == 2)
        #expect(try roster.store.resolve("Cat-Bot").weapon.type == .smoke)
    }

    @Test("a dry run says the same and changes nothing")
    func dryRun() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        let before = try roster.export(.json)
        #expect(try roster.store.undo(dryRun: true).sentences == ["would undo set-weapon Cat-Bot: Sword → Fire"])
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.history().count == 1)
    }

    @Test("a new change ends redo, and redo names it")
    func newChangeEndsRedo() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.store.undo()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let outcome = try roster.store.redo()
        #expect(outcome.steps.isEmpty)
        #expect(outcome.shortfall?.hasPrefix("nothing to redo: #3 set-weapon Dog-Bot: Blowgun → Fire was made after the last undo") == true)
    }

    @Test("after undoing and redoing the newest change, redo says that change was redone, not that it was made after the last undo")
    func redoneSaysRedone() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])   // #1
        _ = try roster.store.undo()                                                               // #2
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])  // #3
        _ = try roster.store.undo()                                                               // #4
        _ = try roster.store.redo()                                                               // #5
        let outcome = try roster.store.redo()
        #expect(outcome.steps.isEmpty)
        #expect(outcome.shortfall == "nothing to redo: the last change undone, #3 set-weapon Dog-Bot: Blowgun → Fire, was redone")
        // A change after that: it is what ends redo, and #1's undo was not the last undo.
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)]) // #6
        #expect(try roster.store.redo().shortfall
                == "nothing to redo: #6 set-weapon Ice-Bot: Fire → Sword was made after #1 set-weapon Cat-Bot: Sword → Fire was undone")
    }

    @Test("undo refuses to overwrite a change made outside the history, naming the monster")
    func refusesUnrecordedChange() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try roster.store.database.execute("UPDATE monster SET description = 'changed behind our back' WHERE id = 1")
        let before = try roster.export(.json)
        #expect {
            try roster.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence == "cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot has been changed since by another program; nothing was undone; to undo it, set it back as #1 left it; to go past it, `roster history --clear` starts the history afresh"
        }
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.history().count == 1)
    }

    @Test("undoing a removal refuses when the name was given to a monster added since")
    func refusesNameTaken() throws {
        let roster = try ImportRoster()
        _ = try roster.store.remove(["Dog-Bot"])
        // Added outside the history's order: the newest change is still the removal.
        try roster.store.database.execute("""
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon) VALUES ('DOG-BOT', 'dog-bot', '', 'unknown.png', 'default', 'fire')
            """)
        #expect {
            try roster.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("the name `Dog-Bot` reads as `DOG-BOT` (id 7), and another program wrote the roster since") && sentence.hasSuffix("nothing was undone")
        }
    }

    @Test("undo after a later change names it")
    func namesLaterChange() throws {
        // A later change whose undo a sqlite3 user faked by hand.
        let other = try ImportRoster()
        _ = try other.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try other.store.edit("Cat-Bot", MonsterChanges(description: "later"))
        try other.store.database.execute("UPDATE history SET undone = 1 WHERE id = 2")
        #expect {
            try other.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence == "cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot has been changed since, by #2 edit Cat-Bot: description `MEE-OW` → `later`; nothing was undone"
        }
    }

    @Test("after undo and redo, a write that bypassed roster is blamed, not the redo of the same change")
    func redoIsNotTheLaterChange() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.store.undo()
        _ = try roster.store.redo()
        try roster.store.database.execute("UPDATE monster SET weapon = 'smoke' WHERE name_key = 'cat-bot'")
        #expect {
            try roster.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence == "cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot has been changed since by another program; nothing was undone; to undo it, set it back as #1 left it; to go past it, `roster history --clear` starts the history afresh"
        }
    }

    @Test("a monster renamed by another program is named as it was and as it is now")
    func renamedOutside() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try roster.store.database.execute("UPDATE monster SET name = 'Kitty-Bot', name_key = 'kitty-bot' WHERE id = 1")
        #expect {
            try roster.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence == "cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot (now Kitty-Bot) has been changed since by another program; nothing was undone; to undo it, set it back as #1 left it; to go past it, `roster history --clear` starts the history afresh"
        }
    }

    @Test("the history keeps its bound, trimming in the same transaction")
    func bound() throws {
        let roster = try ImportRoster()
        let store = roster.store
        // Pretend the history is nearly full, then make real changes.
        try store.database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(HistoryTable.bound - 2))
            INSERT INTO history (id, at, surface, command, summary, kind) SELECT i, '2026-01-01T00:00:00Z', 'command line', 'edit', 'old', 'rows' FROM n;
            INSERT INTO history_row (change, position, monster, before_exists, after_exists) SELECT id, 0, 1, 1, 1 FROM history;
            """)
        for weapon in [WeaponType.fire, .smoke, .blowgun, .fire, .smoke] {
            _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: weapon)])
        }
        #expect(try store.historyCount() == HistoryTable.bound)
        #expect(try store.database.integer("SELECT min(id) FROM history") == 4)
        #expect(try store.database.integer("SELECT min(change) FROM history_row") == 4)
    }

    @Test("only the newest imports keep their rosters; an older one says why it cannot be undone")
    func snapshotBound() throws {
        let roster = try ImportRoster()
        for index in 0...HistoryTable.keptSnapshots {
            _ = try roster.importText("name,icon,weapon\nBot-\(index),unknown.png,sword\n", mode: .insert)
        }
        #expect(try roster.store.snapshotTableIDs().count == HistoryTable.keptSnapshots)
        _ = try roster.store.undo(HistoryTable.keptSnapshots)
        #expect {
            try roster.store.undo()
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("only for the last \(HistoryTable.keptSnapshots) imports")
        }
    }

    @Test("clearing empties the history and drops the kept rosters")
    func clear() throws {
        let roster = try ImportRoster()
        _ = try roster.importText("name,icon,weapon\nX-Bot,unknown.png,sword\n", mode: .insert)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try roster.store.clearHistory() == 2)
        #expect(try roster.store.history().isEmpty)
        #expect(try roster.store.snapshotTableIDs().isEmpty)
        #expect(try roster.store.undo().sentences == ["nothing to undo"])
    }

    @Test("a cleared history never gives an id out again, to a change or to an import's kept roster")
    func idsNeverReused() throws {
        let roster = try ImportRoster()
        for weapon in [WeaponType.fire, .smoke, .sword] {
            _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: weapon)])
        }
        #expect(try roster.store.clearHistory() == 3)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect(try roster.store.history().map(\.id) == [4])
        #expect(try roster.store.clearHistory() == 1)
        _ = try roster.importText("name,icon,weapon\nX-Bot,unknown.png,sword\n", mode: .insert)
        #expect(try roster.store.history().map(\.id) == [5])
        #expect(try roster.store.snapshotTableIDs() == [5])
        _ = try roster.store.undo()
        #expect(try roster.store.history().map(\.id) == [6, 5])
        // Reopened, the file still knows.
        #expect(try roster.store.clearHistory() == 2)
        let reopened = try SQLiteRosterStore.open(path: roster.path)
        _ = try reopened.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(try reopened.history().map(\.id) == [7])
    }

    @Test("history by name finds the monster under every name it had, and imports")
    func byName() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.store.edit("Cat-Bot", MonsterChanges(name: "Kitty-Bot"))
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        _ = try roster.importText("name,icon,weapon\nX-Bot,unknown.png,sword\n", mode: .insert)
        #expect(try roster.store.history(touching: "cat-bot").map(\.id) == [4, 2, 1])
        #expect(try roster.store.history(touching: "Kitty-Bot").map(\.id) == [4, 2, 1])
        #expect(try roster.store.history(touching: "#2").map(\.id) == [4, 3])
        #expect(try roster.store.history(touching: "cat-bot", limit: 2).map(\.id) == [4, 2])
    }

    @Test("a roster file of schema 2 gains the history in one migration, and keeps its monsters")
    func migration() throws {
        let temporary = try TemporaryRoster()
        do {
            let database = try Database(path: temporary.path, options: [.readWrite, .create])
            try database.execute("PRAGMA journal_mode = WAL")
            try Schema.migrate(database, to: 2)
            try database.execute("UPDATE monster SET weapon = 'fire' WHERE id = 1")
        }
        let store = try temporary.open()
        #expect(try store.database.integer("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try store.resolve("Cat-Bot").weapon.type == .fire)
        #expect(try store.history().isEmpty)
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)])
        _ = try store.undo()
        #expect(try store.resolve("Cat-Bot").weapon.type == .fire)
    }
}
