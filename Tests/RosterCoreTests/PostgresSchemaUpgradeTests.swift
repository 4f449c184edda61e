import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A roster made by an older roster, holding data, upgraded on opening:
/// it keeps every monster and history entry, and ends with exactly the
/// schema a new roster gets (tables, columns, defaults, constraints,
/// indexes, triggers, functions and who may use them, compared as the
/// server prints them).
@Suite("A roster on PostgreSQL upgraded from an older schema")
struct PostgresSchemaUpgradeTests {
    /// A database with roster's schema as the shipped migrations up to
    /// `version` make it, and the default roster.
    static func roster(atVersion version: Int32) throws -> (database: String, admin: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        for migration in PostgresSchema.migrations where migration.version <= version {
            try admin.simpleQuery(migration.sql)
            if migration.version == 1 { try admin.execute([try PostgresSchema.seedDefaultRoster()]) }
        }
        try admin.query("UPDATE roster.roster_schema SET version = $1", [String(version)])
        try admin.query(PostgresRosterStore.noteNameKeysChecked, [String(NameFolding.revision)])
        return (database, admin)
    }

    @Test("schema 7 with changes, an added monster and an outside write is upgraded to the newest, keeps them all, and matches a new roster's schema")
    func sevenToEight() throws {
        let (database, admin) = try Self.roster(atVersion: 7)
        defer { admin.close() }
        // What roster 7 wrote: a change and its history in one transaction
        // that said it was roster's; then a monster added the same way, and
        // a write of another program's.
        try admin.simpleQuery("""
            BEGIN; SET LOCAL roster.writing = 'on';
            UPDATE roster.monster SET weapon = 'fire' WHERE id = 1;
            INSERT INTO roster.history (client, surface, command, summary, kind)
                VALUES ('tester-a', 'command line', 'set-weapon', 'Cat-Bot: Sword → Fire', 'rows');
            INSERT INTO roster.history_row
                SELECT (SELECT last_id FROM roster.history_counter), 0, id, true, true,
                    name, description, icon, name_color, 'sword', height, origin, activated,
                    name, description, icon, name_color, weapon, height, origin, activated
                FROM roster.monster WHERE id = 1;
            INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('Old-Bot', 'old-bot', 'meetcatbot.png', 'smoke');
            COMMIT;
            UPDATE roster.monster SET description = 'from psql' WHERE id = 2;
            """)
        #expect(try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue == "1")
        let monsters = "SELECT \(PostgresMonsterTable.columns), name_key FROM roster.monster ORDER BY id"
        let history = "SELECT id, at, database_user, client, surface, command, summary, kind, undone FROM roster.history ORDER BY id"
        let rows = "SELECT * FROM roster.history_row ORDER BY change, position"
        let before = (try admin.query(monsters).rows, try admin.query(history).rows, try admin.query(rows).rows)

        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"),
                                                  environment: [:])
        #expect(try admin.query("SELECT version, outside_writes FROM roster.roster_schema").rows == [[String(PostgresSchema.currentVersion), "1"]])
        #expect(try admin.query(monsters).rows == before.0)
        #expect(try admin.query(history).rows == before.1)
        #expect(try admin.query(rows).rows == before.2)
        #expect(try admin.query("SELECT xact, outside_writes FROM roster.history").rows == [[nil, nil]])

        let fresh = try PostgresTestServer.shared().adminConnection(database: try PostgresTestServer.shared().makeDatabase())
        defer { fresh.close() }
        let upgraded = try admin.rosterSchemaShape()
        #expect(upgraded == (try fresh.rosterSchemaShape()))
        #expect(upgraded.contains { $0[0] == "trigger" && $0[1] == "unrecorded_write_counted" })

