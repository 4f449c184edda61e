import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What the PostgreSQL store does about rows other programs write straight
/// in SQL, dry runs for a role that may only read, the count of an
/// import's clashes past the ones listed, and what the schema gives the
/// store's own writes and filters.
@Suite("A roster on PostgreSQL, written by others and rehearsed by readers")
struct PostgresOutsideWritesTests {
    private func store(_ database: String, as person: String = "tester-a", user: String = "postgres") throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: person),
                                     environment: [:])
    }

    @Test("a monster another program renamed in SQL, its key left as it was, is never acted on by its old name")
    func staleKey() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Tiger-Bot' WHERE name = 'Cat-Bot'")
        #expect(throws: RosterError.self) { try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]) }
        #expect(try roster.find("Cat-Bot") == nil)
        // Its key re-derived from its new name, as the file re-derives it.
        #expect(try roster.find("tiger-bot")?.name == "Tiger-Bot")
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE name = 'Tiger-Bot'").firstValue == "tiger-bot")
        #expect(try roster.find("Tiger-Bot")?.weapon.type == .sword)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Tiger-Bot", weapon: .fire)])
        #expect(try admin.query("SELECT weapon FROM roster.monster WHERE name = 'Tiger-Bot'").firstValue == "fire")
        #expect {
            try roster.edit("Cat-Bot", MonsterChanges(description: "not me"))
        } throws: { error in
            guard case RosterError.monsterNotFound = error else { return false }
            return true
        }
        #expect(throws: RosterError.self) { try roster.remove(["Cat-Bot"], dryRun: true) }
    }

    @Test("a change another program makes straight in SQL moves the change counter")
    func outsideChangeMovesTheCounter() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let watching = try store(database)
        let before = try watching.changeCounter()
        try admin.simpleQuery("UPDATE roster.monster SET weapon = 'fire' WHERE id = 1")
        let deadline = Date().addingTimeInterval(2)
        var now = try watching.changeCounter()
        while now == before, Date() < deadline {
            usleep(5_000)
            now = try watching.changeCounter()
        }
        #expect(now != before)
        // A roster writer's own change still moves it, announced by its history id.
        let writer = try store(database, as: "tester-b")
        _ = try writer.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let settle = Date().addingTimeInterval(2)
        var after = try watching.changeCounter()
        while after == now, Date() < settle {
            usleep(5_000)
            after = try watching.changeCounter()
        }
        #expect(after > now)
    }

    @Test("roster's own set-weapon passes the outside-change triggers without calling a function of theirs; another program's write calls them")
    func ownWritesSkipTheTriggerFunction() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let roster = try store(database)
        // Counted by this server process, flushed when it goes idle after
        // pg_stat_force_next_flush(), before it answers ready.
        try roster.connection.simpleQuery("SET track_functions = 'pl'")
        func calls() throws -> Int {
            try roster.connection.simpleQuery("SELECT pg_stat_force_next_flush()")
            _ = try roster.connection.simpleQuery("SELECT pg_stat_clear_snapshot()")
            return Int(try roster.connection.query("""
                SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions
                WHERE schemaname = 'roster'
                """).firstValue ?? "") ?? -1
        }
        let before = try calls()
        _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect(try calls() == before, "roster's own set-weapon called a trigger's function")
        try roster.connection.simpleQuery("UPDATE roster.monster SET weapon = 'smoke' WHERE id = 1")
        // Noted by the statement's trigger, counted and announced at the
        // commit, and who made it stamped beside the count (schema 13).
        #expect(try calls() == before + 3, "an outside write must still be announced")
    }

    @Test("the ids of a weapon filter, the interface's question, come from the weapon index alone")
    func weaponFilterFromTheIndex() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let roster = try store(database)
        let select = QuerySQL(selecting: "id", from: "roster.monster",
                              MonsterQuery(conditions: try QueryParser.conditions(["weapon=fire"])), .postgres)
        // Six monsters are read fastest whole; the plan a million would get is asked for.
        try roster.connection.simpleQuery("VACUUM ANALYZE roster.monster")
        try roster.connection.simpleQuery("SET enable_seqscan = off")
        let plan = try roster.connection.query("EXPLAIN " + select.sql, select.parameters.map(\.text)).rows.compactMap { $0.first ?? nil }
        #expect(plan.first?.hasPrefix("Index Only Scan using monster_weapon") == true, "\(plan)")
        #expect(try roster.monsterIDs(matching: MonsterQuery(conditions: try QueryParser.conditions(["weapon=fire"]))) == [5])
    }

    @Test("a role that may only read rehearses set-weapon, edit, remove and add, told what would change, changing nothing")
    func readerDryRun() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantReading(to: "reader")
        let reader = try store(database, user: "reader")
        let before = try admin.query("SELECT id, name, weapon, description FROM roster.monster ORDER BY id").rows
        let changes = try reader.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], dryRun: true)
        #expect(changes.count == 1 && changes[0].monster.name == "Cat-Bot" && changes[0].weapon == .fire && changes[0].isChange)
        let edit = try reader.edit("Dog-Bot", MonsterChanges(description: "WOOF"), dryRun: true)
        #expect(edit.before.description == "BOW-WOW" && edit.after.description == "WOOF")
        #expect(try reader.remove(["Ice-Bot", "Fire-Bot"], dryRun: true).map(\.name) == ["Ice-Bot", "Fire-Bot"])
        let added = try reader.add(Monster(id: 0, name: "New-Bot", description: "", icon: "meetcatbot.png",
                                           nameColor: .default, weapon: Weapon(.smoke)), dryRun: true)
        #expect(added.id == 7)
        #expect(throws: RosterError.self) {
            try reader.add(Monster(id: 0, name: "cat-bot", description: "", icon: "meetcatbot.png",
                                   nameColor: .default, weapon: Weapon(.smoke)), dryRun: true)
        }
        #expect(try admin.query("SELECT id, name, weapon, description FROM roster.monster ORDER BY id").rows == before)
        #expect(try admin.query("SELECT count(*) FROM roster.history").firstValue == "0")
        #expect(try admin.query("SELECT is_called FROM roster.monster_id").firstValue == "t")
        #expect(throws: RosterError.self) { try reader.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]) }
    }

    @Test("a role that may not change the schema works on a roster of schema 1; its owner upgrades it on opening")
    func olderSchemaForAReader() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        // Back to schema 1: no roster id (21), writers through roles and columns (20) go with 18's function, no announced entries (19), no writers-only ids (18), no check of shadow keys (17), no mark of the ids given (16), no turn for outside ids (15), no guard on the marker (14), no outside writer (schema 13 undone), no triggers keeping ids and keys (12), no keyed names (11), no check of deleted entries (10), no write tokens (9), no check of roster's writes
        // by their history (8), no sort indexes (7), no count of outside writes (6),
        // the history numbered by a sequence (5), no weapon index (4), no
        // announcements of outside changes (2 and 3).
        try admin.simpleQuery("""
            ALTER TABLE roster.roster_schema DROP COLUMN roster_id;
            DROP TRIGGER history_entry_announced ON roster.history;
            DROP FUNCTION roster.announce_history_entry();
            DROP TRIGGER monster_shadow_key_of_another ON roster.monster;
            DROP FUNCTION roster.draw_monster_id(), roster.monster_ids_given(bigint), roster.free_monster_id(bigint);
            DROP FUNCTION roster.refuse_unless_writer();
            DROP TABLE roster.monster_id_given;
            DROP TABLE roster.monster_id_turn;
            DROP TRIGGER marker_kept ON roster.roster_schema;
            DROP TRIGGER marker_kept_whole ON roster.roster_schema;
            DROP TRIGGER marker_not_emptied ON roster.roster_schema;
            DROP FUNCTION roster.refuse_marker_change(), roster.marker_owner_acting();
            DROP TRIGGER outside_writer_stamped ON roster.roster_schema;
            DROP TRIGGER outside_writer_unstamped ON roster.roster_schema;
            DROP FUNCTION roster.stamp_outside_writer();
            ALTER TABLE roster.roster_schema DROP COLUMN outside_writer, DROP COLUMN outside_program;
            DROP TRIGGER monster_key_written_alone ON roster.monster;
            DROP TRIGGER monster_id_past_sequence ON roster.monster;
            DROP FUNCTION roster.forget_keyed_name(), roster.keep_monster_ids_past();
            DROP INDEX roster.monster_stale_key;
            ALTER TABLE roster.monster DROP COLUMN keyed_name;
            DROP TRIGGER history_entry_dropped ON roster.history;
            DROP TRIGGER history_entry_renumbered ON roster.history;
            DROP TRIGGER history_emptied ON roster.history;
            DROP TRIGGER monster_changed_outside ON roster.monster;
            DROP TABLE roster.unrecorded_write;
            DROP FUNCTION roster.count_unrecorded_write(), roster.note_unrecorded_write();
            DROP TRIGGER history_author_stamped ON roster.history;
            DROP TRIGGER history_author_kept ON roster.history;
            DROP FUNCTION roster.stamp_history_author(), roster.history_written_here();
            ALTER TABLE roster.history DROP COLUMN xact, DROP COLUMN outside_writes;
            DROP FUNCTION roster.outside_write_count();
            ALTER TABLE roster.roster_schema DROP COLUMN outside_writes, DROP COLUMN keys_checked, DROP COLUMN keys_fold;
            ALTER TABLE roster.history DROP COLUMN write_token;
            CREATE SEQUENCE roster.history_id AS bigint OWNED BY roster.history.id;
            ALTER TABLE roster.history ALTER COLUMN id SET DEFAULT nextval('roster.history_id');
            DROP FUNCTION roster.next_history_id();
            DROP TABLE roster.history_counter;
            DROP INDEX roster.monster_weapon;
            DROP INDEX roster.monster_height_up, roster.monster_height_down, roster.monster_origin_up,
                roster.monster_origin_down, roster.monster_activated_up, roster.monster_activated_down;
            UPDATE roster.roster_schema SET version = 1;
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'reader') THEN CREATE ROLE reader LOGIN; END IF; END $$;
            GRANT USAGE ON SCHEMA roster TO reader;
            GRANT SELECT ON ALL TABLES IN SCHEMA roster TO reader;
            GRANT SELECT ON ALL SEQUENCES IN SCHEMA roster TO reader;
            """)
        let reader = try store(database, user: "reader")
        #expect(try reader.count() == 6)
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "1")
        _ = try store(database)
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        // Upgraded, it has what a new schema has.
        #expect(try admin.query("SELECT indexdef FROM pg_indexes WHERE schemaname = 'roster' AND indexname = 'monster_weapon'").firstValue
                == "CREATE INDEX monster_weapon ON roster.monster USING btree (weapon, id)")
        let indexes = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'roster' ORDER BY 1"
        let fresh = try server.adminConnection(database: try server.makeDatabase())
        defer { fresh.close() }
        #expect(try admin.query(indexes).rows == fresh.query(indexes).rows)
        #expect(try admin.query(indexes).rows.count >= 12)
        #expect(try admin.rosterSchemaShape() == fresh.rosterSchemaShape())
        #expect(try admin.query("SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgname = 'monster_changed_outside'").firstValue?
                .contains("WHEN ((NOT roster.history_written_here()))") == true)
        // Upgraded, the history goes on from the counter.
        _ = try store(database).setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try admin.query("SELECT max(id), (SELECT last_id FROM roster.history_counter) FROM roster.history").rows == [["1", "1"]])
    }

    @Test("an import with more clashes than the report lists counts them all")
    func clashTotals() throws {
        let roster = try TestRoster(.postgres)
        let store = try roster.open()
        let lines = String(repeating: "Twin-Bot,sword\n", count: ProblemLog.limit + 51)
        do {
            _ = try store.importMonsters(from: MonsterReader(input: ChunkedInput(bytes: Array(("name,weapon\n" + lines).utf8), name: "twins.csv"),
                                                             format: .csv, raw: false), mode: .insert)
            Issue.record("the import should have failed")
        } catch RosterError.problems(let problems, _, let total) {
            #expect(problems.count == ProblemLog.limit)
            #expect(total == ProblemLog.limit + 50)
        }
        #expect(try store.count() == 6)
    }
}
