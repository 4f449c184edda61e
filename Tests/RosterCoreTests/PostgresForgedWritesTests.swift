import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A writer role in psql that claims to be roster (`SET LOCAL
/// roster.writing = 'on'`, which any session may set) is told from roster
/// by what it did, not by what it said (schema 8): its change is counted
/// and announced as another program's, a history entry it forges names
/// the role that wrote it, and it cannot drop or switch off the triggers.
@Suite("A roster on PostgreSQL, written by a role that claims to be roster")
struct PostgresForgedWritesTests {
    private func store(_ database: String, as person: String = "tester-a", user: String = "postgres") throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: person),
                                     environment: [:])
    }

    /// A login role granted what docs/sharing.md lists for writing.
    private func writer(_ role: String, database: String) throws -> PostgresConnection {
        let server = try PostgresTestServer.shared()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWriting(to: role)
        return try server.connection(as: role, database: database)
    }

    /// A database of its own holding the default roster, with the
    /// administrator's connection and the writer role "forger"'s (the
    /// caller closes both).
    private func rosterWithForger() throws -> (database: String, admin: PostgresConnection, forger: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        return (database, try server.adminConnection(database: database), try writer("forger", database: database))
    }

    /// Runs `sql` in one transaction that says it is roster's.
    private func claimingToBeRoster(_ connection: PostgresConnection, _ sql: String) throws {
        try connection.simpleQuery("BEGIN; SET LOCAL roster.writing = 'on'; \(sql); COMMIT")
    }

    private func outsideWrites(_ admin: PostgresConnection) throws -> String? {
        try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue
    }

    @Test("two names swapped under a forged roster.writing are counted, told to an open roster, and --where name= then finds the monster so named")
    func forgedSwap() throws {
        let (database, admin, forger) = try rosterWithForger()
        defer {
            admin.close()
            forger.close()
        }
        let roster = try store(database)
        let watching = try store(database, as: "tester-b")
        let before = try watching.changeCounter()
        let counted = try outsideWrites(admin)
        try claimingToBeRoster(forger, "UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE roster.monster SET name = 'Cat-Bot' WHERE id = 2")
        #expect(try outsideWrites(admin) != counted, "the forged swap was not counted as an outside write")
        let deadline = Date().addingTimeInterval(2)
        var now = try watching.changeCounter()
        while now == before, Date() < deadline {
            usleep(5_000)
            now = try watching.changeCounter()
        }
        #expect(now != before, "an open roster was not told of the forged swap")
        let changes = try roster.setWeapon(.fire, matching: MonsterQuery(conditions: try QueryParser.conditions(["name=cat-bot"])),
                                           dryRun: false, expecting: nil)
        #expect(changes.map(\.monster.id) == [2])
        #expect(try admin.query("SELECT id, name, weapon FROM roster.monster WHERE id IN (1, 2) ORDER BY id").rows
                == [["1", "Kitty-Bot", "sword"], ["2", "Cat-Bot", "fire"]])
        // Its own re-derivation of the keys counted itself: the keys stay checked.
        #expect(try admin.query(PostgresSchema.nameKeysChecked, [String(NameFolding.revision)]).firstValue == "t")
        let ids = try roster.monsterIDs(matching: MonsterQuery(conditions: try QueryParser.conditions(["name=kitty-bot"])))
        #expect(ids == [1])
        #expect(try admin.query(PostgresSchema.nameKeysChecked, [String(NameFolding.revision)]).firstValue == "t")
    }

    @Test("roster's own writes are not counted as outside writes, in either order of entry and change")
    func ownWritesNotCounted() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let counted = try outsideWrites(admin)
        // A weapon unchanged: the one-trip write's UPDATE changes no row.
        _ = try store(database).setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        #expect(try outsideWrites(admin) == counted)
        let roster = try store(database)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke), WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)])
        _ = try roster.edit("Dog-Bot", MonsterChanges(description: "WOOF"))
        _ = try roster.remove(["Ice-Bot"])
        _ = try roster.undo(1, dryRun: false)
        #expect(try outsideWrites(admin) == counted)
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "0")
    }

    @Test("an import is not undone over a change made since under a forged roster.writing, nor over a plain one")
    func importUndoRefused() throws {
        let (database, admin, forger) = try rosterWithForger()
        defer {
            admin.close()
            forger.close()
        }
        let roster = try store(database)
        func importOne(_ name: String) throws {
            _ = try roster.importMonsters(from: MonsterReader(input: ChunkedInput(bytes: Array("name,weapon\n\(name),sword\n".utf8), name: "new.csv"),
                                                              format: .csv, raw: false), mode: .insert)
        }
        func refusedUndo() -> Bool {
            do {
                _ = try roster.undo(1, dryRun: false)
                return false
            } catch RosterError.historyRefused(let sentence, _) {
                return sentence.contains("changed since by another program")
            } catch {
                return false
            }
        }
        try importOne("New-Bot")
        try claimingToBeRoster(forger, "UPDATE roster.monster SET description = 'forged' WHERE id = 3")
        #expect(refusedUndo(), "undo of the import wiped a change made since")
        #expect(try admin.query("SELECT description FROM roster.monster WHERE id = 3").firstValue == "forged")
        try importOne("Newer-Bot")
        try admin.simpleQuery("UPDATE roster.monster SET description = 'plain' WHERE id = 3")
        #expect(refusedUndo())
        #expect(try admin.query("SELECT description FROM roster.monster WHERE id = 3").firstValue == "plain")
        // Nobody changed it since: undone as before.
        try importOne("Newest-Bot")
        _ = try roster.undo(1, dryRun: false)
        #expect(try roster.find("Newest-Bot") == nil)
    }

    @Test("a history entry a writer forges names the role that wrote it, on insert and on every later update")
    func forgedEntryAttributed() throws {
        let (database, admin, forger) = try rosterWithForger()
        defer {
            admin.close()
            forger.close()
        }
        _ = try store(database).setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try forger.simpleQuery("""
            INSERT INTO roster.history (client, surface, command, summary, kind, database_user, xact)
            VALUES ('tester-a', 'command line', 'set-weapon', 'Dog-Bot: Blowgun → Fire', 'rows', 'postgres', 1)
            """)
        #expect(try admin.query("SELECT database_user, xact = 1 FROM roster.history WHERE id = 2").rows == [["forger", "f"]])
        try forger.simpleQuery("UPDATE roster.history SET database_user = 'forger', xact = 1 WHERE id = 1")
        try forger.simpleQuery("UPDATE roster.history SET database_user = 'postgres' WHERE id = 2")
        #expect(try admin.query("SELECT database_user, xact = 1 FROM roster.history ORDER BY id").rows
                == [["postgres", "f"], ["forger", "f"]])
        let author = try store(database).history(touching: nil, limit: nil).first?.author
        #expect(author == "forger on tester-a")
    }

    @Test("a writer role can neither drop, replace nor switch off the triggers that tell its writes")
    func triggersHeld() throws {
        let (_, admin, forger) = try rosterWithForger()
        defer {
            admin.close()
            forger.close()
        }
        let attempts = [
            "DROP TRIGGER monster_changed_outside ON roster.monster",
            "DROP TRIGGER unrecorded_write_counted ON roster.unrecorded_write",
            "DROP TRIGGER history_author_stamped ON roster.history",
            "ALTER TABLE roster.monster DISABLE TRIGGER ALL",
            "ALTER TABLE roster.unrecorded_write DISABLE TRIGGER USER",
            "DROP FUNCTION roster.count_unrecorded_write() CASCADE",
            "DROP FUNCTION roster.note_unrecorded_write() CASCADE",
            "DROP FUNCTION roster.history_written_here() CASCADE",
            "DROP FUNCTION roster.stamp_history_author() CASCADE",
            "CREATE OR REPLACE FUNCTION roster.history_written_here() RETURNS boolean LANGUAGE sql AS 'SELECT true'",
            "SET session_replication_role = replica",
        ]
        for attempt in attempts {
            #expect(throws: PostgresError.self, "\(attempt)") { try forger.simpleQuery(attempt) }
        }
        #expect(try admin.query("""
            SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'O'
              AND tgname IN ('monster_changed_outside', 'unrecorded_write_counted', 'history_author_stamped', 'history_author_kept')
            """).firstValue == "4")
    }
}
