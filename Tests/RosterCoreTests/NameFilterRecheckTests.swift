import Foundation
import Testing
@testable import RosterCore

/// `--where name=…` on a file means what a name means to a lookup: each
/// matched row's current name is checked again, so a key another program
/// left stale (and said was checked) never acts on the wrong monster
/// (issue 23's H3b); of a look-alike pair another program made, the exact
/// spelling takes only its own monster, and undo gives either back (F1).
@Suite("Filters by name on a file re-check names and keep look-alike pairs apart")
struct NameFilterRecheckTests {
    /// A second connection to the roster's file, as the sqlite3 shell has.
    private func otherProgram(_ roster: ImportRoster, _ sql: String) throws {
        let database = try Database(path: roster.path, options: [.readWrite])
        try database.execute("PRAGMA busy_timeout = 5000")
        try database.execute(sql)
    }

    /// Swaps the names of monsters 1 and 2, keys left as they were, then
    /// marks every key checked, as sqlite3 can.
    private func swapUnseen(_ roster: ImportRoster) throws {
        try otherProgram(roster, """
            UPDATE monster SET name = CASE id WHEN 1 THEN 'Dog-Bot' ELSE 'Cat-Bot' END WHERE id IN (1, 2);
            UPDATE monster_changes SET keys_checked = count, keys_fold = \(NameFolding.revision);
            """)
    }

    private func query(_ text: String) throws -> MonsterQuery {
        MonsterQuery(conditions: try QueryParser.conditions([text]))
    }

    /// A roster with the Lisu `ꓚat-Bot` (id 7) beside `Cat-Bot` (id 1),
    /// inserted by another program with a key of its own.
    private func rosterWithPair() throws -> ImportRoster {
        let roster = try ImportRoster()
        _ = try roster.store.count()
        try otherProgram(roster, """
            INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (7, 'ꓚat-Bot', 'old-key', 'unknown.png', 'smoke');
            """)
        return roster
    }

    private func readAlike(_ error: any Error) -> String? {
        guard case RosterError.namesReadAlike(let sentence) = error else { return nil }
        return sentence
    }

