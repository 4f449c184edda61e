import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What a hostile role on the same server can send an open roster: any
/// role may NOTIFY the channel roster listens on, with any payload, as
/// often as it likes. None of it may stop roster or make it grow.
@Suite("A PostgreSQL roster against hostile input")
struct PostgresHostileInputTests {
    private func store(_ database: String, as person: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: person), environment: [:])
    }

    /// Reads the counter until it differs from `start` (notifications
    /// arrive on their own time), for at most two seconds.
    private func counter(of store: PostgresRosterStore, movedFrom start: Int64) throws -> Int64 {
        let deadline = Date().addingTimeInterval(2)
        var now = try store.changeCounter()
        while now == start, Date() < deadline {
            usleep(20_000)
            now = try store.changeCounter()
        }
        return now
    }

    @Test("a payload of the largest history id, then another, traps nothing and moves nothing; a change after them does")
    func largestPayload() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let watching = try store(database, as: "watcher")
        let start = try watching.changeCounter()
        let mallory = try server.adminConnection(database: database)
        defer { mallory.close() }
        // A notification is a hint to look: the data shows no change.
        try mallory.simpleQuery("NOTIFY roster, '9223372036854775807'")
        #expect(try counter(of: watching, movedFrom: start) == start)
        try mallory.simpleQuery("NOTIFY roster, '1'")
        #expect(try counter(of: watching, movedFrom: start) == start)
        try mallory.simpleQuery("UPDATE roster.monster SET description = 'x' WHERE id = 1")
        #expect(try counter(of: watching, movedFrom: start) != start)
    }

    @Test("a history row with the largest id, then an outside change, moves the change counter without trapping")
    func largestHistoryID() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
            VALUES (9223372036854775807, 'mallory', 'command line', 'edit', 'planted', 'rows')
            """)
        let watching = try store(database, as: "watcher")
        let start = try watching.changeCounter()
        #expect(start == Int64.max)
        try admin.simpleQuery("UPDATE roster.monster SET description = 'planted' WHERE id = 1")
        #expect(try counter(of: watching, movedFrom: start) != start)
    }

    @Test("an empty schema roster that another role owns is refused in one sentence (77) and left untouched")
    func schemaOwnedByAnother() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            DO $$ BEGIN
              IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mallory') THEN CREATE ROLE mallory LOGIN; END IF;
              IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') THEN CREATE ROLE alice LOGIN; END IF;
            END $$;
            GRANT CREATE ON DATABASE \(database) TO mallory, alice;
            CREATE SCHEMA roster AUTHORIZATION mallory;
            GRANT USAGE, CREATE ON SCHEMA roster TO alice;
            """)
        // A superuser too: it may do anything, but mallory could still
        // drop what it made in her schema.
        for user in ["alice", "postgres"] {
            #expect {
                let store = try PostgresRosterStore.open(uri: server.uri(database: database, user: user), environment: [:])
                _ = try store.monsters(matching: MonsterQuery())
            } throws: { error in
                guard case RosterError.notPermitted(let sentence) = error else { return false }
                return sentence.contains("belongs to the role `mallory`") && sentence.contains("leaves it untouched")
            }
        }
        #expect(try admin.query("SELECT count(*) FROM pg_class WHERE relnamespace = 'roster'::regnamespace").firstValue == "0")

        // A schema owned by a role alice is a member of is hers to use.
        try admin.simpleQuery("GRANT mallory TO alice")
        defer { _ = try? admin.simpleQuery("REVOKE mallory FROM alice") }
        let opened = try PostgresRosterStore.open(uri: server.uri(database: database, user: "alice"), environment: [:])
        #expect(try opened.monsters(matching: MonsterQuery()).count == 6)
    }

    @Test("a database's search_path and isolation do not reach roster's statements: a function planted in public is never run, writes run READ COMMITTED")
    func pinnedSettings() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            ALTER DATABASE \(database) SET search_path = public, pg_catalog;
            ALTER DATABASE \(database) SET default_transaction_isolation = 'serializable';
            CREATE FUNCTION public.set_config(text, text, boolean) RETURNS text LANGUAGE plpgsql AS
              $$ BEGIN RAISE EXCEPTION 'public.set_config ran as %', current_user; END $$;
            """)
        let store = try store(database, as: "alice")
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try store.connection.query("SHOW search_path").firstValue == "pg_catalog, pg_temp")
        #expect(try store.connection.query("SHOW transaction_isolation").firstValue == "read committed")
    }

    @Test("a read waits for a table lock no longer than the busy limit, then says the roster is busy")
    func readWaitsOnlyTheBusyLimit() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let store = try store(database, as: "alice")
        _ = try store.monsters(matching: MonsterQuery())
        try store.setBusyTimeout(milliseconds: 300)
        let holder = try server.adminConnection(database: database)
        defer { holder.close() }
        try holder.simpleQuery("BEGIN; LOCK TABLE roster.monster IN ACCESS EXCLUSIVE MODE")
        let started = Date()
        #expect {
            try store.monsters(matching: MonsterQuery())
        } throws: { error in
            guard case RosterError.busy = error else { return false }
            return true
        }
        #expect(Date().timeIntervalSince(started) < 3)
        try holder.simpleQuery("ROLLBACK")
    }

    @Test("monster ids run out (an import gave the largest): add says so in one sentence, not the server's nextval message")
    func idsRunOut() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("SELECT setval('roster.monster_id', 9223372036854775807)")
        let store = try store(database, as: "alice")
        #expect {
            try store.add(Monster(id: 0, name: "Late-Bot", description: "", icon: Monster.defaultIcon,
                                  nameColor: .default, weapon: Weapon(.fire)), dryRun: false)
        } throws: { error in
            "\(error)".contains("has no monster id left to give") && !"\(error)".contains("nextval")
        }
    }
}
