import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// Schema 13 names who made the latest write without roster: the role
/// that logged in (the server's word) and the program it said it was
/// (its own). A roster at schema 12, upgraded by its owner, keeps every
/// role of docs/sharing.md working, before and after.
@Suite("Who changed a PostgreSQL roster without roster")
struct PostgresOutsideWriterTests {
    /// A store for `user`, as the interface opens one.
    private func store(_ database: String, user: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "watcher"),
                                     environment: [:])
    }

    /// `store`'s change counter once it has moved from `before`, or nil
    /// when it had not after two seconds.
    private func moved(_ store: PostgresRosterStore, from before: Int64) throws -> Int64? {
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let now = try store.changeCounter()
            if now != before { return now }
            usleep(5_000)
        }
        return nil
    }

    /// Runs `sql` as the login role `role`, whose session calls itself `program`.
    private func write(_ sql: String, as role: String, program: String, _ database: String) throws {
        let connection = try PostgresTestServer.shared().connection(as: role, database: database)
        defer { connection.close() }
        try connection.simpleQuery("SET application_name = '\(program)'; \(sql)")
    }

    @Test("schema 12 upgraded to 13: a reader that may not upgrade hears an outside write unnamed on 12; after the owner's upgrade a writer's psql change is named by role and program, and the schema is a new roster's")
    func twelveToThirteen() throws {
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 12)
        defer { admin.close() }
        try admin.grantWriting(to: "alice")
        try admin.grantReading(to: "ci_reader")

        // Schema 12: the reader cannot upgrade it, and still hears the change, unnamed.
        let reader = try store(database, user: "ci_reader")
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "12")
        let first = try reader.changeCounter()
        try write("UPDATE roster.monster SET weapon = 'fire' WHERE id = 1", as: "alice", program: "psql", database)
        #expect(try moved(reader, from: first) != nil)
        #expect(reader.outsideWriter == nil)

        // The owner's roster upgrades it.
        let watcher = try store(database, user: "postgres")
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        let fresh = try PostgresTestServer.shared().adminConnection(database: try PostgresTestServer.shared().makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))

        let before = try watcher.changeCounter()
        try write("UPDATE roster.monster SET weapon = 'smoke' WHERE id = 2", as: "alice", program: "psql", database)
        let after = try #require(try moved(watcher, from: before), "the outside write is heard")
        #expect(watcher.outsideWriter == OutsideWriter(role: "alice", program: "psql"))
        #expect(watcher.outsideWriter?.described == "another program (`psql`, logged in as alice)")
        #expect(try admin.query("SELECT outside_writer, outside_program FROM roster.roster_schema").rows == [["alice", "psql"]])

        // A NOTIFY names nobody: any role may send one, and nothing moved.
        try write("NOTIFY roster, 'outside'", as: "ci_reader", program: "forger", database)
        #expect(try moved(watcher, from: after) == nil)
        #expect(watcher.outsideWriter == OutsideWriter(role: "alice", program: "psql"))

        // A session acting as another role (SET ROLE), under roster's own
        // name, is still the role that logged in.
        try admin.grantWriting(to: "bob")
        try admin.simpleQuery("GRANT bob TO alice")
        try write("SET ROLE bob; DELETE FROM roster.monster WHERE id = 6", as: "alice", program: "roster", database)
        _ = try #require(try moved(watcher, from: after), "the second outside write is heard")
        #expect(watcher.outsideWriter == OutsideWriter(role: "alice", program: "roster"))

        // A writer granted UPDATE on the marker cannot name someone else.
        try write("UPDATE roster.roster_schema SET outside_writer = 'bob', outside_program = 'roster'",
                  as: "alice", program: "psql", database)
        #expect(try admin.query("SELECT outside_writer, outside_program FROM roster.roster_schema").rows == [["alice", "roster"]])

        // roster's own writes name no outside writer; the reader still reads on 13.
        let writer = try store(database, user: "alice")
        _ = try writer.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue == "3")
        #expect(try reader.find("Ice-Bot")?.weapon.type == .sword)
    }

    @Test("a writer cannot name someone else or hide its write: a marker row inserted again starts unstamped, the count never goes back; roster's own derivation of keys another program left stale names nobody")
    func stampKeptTrue() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWriting(to: "alice")
        try admin.grantWriting(to: "bob")
        let stamp = "SELECT outside_writes, outside_writer, outside_program FROM roster.roster_schema"

        try write("UPDATE roster.monster SET weapon = 'smoke' WHERE id = 2", as: "alice", program: "psql", database)
        let stamped = try admin.query(stamp).rows
        #expect(stamped.first?[1] == "alice" && stamped.first?[2] == "psql")

        // The count wound back stays where it was, and so does the stamp.
        try write("UPDATE roster.roster_schema SET outside_writes = outside_writes - 1", as: "alice", program: "psql", database)
        #expect(try admin.query(stamp).rows == stamped)

        // The marker deleted and inserted again with a stamp of its choosing starts unstamped.
        try write("""
            BEGIN;
            CREATE TEMPORARY TABLE marker AS SELECT * FROM roster.roster_schema;
            UPDATE marker SET outside_writer = 'roster_owner', outside_program = 'roster';
            DELETE FROM roster.roster_schema;
            INSERT INTO roster.roster_schema SELECT * FROM marker;
            COMMIT;
            """, as: "alice", program: "psql", database)
        #expect(try admin.query("SELECT outside_writer, outside_program FROM roster.roster_schema").rows == [[nil, nil]])

        // alice renames a monster without roster; bob's roster, looking it
        // up, derives its key again: that write is counted, and names nobody.
        try write("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1", as: "alice", program: "psql", database)
        #expect(try admin.query("SELECT outside_writer FROM roster.roster_schema").firstValue == "alice")
        let before = try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue
        let bob = try store(database, user: "bob")
        #expect(try bob.find("Kitty-Bot")?.id == 1)
        #expect(try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue != before, "the derivation counts")
        #expect(try admin.query("SELECT outside_writer, outside_program FROM roster.roster_schema").rows == [[nil, nil]])
    }

    @Test("a program's own name is quoted and its control characters made visible; an empty one is left out")
    func describedSafely() {
        #expect(OutsideWriter(role: "alice", program: "").described == "another program (logged in as alice)")
        #expect(OutsideWriter(role: "alice", program: "x`) changed\u{1B}[2J").described
                == "another program (``x`) changed\\e[2J``, logged in as alice)")
    }
}