        // The change roster 7 recorded is undone by the upgraded roster; the
        // entry that undoes it is stamped with its transaction and the count.
        _ = try roster.undo(1, dryRun: false)
        #expect(try admin.query("SELECT weapon FROM roster.monster WHERE id = 1").firstValue == "sword")
        #expect(try admin.query("SELECT command, xact IS NOT NULL, outside_writes FROM roster.history WHERE id = 2").rows
                == [["undo", "t", "1"]])
        #expect(try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue == "1")
    }

    @Test("schema 9 with rows a writer planted in unrecorded_write and a counter wound back is upgraded: the rows go, the next id is free, the schema is a new roster's")
    func nineToTen() throws {
        let (database, admin) = try Self.roster(atVersion: 9)
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (client, surface, command, summary, kind) VALUES ('tester-a', 'command line', 'edit', 'x', 'rows');
            UPDATE roster.history_counter SET last_id = 0;
            INSERT INTO roster.unrecorded_write SELECT -g FROM generate_series(1, 50) g;
            UPDATE roster.unrecorded_write SET xact = -xact + txid_current()
            """)
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "50")
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"),
                                                  environment: [:])
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        #expect(try admin.query("SELECT count(*) FROM roster.unrecorded_write").firstValue == "0")
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try admin.query("SELECT id FROM roster.history ORDER BY id").rows == [["1"], ["2"]])
        let fresh = try PostgresTestServer.shared().adminConnection(database: try PostgresTestServer.shared().makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))
    }

    @Test("schema 10 is upgraded to 11 counting no outside write: keys checked since the last outside write are taken as derived from their names, the others derived again before a lookup")
    func tenToEleven() throws {
        func open(_ database: String) throws -> PostgresRosterStore {
            try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        }
        func stale(_ admin: PostgresConnection) throws -> String? {
            try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue
        }
        let (checked, admin) = try Self.roster(atVersion: 10)
        defer { admin.close() }
        let outside = try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue
        _ = try open(checked)
        #expect(try admin.query("SELECT version, outside_writes FROM roster.roster_schema").rows == [[String(PostgresSchema.currentVersion), outside]])
        #expect(try stale(admin) == "0")

        let (renamed, other) = try Self.roster(atVersion: 10)
        defer { other.close() }
        try other.simpleQuery("UPDATE roster.monster SET name = 'Wuf-Bot' WHERE id = 2")
        let roster = try open(renamed)
        #expect(try stale(other) == "6")
        #expect(try roster.find("wuf-bot")?.id == 2)
        #expect(try stale(other) == "0")
        #expect(try other.rosterSchemaShape() == (try admin.rosterSchemaShape()))
    }

    @Test("schema 10 whose writer set keys_checked after a rename is upgraded trusting only the keys SQL can check: the renamed monster is found by its name")
    func tenToElevenForgedCount() throws {
        let (database, admin) = try Self.roster(atVersion: 10)
        defer { admin.close() }
        try admin.simpleQuery("UPDATE roster.monster SET name = '\u{FF23}\u{FF21}\u{FF34}-bot' WHERE id = 2")
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Wuf-Bot' WHERE id = 4")
        try admin.simpleQuery("UPDATE roster.roster_schema SET keys_checked = outside_writes")
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        #expect(try admin.query("SELECT id FROM roster.monster WHERE keyed_name IS DISTINCT FROM name ORDER BY id").rows == [["2"], ["4"]])
        #expect { try roster.find("CAT-BOT") } throws: { error in
            guard case RosterError.namesReadAlike = error else { return false }
            return true
        }
        #expect(try roster.find("wuf-bot")?.id == 4)
    }

    @Test("schema 11 holding an id psql wrote past the sequence is upgraded: the sequence goes past it, a key then rewritten alone is marked, the schema is a new roster's")
    func elevenToTwelve() throws {
        let (database, admin) = try Self.roster(atVersion: 11)
        defer { admin.close() }
        try admin.simpleQuery("INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (20, 'Zz-Bot', 'uuid-20', 'meetcatbot.png', 'fire')")
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        let added = try roster.add(Monster(id: 0, name: "New-Bot", description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire)))
        #expect(added.id == 21)
        try admin.simpleQuery("UPDATE roster.monster SET name_key = 'new-bot-x' WHERE id = 21")
        #expect(try admin.query("SELECT keyed_name FROM roster.monster WHERE id = 21").rows == [[nil]])
        let fresh = try PostgresTestServer.shared().adminConnection(database: try PostgresTestServer.shared().makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))
    }

    @Test("schema 13, whose writer was granted the marker's whole row, is upgraded by its owner: the marker is then refused to that writer, whose writes still count, and a role that may only connect no longer holds up its inserts past the id sequence")
    func thirteenToNewest() throws {
        let (database, admin) = try Self.roster(atVersion: 13)
        defer { admin.close() }
        try admin.grantWritingEveryTable(to: "alice")
        try admin.grantReading(to: "ci_reader")
        try admin.makeLoginRole("conn")
        let server = try PostgresTestServer.shared()
        let conn = try server.connection(as: "conn", database: database)
        defer { conn.close() }
        try conn.simpleQuery("SELECT pg_advisory_lock(\(PostgresSchema.LockKey.space), \(PostgresSchema.LockKey.outsideIDs))")

        _ = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "tester-a"), environment: [:]).count()
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        let fresh = try server.adminConnection(database: try server.makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))

        let alice = try server.connection(as: "alice", database: database)
        defer { alice.close() }
        #expect(throws: PostgresError.self) { try alice.simpleQuery("UPDATE roster.roster_schema SET version = 12") }
        try alice.simpleQuery("""
            SET statement_timeout = '3s';
            INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (5000, 'Far-Bot', 'uuid-5000', 'meetcatbot.png', 'fire')
            """)
        #expect(try admin.query("SELECT version, outside_writes, outside_writer, last_value FROM roster.roster_schema, roster.monster_id").rows
                == [[String(PostgresSchema.currentVersion), "1", "alice", "5000"]])
        let reader = try PostgresRosterStore.open(uri: server.uri(database: database, user: "ci_reader"), environment: [:])
        #expect(try reader.find("Far-Bot")?.id == 5000)
    }

    @Test("schema 15 whose sequence was wound back behind ids its history keeps is upgraded: the next add is past them all, and no writer can move the mark")
    func fifteenToSixteen() throws {
        let (database, admin) = try Self.roster(atVersion: PostgresSchema.givenIDsVersion - 1)
        defer { admin.close() }
        // An import's kept roster held 20, a removal's history 15; the sequence was then wound back.
        try admin.simpleQuery("""
            INSERT INTO roster.history (client, surface, command, summary, kind) VALUES ('x', 'command line', 'import', 'import', 'snapshot');
            INSERT INTO roster.history_roster (change, id, name, name_key, description, icon, name_color, weapon)
                SELECT max(id), 20, 'Old-Bot', 'old-bot', '', 'meetcatbot.png', 'default', 'fire' FROM roster.history;
            INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists)
                SELECT max(id), 0, 15, true, false FROM roster.history;
            SELECT setval('roster.monster_id', 2);
            """)
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        #expect(try admin.query("SELECT last_id FROM roster.monster_id_given").firstValue == "20")
        #expect(try roster.add(Monster(id: 0, name: "New-Bot", description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))).id == 21)
        #expect(try admin.query("SELECT last_id FROM roster.monster_id_given").firstValue == "21")
        try admin.grantWriting(to: "marker")
        let writer = try PostgresTestServer.shared().connection(as: "marker", database: database)
        defer { writer.close() }
        try writer.simpleQuery("UPDATE roster.monster_id_given SET last_id = 0; DELETE FROM roster.monster_id_given")
        #expect(try admin.query("SELECT last_id FROM roster.monster_id_given").firstValue == "21")
        #expect(throws: PostgresError.self) { try writer.simpleQuery("INSERT INTO roster.monster_id_given (one_row, last_id) VALUES (false, 0)") }
        let fresh = try PostgresTestServer.shared().adminConnection(database: try PostgresTestServer.shared().makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))
    }

    @Test("schema 17, whose id functions any role could call, is upgraded: a reader may no longer move the ids given, and the schema is a new one's")
    func seventeenToEighteen() throws {
        let (database, admin) = try Self.roster(atVersion: 17)
        defer { admin.close() }
        try admin.grantReading(to: "ci_reader")
        let server = try PostgresTestServer.shared()
        let reader = try server.connection(as: "ci_reader", database: database)
        defer { reader.close() }
        // Before: the reader's call moves the ids.
        #expect(try reader.query("SELECT roster.draw_monster_id()").firstValue == "7")
        _ = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "tester-a"), environment: [:]).count()
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        for call in ["SELECT roster.monster_ids_given(9223372036854775000)", "SELECT roster.draw_monster_id()"] {
            #expect(throws: PostgresError.self, "\(call)") { try reader.simpleQuery(call) }
        }
        #expect(try admin.query("SELECT last_id FROM roster.monster_id_given").firstValue == "7")
        let fresh = try server.adminConnection(database: try server.makeDatabase())
        defer { fresh.close() }
        #expect(try admin.rosterSchemaShape() == (try fresh.rosterSchemaShape()))
    }
}

extension PostgresConnection {
    /// Everything roster's schema is made of, as the server prints it, by
    /// kind and name: columns (type, default, nullability, collation),
    /// constraints, indexes, triggers, functions, what PUBLIC may use, and
    /// row security. Columns are compared
    /// by name, not position: a column dropped and added again by hand
    /// keeps a gap.
    func rosterSchemaShape() throws -> [[String?]] {
        var shape: [[String?]] = []
        for (kind, sql) in [
            ("column", """
                SELECT table_name || '.' || column_name, data_type || ' ' || coalesce(column_default, '') || ' ' || is_nullable
                    || ' ' || coalesce(collation_name, '')
                FROM information_schema.columns WHERE table_schema = 'roster' ORDER BY 1
                """),
            ("constraint", """
                SELECT conrelid::regclass || '.' || conname, pg_get_constraintdef(oid)
                FROM pg_constraint WHERE connamespace = 'roster'::regnamespace ORDER BY 1
                """),
            ("index", "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'roster' ORDER BY 1"),
            ("trigger", """
                SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger
                WHERE NOT tgisinternal AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'roster'::regnamespace) ORDER BY 1
                """),
            ("function", """
                SELECT proname, pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = 'roster'::regnamespace ORDER BY 1
                """),
            // Which tables shut rows to all but their owner, and what
            // PUBLIC may do (grants to named roles are the team's own).
            ("access", """
                SELECT relname, concat_ws(' ', relrowsecurity, relforcerowsecurity,
                    (SELECT string_agg(privilege_type, ',' ORDER BY privilege_type)
                     FROM aclexplode(coalesce(relacl, acldefault(CASE relkind WHEN 'S' THEN 's' ELSE 'r' END::"char", relowner)))
                     WHERE grantee = 0))
                FROM pg_class WHERE relnamespace = 'roster'::regnamespace ORDER BY 1
                """),
            ("function access", """
                SELECT proname, (SELECT string_agg(privilege_type, ',' ORDER BY privilege_type)
                                 FROM aclexplode(coalesce(proacl, acldefault('f', proowner))) WHERE grantee = 0)
                FROM pg_proc WHERE pronamespace = 'roster'::regnamespace ORDER BY 1
                """),
        ] {
            shape += try query(sql).rows.map { [kind] + $0 }
        }
        return shape
    }
}
