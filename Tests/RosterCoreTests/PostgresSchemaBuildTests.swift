import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// The first build of roster's schema is one transaction, told only once
/// it committed, and never made in a schema another role may create in
/// (issue 23, N4 of stop 19): such a role could plant a function of the
/// name roster's schema uses, leaving a half-made roster that every later
/// run refused.
@Suite("Building roster's schema on PostgreSQL")
struct PostgresSchemaBuildTests {
    @Test("a schema roster in which another role may create is refused in one sentence (77) and left untouched")
    func othersMayCreate() throws {
        let server = try PostgresTestServer.shared()
        for grantee in ["bob", "PUBLIC"] {
            let database = try server.makeDatabase(schema: false)
            let admin = try server.adminConnection(database: database)
            defer { admin.close() }
            try admin.simpleQuery("""
                DO $$ BEGIN
                  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bob') THEN CREATE ROLE bob LOGIN; END IF;
                END $$;
                CREATE SCHEMA roster;
                GRANT USAGE, CREATE ON SCHEMA roster TO \(grantee);
                SET ROLE bob;
                CREATE FUNCTION roster.announce_outside_change() RETURNS trigger LANGUAGE plpgsql AS 'begin return null; end';
                RESET ROLE;
                """)
            var told: [String] = []
            #expect {
                let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:]) { told.append($0) }
                _ = try store.monsters(matching: MonsterQuery())
            } throws: { error in
                guard case RosterError.notPermitted(let sentence) = error else { return false }
                return sentence.contains("lets the role \(grantee == "bob" ? "`bob`" : "`PUBLIC`") create in it") && sentence.contains("leaves it untouched")
            }
            #expect(told.isEmpty)
            #expect(try admin.query("SELECT count(*) FROM pg_class WHERE relnamespace = 'roster'::regnamespace").firstValue == "0")
            #expect(try admin.query("SELECT count(*) FROM pg_proc WHERE pronamespace = 'roster'::regnamespace").firstValue == "1")
        }
    }

    @Test("a first build that fails part way leaves no half-made roster and says nothing of a new one")
    func firstBuildIsOneTransaction() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        // Planted by the schema's owner itself, which the refusal lets
        // through: version 2's function then clashes with it.
        try admin.simpleQuery("""
            CREATE SCHEMA roster;
            CREATE FUNCTION roster.announce_outside_change() RETURNS trigger LANGUAGE plpgsql AS 'begin return null; end';
            """)
        var told: [String] = []
        #expect(throws: RosterError.self) {
            let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:]) { told.append($0) }
            _ = try store.monsters(matching: MonsterQuery())
        }
        #expect(told.isEmpty)
        #expect(try admin.query("SELECT count(*) FROM pg_class WHERE relnamespace = 'roster'::regnamespace").firstValue == "0")

        // Once the clash is gone, the roster is made whole, and told once.
        try admin.simpleQuery("DROP FUNCTION roster.announce_outside_change()")
        let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:]) { told.append($0) }
        #expect(try store.monsters(matching: MonsterQuery()).count == 6)
        #expect(told.count == 1 && told[0].hasPrefix("made a new roster"))
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
    }
}
