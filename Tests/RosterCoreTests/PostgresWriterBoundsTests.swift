import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What a writer role (granted docs/sharing.md's recipe) cannot do since
/// schema 10, each the attacker's repro of stop 19 (issue 23: H3b, L13,
/// L14): hide its change by deleting the history entry it wrote with it,
/// blind roster to other sessions' writes through `unrecorded_write`,
/// break every later write by winding the history counter back; and what
/// a role with no grant at all cannot do: hold the write lock.
@Suite("A roster on PostgreSQL, against writer roles that hide their writes")
struct PostgresWriterBoundsTests {
    /// A database of its own holding the default roster, with the
    /// administrator's connection and the writer role "hider"'s (the
    /// caller closes both).
    private func rosterWithHider() throws -> (database: String, admin: PostgresConnection, hider: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        try admin.grantWriting(to: "hider")
        return (database, admin, try server.connection(as: "hider", database: database))
    }

    private func store(_ database: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
    }

    private func outsideWrites(_ admin: PostgresConnection) throws -> String? {
        try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue
    }

    /// The ids `--where name=NAME` picks.
    private func named(_ name: String, in roster: PostgresRosterStore) throws -> [Int64] {
        try roster.monsterIDs(matching: MonsterQuery(conditions: try QueryParser.conditions(["name=\(name)"])))
    }

    /// Cat-Bot (1) and Fire-Bot (4) swapped between an entry written and
    /// `hiding`, in one transaction.
    private func swapHidden(_ hider: PostgresConnection, before: String = "", hiding: String) throws {
        try hider.simpleQuery("""
            BEGIN; \(before)
            INSERT INTO roster.history (client, surface, command, summary, kind) VALUES ('x', 'command line', 'edit', 'x', 'rows');
            UPDATE roster.monster SET name = CASE id WHEN 1 THEN 'Fire-Bot' ELSE 'Cat-Bot' END WHERE id IN (1, 4);
            \(hiding);
            COMMIT
            """)
    }

    @Test("an entry written, two names swapped, the entry deleted or renumbered in one transaction: counted, and --where name= finds the monster so named",
          arguments: [("", "DELETE FROM roster.history WHERE client = 'x'"),
                      ("SET CONSTRAINTS ALL IMMEDIATE;", "DELETE FROM roster.history WHERE client = 'x'"),
                      ("", "UPDATE roster.history SET id = -1 WHERE client = 'x'")])
    func entryHidden(before: String, hiding: String) throws {
        let (database, admin, hider) = try rosterWithHider()
        defer {
            admin.close()
            hider.close()
        }
        let roster = try store(database)
        #expect(try named("Cat-Bot", in: roster) == [1])
        let counted = try outsideWrites(admin)
        try swapHidden(hider, before: before, hiding: hiding)
        #expect(try outsideWrites(admin) != counted, "the hidden swap was not counted as an outside write")
        #expect(try named("Cat-Bot", in: roster) == [4])
        #expect(try named("Fire-Bot", in: roster) == [1])
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "0")
    }

    @Test("a writer can plant no row in unrecorded_write nor touch one, so another session's write is still counted, and the table stays empty")
    func bookkeepingShut() throws {
        let (database, admin, hider) = try rosterWithHider()
        defer {
            admin.close()
            hider.close()
        }
        let roster = try store(database)
        #expect(try named("Dog-Bot", in: roster) == [2])
        // The attacker's repro: future transaction ids, planted.
        #expect(throws: PostgresError.self) {
            try hider.simpleQuery("""
                BEGIN; INSERT INTO roster.unrecorded_write SELECT -g FROM generate_series(1, 2000) g;
                UPDATE roster.unrecorded_write SET xact = -xact + txid_current(); COMMIT
                """)
        }
        try hider.simpleQuery("ROLLBACK")
        #expect(throws: PostgresError.self) {
            try hider.simpleQuery("INSERT INTO roster.unrecorded_write SELECT txid_current() + g FROM generate_series(1, 100) g")
        }
        // A row the table's owner wrote (here with the triggers off, so that
        // it stays): the writer can neither see it nor delete it.
        try admin.simpleQuery("""
            BEGIN; SET LOCAL session_replication_role = replica;
            INSERT INTO roster.unrecorded_write VALUES (txid_current() + 1000000); COMMIT
            """)
        #expect(try hider.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "0")
        #expect(try hider.query("WITH gone AS (DELETE FROM roster.unrecorded_write RETURNING 1) SELECT count(*) FROM gone").firstValue == "0")
        #expect(try hider.query("WITH moved AS (UPDATE roster.unrecorded_write SET xact = 0 RETURNING 1) SELECT count(*) FROM moved").firstValue == "0")
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "1")
        try admin.simpleQuery("DELETE FROM roster.unrecorded_write")

        let counted = try outsideWrites(admin)
        try admin.simpleQuery("UPDATE roster.monster SET name = CASE id WHEN 2 THEN 'Explode-Bot' ELSE 'Dog-Bot' END WHERE id IN (2, 3)")
        #expect(try outsideWrites(admin) != counted, "another session's swap was not counted")
        #expect(try named("Dog-Bot", in: roster) == [3])
        // A writer's transactions that roll back, or commit, leave no row behind.
        try hider.simpleQuery("BEGIN; UPDATE roster.monster SET description = 'x' WHERE id = 5; ROLLBACK")
        try hider.simpleQuery("UPDATE roster.monster SET description = 'y' WHERE id = 5")
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "0")
    }

    @Test("a history counter wound back by a writer: the next write takes the next id nobody has, not a raw duplicate key")
    func counterWoundBack() throws {
        let (database, admin, hider) = try rosterWithHider()
        defer {
            admin.close()
            hider.close()
        }
        let roster = try store(database)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let before = try admin.query("SELECT max(id), count(*) FROM roster.history").rows
        let newest = try #require(Int(before.first?[0] ?? ""))
        let entries = try #require(Int(before.first?[1] ?? ""))
        try hider.simpleQuery("UPDATE roster.history_counter SET last_id = last_id - 2")
        _ = try roster.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(try admin.query("SELECT max(id), count(*) FROM roster.history").rows == [[String(newest + 1), String(entries + 1)]])
        #expect(try roster.undo().sentences == ["undid set-weapon Ice-Bot: Fire → Sword"])
    }

    @Test("a role that may only connect cannot hold the write lock, nor block a write with roster's old advisory lock; a reader cannot take it either")
    func lockNeedsGrant() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.makeLoginRole("passerby")
        try admin.grantReading(to: "onlooker")
        let passerby = try server.connection(as: "passerby", database: database)
        let onlooker = try server.connection(as: "onlooker", database: database)
        defer {
            passerby.close()
            onlooker.close()
        }
        try passerby.simpleQuery("SELECT pg_advisory_lock(\(PostgresSchema.LockKey.space), 1)")
        #expect(throws: PostgresError.self) { try passerby.simpleQuery("BEGIN; \(PostgresSchema.writeLock)") }
        try passerby.simpleQuery("ROLLBACK")
        #expect(throws: PostgresError.self) { try onlooker.simpleQuery("BEGIN; \(PostgresSchema.writeLock)") }
        try onlooker.simpleQuery("ROLLBACK")
        // A reader's open transaction that read the counter does not hold writers up.
        try onlooker.simpleQuery("BEGIN; SELECT last_id FROM roster.history_counter")

        let roster = try store(database)
        try roster.setBusyTimeout(milliseconds: 500)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try roster.find("Cat-Bot")?.weapon.type == .fire)
        try onlooker.simpleQuery("COMMIT")
    }
}