    @Test("names swapped by another program that then marked the keys checked: name= finds each monster by its name now")
    func swappedWithKeysMarkedChecked() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try swapUnseen(roster)
        // `~` streams its matches, each checked against its name.
        #expect(try roster.store.monsterIDs(matching: query("name ~ cat")) == [2])
        #expect(try roster.store.monsters(matching: query("name ~ dog")).map(\.id) == [1])
        #expect(try roster.store.monsters(matching: query("name = Cat-Bot")).map(\.id) == [2])
        #expect(try roster.store.monsterIDs(matching: query("name=dog-bot")) == [1])
        #expect(try roster.store.monsterIDs(matching: query("name!=Cat-Bot")) == [1, 3, 4, 5, 6])
        // A set-weapon by the filter changes the monster named so now.
        _ = try roster.store.setWeapon(.smoke, matching: query("name=Cat-Bot"), dryRun: false, expecting: nil)
        #expect(try roster.store.monster(id: 2)?.weapon.type == .smoke)
        #expect(try roster.store.monster(id: 1)?.weapon.type == .fire)
    }

    @Test("a list by name~ after such a swap prints the monster named so now, never the one a stale key points at")
    func containsAfterSwapInAList() throws {
        let roster = try ImportRoster()
        _ = try roster.store.count()
        try swapUnseen(roster)
        var options = ExportOptions()
        options.query = MonsterQuery(conditions: try QueryParser.conditions(["name~cat"]), fields: [MonsterFields.all[0], MonsterFields.all[1]])
        let lines = String(decoding: try roster.export(.ndjson, options: options), as: UTF8.self)
        #expect(lines == "{\"id\":2,\"name\":\"Cat-Bot\"}\n")
    }

    @Test("a lookup by name after such a swap finds the monster named so now, not the one its stale key points at")
    func lookupAfterSwap() throws {
        let roster = try ImportRoster()
        _ = try roster.store.count()
        try swapUnseen(roster)
        #expect(try roster.store.find("Cat-Bot")?.id == 2)
        #expect(try roster.store.remove(["Dog-Bot"], dryRun: true).map(\.id) == [1])
    }

    @Test("name= spelled exactly as one of a look-alike pair takes that one only; spelled as neither, a reading takes both and != leaves both out, an action is refused naming both")
    func exactSpellingOfAPair() throws {
        let roster = try rosterWithPair()
        #expect(try roster.store.monsters(matching: query("name = ꓚat-Bot")).map(\.id) == [7])
        #expect(try roster.store.monsters(matching: query("name = Cat-Bot")).map(\.id) == [1])
        #expect(try roster.store.monsterIDs(matching: query("name != ꓚat-Bot")) == [1, 2, 3, 4, 5, 6])
        #expect(try roster.store.monsterIDs(matching: query("name = CAT-BOT")) == [1, 7])
        #expect(try roster.store.monsters(matching: query("name != cat-bot")).map(\.id) == [2, 3, 4, 5, 6])
        #expect {
            try roster.store.monsters(matching: query("name = CAT-BOT").acting)
        } throws: { readAlike($0)?.contains("`Cat-Bot` (id 1) and `ꓚat-Bot` (id 7)") == true }
        let before = try roster.store.monsters()
        let writes: [() throws -> Void] = [
            { _ = try roster.store.setWeapon(.fire, matching: query("name != cat-bot"), dryRun: false, expecting: nil) },
            { _ = try roster.store.edit(matching: query("name = cat-bot"), MonsterChanges(nameColor: .red), dryRun: false) },
        ]
        for write in writes {
            #expect { try write() } throws: { readAlike($0)?.contains("`Cat-Bot` (id 1) and `ꓚat-Bot` (id 7)") == true }
        }
        #expect(try roster.store.monsters() == before, "nothing was changed")
        #expect(try roster.store.monsterIDs(matching: query("name ~ at-bo")) == [1, 7])
    }

    @Test("undo of a removal of one or both of a look-alike pair gives them back, each still found by its spelling")
    func undoRestoresThePair() throws {
        let roster = try rosterWithPair()
        _ = try roster.store.remove(["#7"], dryRun: false)
        _ = try roster.store.undo()
        #expect(try roster.store.find("ꓚat-Bot")?.id == 7)
        #expect(try roster.store.find("Cat-Bot")?.id == 1)
        _ = try roster.store.remove(["#1", "#7"], dryRun: false)
        #expect(try roster.store.count() == 5)
        _ = try roster.store.undo()
        #expect(try roster.store.count() == 7)
        #expect(try roster.store.find("ꓚat-Bot")?.id == 7)
        #expect(try roster.store.find("Cat-Bot")?.id == 1)
        _ = try roster.store.redo()
        _ = try roster.store.undo()
        #expect(try roster.store.find("ꓚat-Bot")?.weapon.type == .smoke)
        // A name taken since by a change in the history still refuses.
        _ = try roster.store.remove(["#7"], dryRun: false)
        let removal = try #require(try roster.store.database.integer("SELECT max(id) FROM history"))
        _ = try roster.store.edit("Cat-Bot", MonsterChanges(name: "ꓚat-Bot"), dryRun: false, expecting: ExpectedValues())
        #expect {
            try roster.store.undo(change: removal, dryRun: false)
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("is now monster 1’s, by #")
        }
    }

    @Test("an upsert of a name reading as both of a pair is refused at its line; the exact spelling updates that one")
    func upsertOfAPair() throws {
        let roster = try rosterWithPair()
        let problems = roster.importProblems("name,weapon\nꓚAT-BOT,fire\n", mode: .upsert)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("2:") == true)
        #expect(problems.first?.contains("`Cat-Bot` (id 1) and `ꓚat-Bot` (id 7)") == true)
        #expect(try roster.store.monster(id: 1)?.weapon.type == .sword)
        let summary = try roster.importText("name,weapon\nꓚat-Bot,fire\n", mode: .upsert)
        #expect(summary.updated == 1)
        #expect(try roster.store.monster(id: 7)?.weapon.type == .fire)
        #expect(try roster.store.monster(id: 1)?.weapon.type == .sword)
    }

    @Test("a case change of a pair member's own name says which monster it reads as; the hints write '#7'")
    func renameWithinAPair() throws {
        let roster = try rosterWithPair()
        #expect {
            try roster.store.edit("ꓚat-Bot", MonsterChanges(name: "ꓚAT-Bot"), dryRun: false, expecting: ExpectedValues())
        } throws: { error in
            (error as? RosterError)?.description.contains("`ꓚAT-Bot` reads as `Cat-Bot` (id 1), which is already on the roster") == true
        }
        #expect {
            try roster.store.find("CAT-BOT")
        } throws: { readAlike($0)?.contains("(roster edit '#7' --name NEW)") == true }
        // Its description still changes, under the key it has.
        let edit = try roster.store.edit("ꓚat-Bot", MonsterChanges(description: "the other one"), dryRun: false, expecting: ExpectedValues())
        #expect(edit.after.description == "the other one")
    }

    @Test("a name that reads as an id and an id named so: the hint says '#5', which means the first for sure")
    func numberNamesHint() throws {
        let roster = try ImportRoster()
        _ = try roster.store.count()
        try otherProgram(roster, "UPDATE monster SET name = CASE id WHEN 1 THEN '5' ELSE '1' END WHERE id IN (1, 5)")
        #expect {
            try roster.store.find("5")
        } throws: { readAlike($0)?.contains("write '#5' to mean the first") == true }
    }
}
