import Foundation
import Testing
@testable import RosterCore

/// An import's undo never overwrites what another program wrote after it:
/// the monster table counts every row any program writes, and roster's
/// history accounts for its own.
@Suite("Undoing an import over another program's change")
struct OutsideChangeTests {
    static let file = """
        id,name,description,icon,name_color,weapon
        1,Cat-Bot,From the file,meetcatbot.png,red,fire
        3,Explode-Bot,Tick,meetexplodebot.png,default,smoke
        9,Brand-New-Bot,New,unknown.png,default,smoke
        """

    /// A second connection to the roster's file, as the sqlite3 shell
    /// would have: it knows nothing of roster's history.
    func otherProgram(_ roster: ImportRoster, _ sql: String) throws {
        let database = try Database(path: roster.path, options: [.readWrite])
        try database.execute("PRAGMA busy_timeout = 5000")
        try database.execute(sql)
    }

    func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch RosterError.historyRefused(let sentence, _) {
            return sentence
        } catch {
            return "unexpected error: \(error)"
        }
    }

    @Test("a change, an addition or a removal made with another connection is named, and nothing is undone",
          arguments: [
            ("UPDATE monster SET description = 'outside' WHERE id = 3", "Explode-Bot was changed"),
            ("INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (40, 'Sneaky-Bot', 'sneaky-bot', 'unknown.png', 'fire')",
             "Sneaky-Bot was added"),
            ("DELETE FROM monster WHERE id = 9", "Brand-New-Bot was removed"),
          ])
    func namedAndRefused(sql: String, named: String) throws {
        let roster = try ImportRoster()
        _ = try roster.importText(Self.file, mode: .replace)
        try otherProgram(roster, sql)
        let before = try roster.export(.json)
        let sentence = refusal { _ = try roster.store.undo() }
        // The import by its title: its counts would push the reason out of a footer.
        #expect(sentence == "cannot undo #1 import input: \(named) by another program after the import; nothing was undone")
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.history().count == 1)
    }

    @Test("every mode of import refuses", arguments: ImportMode.allCases)
    func everyMode(mode: ImportMode) throws {
        let roster = try ImportRoster()
        _ = try roster.importText("name,icon,weapon\nBrand-New-Bot,unknown.png,smoke\n", mode: mode)
        // Changes one monster and puts it back: the number of monsters
        // and even the values are as the import left them, but a program
        // wrote, and roster cannot know what else it did.
        try otherProgram(roster, """
            UPDATE monster SET weapon = 'fire' WHERE name_key = 'brand-new-bot';
            UPDATE monster SET weapon = 'smoke' WHERE name_key = 'brand-new-bot'
            """)
        let sentence = refusal { _ = try roster.store.undo() }
        #expect(sentence?.hasSuffix("Brand-New-Bot was changed by another program after the import (and 1 other change to the roster); nothing was undone") == true)
    }

    @Test("roster's own later changes, undone first, are accounted for")
    func ownChangesAccounted() throws {
        let roster = try ImportRoster()
        let start = try roster.export(.json)
        _ = try roster.importText(Self.file, mode: .replace)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        _ = try roster.store.edit("Explode-Bot", MonsterChanges(description: "later"))
        _ = try roster.store.remove(["Brand-New-Bot"])
        #expect(try roster.store.undo(4).steps.count == 4)
        #expect(try roster.export(.json) == start)
        #expect(try roster.store.redo().steps.count == 1)
        _ = try roster.store.undo()
        #expect(try roster.export(.json) == start)
    }

    @Test("an outside change made before one of roster's own is still found, after that one is undone")
    func outsideChangeBetweenRosterChanges() throws {
        let roster = try ImportRoster()
        _ = try roster.importText(Self.file, mode: .replace)
        try otherProgram(roster, "UPDATE monster SET description = 'outside' WHERE id = 3")
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        _ = try roster.store.undo()
        let sentence = refusal { _ = try roster.store.undo() }
        #expect(sentence?.hasSuffix(": Explode-Bot was changed by another program after the import; nothing was undone") == true)
        // Also when both undos are asked for at once: the first is taken
        // back with the second, and nothing is undone.
        _ = try roster.store.redo()
        let before = try roster.export(.json)
        #expect(refusal { _ = try roster.store.undo(2) }?.contains("Explode-Bot was changed by another program") == true)
        #expect(try roster.export(.json) == before)
    }

    @Test("redo of an import refuses over a change made after the undo")
    func redoRefuses() throws {
        let roster = try ImportRoster()
        _ = try roster.importText(Self.file, mode: .replace)
        _ = try roster.store.undo()
        try otherProgram(roster, "UPDATE monster SET name = 'Kitty-Bot', name_key = 'kitty-bot' WHERE id = 1")
        let before = try roster.export(.json)
        let sentence = refusal { _ = try roster.store.redo() }
        #expect(sentence?.hasSuffix(": Kitty-Bot was changed by another program after the import was undone; nothing was redone") == true)
        #expect(try roster.export(.json) == before)
    }

    @Test("the import and its undo count none of their own rows")
    func importCountsNothing() throws {
        let roster = try ImportRoster()
        let rows = (1...500).map { "Bot-\($0),unknown.png,sword" }.joined(separator: "\n")
        _ = try roster.importText("name,icon,weapon\n" + rows + "\n", mode: .replace)
        #expect(try roster.store.monsterChangeCount() == 0)
        _ = try roster.store.undo()
        _ = try roster.store.redo()
        #expect(try roster.store.monsterChangeCount() == 0)
        // The triggers are back on the monster table, and only there.
        let triggers = try roster.store.database.prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
            .rows { "\($0.text(0)) on \($0.text(1))" }
        #expect(triggers == OutsideChanges.triggerNames.sorted().map { "\($0) on monster" })
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Bot-1", weapon: .fire)])
        #expect(try roster.store.monsterChangeCount() == 1)
    }

    @Test("an import, its undo and its redo make the triggers again exactly as the migrations made them")
    func triggersAsMigrated() throws {
        let roster = try ImportRoster()
        func triggerSQL() throws -> [String] {
            try roster.store.database.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name").rows { $0.text(0) }
        }
        let migrated = try triggerSQL()
        #expect(migrated.count == OutsideChanges.triggerNames.count)
        _ = try roster.importText(Self.file, mode: .replace)
        #expect(try triggerSQL() == migrated)
        _ = try roster.store.undo()
        _ = try roster.store.redo()
        #expect(try triggerSQL() == migrated)
    }

    @Test("a refused or dry-run import leaves the triggers in place")
    func failedImportKeepsTriggers() throws {
        let roster = try ImportRoster()
        _ = try? roster.importText("name,icon,weapon\nX-Bot,unknown.png,swrod\n", mode: .replace)
        _ = try roster.importBytes(Array("name,icon,weapon\nX-Bot,unknown.png,sword\n".utf8), mode: .replace, dryRun: true)
        #expect(try roster.store.database.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'monster'") == Int64(OutsideChanges.triggerNames.count))
        try otherProgram(roster, "UPDATE monster SET weapon = 'fire' WHERE id = 1")
        #expect(try roster.store.monsterChangeCount() == 1)
    }

    @Test("after VACUUM and a checkpoint by another program, the undo still works, and still refuses")
    func vacuumAndCheckpoint() throws {
        let roster = try ImportRoster()
        let start = try roster.export(.json)
        _ = try roster.importText(Self.file, mode: .replace)
        try otherProgram(roster, "PRAGMA wal_checkpoint(TRUNCATE); VACUUM")
        _ = try roster.store.undo()
        #expect(try roster.export(.json) == start)
        _ = try roster.store.redo()
        try otherProgram(roster, "VACUUM; UPDATE monster SET weapon = 'fire' WHERE id = 9; PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(refusal { _ = try roster.store.undo() }?.contains("Brand-New-Bot was changed by another program") == true)
    }

    @Test("an import whose kept roster another program dropped is refused in a sentence, not as a failed database")
    func snapshotDropped() throws {
        let roster = try ImportRoster()
        _ = try roster.importText(Self.file, mode: .replace)
        try otherProgram(roster, "DROP TABLE history_roster_1")
        #expect(refusal { _ = try roster.store.undo() }
                == "cannot undo #1 import input: the roster from before it is no longer in the file (another program removed its table); nothing was undone")
    }

    @Test("a file of schema 4 with an import in its history gains the count in one migration")
    func migrationFromSchema4() throws {
        let roster = try ImportRoster()
        _ = try roster.importText(Self.file, mode: .replace)
        // Back to schema 4, as a roster from before the count left it.
        try roster.store.database.execute("""
            \(OutsideChanges.dropTriggers)
            DROP TABLE monster_changes;
            ALTER TABLE history DROP COLUMN changes;
            ALTER TABLE history DROP COLUMN outside_changes;
            ALTER TABLE history DROP COLUMN outside_name;
            ALTER TABLE history DROP COLUMN outside_kind;
            DROP TABLE history_sequence;
            DROP TABLE monster_sequence;
            DROP INDEX monster_weapon;
            DROP INDEX monster_stale_key;
            DROP INDEX monster_height;
            DROP INDEX monster_origin;
            DROP INDEX monster_activated;
            ALTER TABLE monster DROP COLUMN keyed_name;
            ALTER TABLE history_roster_1 DROP COLUMN keyed_name;
            PRAGMA user_version = 4;
            """)
        let reopened = try SQLiteRosterStore.open(path: roster.path)
        #expect(try reopened.database.integer("PRAGMA user_version") == Int64(Schema.currentVersion))
        try otherProgram(roster, "UPDATE monster SET description = 'outside' WHERE id = 3")
        #expect(refusal { _ = try reopened.undo() }?.contains("Explode-Bot was changed by another program after the import") == true)
    }
}

/// A roster that can only be read cannot have its keys corrected: its
/// lookups compare names instead of trusting keys another program left.
@Suite("Lookups by name in a roster another program renamed, read-only")
struct ReadOnlyStaleKeyTests {
    @Test("each monster is found by its current name")
    func readOnlyLookup() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("PRAGMA busy_timeout = 5000; UPDATE monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE monster SET name = 'Cat-Bot' WHERE id = 2")
        let reader = try #require(try SQLiteRosterStore.openForReading(path: roster.path))
        #expect(try reader.find("Kitty-Bot")?.id == 1)
        #expect(try reader.find("Cat-Bot")?.id == 2)
        #expect(try reader.find("Dog-Bot") == nil)
        #expect(try reader.suggestName(for: "Kitty-Bo") == "Kitty-Bot")
    }
}
