import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A roster an open interface finds on connecting again may be a copy of
/// its own: a backup put back, or a server that was behind, written since.
/// Its ids alone (the marker's table, `roster_id`) cannot tell; the
/// newest change the interface saw, and the roster's id learned as soon as
/// the owner's upgrade gives it one, can.
@Suite("A PostgreSQL roster found again is the one it was")
struct PostgresCopyOfRosterTests {
    /// Asks the store's change counter until it has lost and found its
    /// session, or says the roster is gone: that error, or nil once back.
    func reconnected(_ store: PostgresRosterStore) -> RosterError? {
        var lost = false
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            do {
                _ = try store.changeCounter()
                if lost { return nil }
                usleep(50_000)
            } catch {
                if case .rosterGone = error { return error }
                lost = true
                usleep(100_000)
            }
        }
        Issue.record("the store never lost and found its session")
        return nil
    }

    @Test("a roster whose newest change seen is another (a copy written since, as far): told as gone, never taken for the one shown")
    func historyWentItsOwnWay() throws {
        let server = try PostgresTestServer.shared()
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "copy-watcher"), environment: [:])
        _ = try watching.changeCounter()
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        let deadline = Date().addingTimeInterval(10)
        while try watching.changeCounter() == 0 || watching.seenNewestEntry == 0, Date() < deadline { usleep(50_000) }
        #expect(watching.seenNewestEntry > 0)
        // The copy: the same ids, its newest change written at another
        // moment. Locked until the session is ended, so the store reads it
        // only as changed.
        try admin.simpleQuery("""
            BEGIN;
            LOCK TABLE roster.history IN ACCESS EXCLUSIVE MODE;
            UPDATE roster.history SET at = at - interval '1 hour' WHERE id = \(watching.seenNewestEntry);
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'copy-watcher' AND datname = current_database();
            COMMIT;
            """)
        let gone = reconnected(watching)
        #expect("\(gone.map { "\($0)" } ?? "taken for the one shown")".contains("is not the one this screen saw, so it is a copy of this roster"),
                "\(String(describing: gone))")
    }

    @Test("a roster whose history has not got the change made here last, written since as far or further: told as gone")
    func ownChangeMissing() throws {
        let server = try PostgresTestServer.shared()
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        roster.close()
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "own-watcher"), environment: [:])
        _ = try watching.changeCounter()
        _ = try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try watching.changeCounter()
        let own = try #require(try admin.query("SELECT max(id) FROM roster.history").firstValue)
        // The copy: another change in its place, and one more after it.
        try admin.simpleQuery("""
            BEGIN;
            LOCK TABLE roster.history IN ACCESS EXCLUSIVE MODE;
            DELETE FROM roster.history WHERE id = \(own);
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
                VALUES (\(own), 'bob@b', 'command line', 'set-weapon', 'set-weapon Dog-Bot: Blowgun → Smoke', 'rows'),
                       (\(own) + 1, 'bob@b', 'command line', 'set-weapon', 'set-weapon Dog-Bot: Smoke → Fire', 'rows');
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'own-watcher' AND datname = current_database();
            COMMIT;
            """)
        let gone = reconnected(watching)
        #expect("\(gone.map { "\($0)" } ?? "taken for the one shown")".contains("is not the one made here, so it is a copy of this roster"),
                "\(String(describing: gone))")
    }

    @Test("a copy numbered only up to a change before those this screen saw (a twin, a backup put back): told as gone, not as an older history")
    func copyNumberedShorter() throws {
        let server = try PostgresTestServer.shared()
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        roster.close()
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "short-watcher"), environment: [:])
        _ = try watching.changeCounter()
        _ = try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try watching.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        try admin.simpleQuery("""
            BEGIN;
            LOCK TABLE roster.history IN ACCESS EXCLUSIVE MODE;
            DELETE FROM roster.history_row; DELETE FROM roster.history;
            UPDATE roster.history_counter SET last_id = 1;
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
                VALUES (1, 'bob@b', 'command line', 'set-weapon', 'set-weapon Fire-Bot: Fire → Sword', 'rows');
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'short-watcher' AND datname = current_database();
            COMMIT;
            """)
        let gone = reconnected(watching)
        #expect("\(gone.map { "\($0)" } ?? "taken for the one shown")".contains("its changes are numbered only up to #1, before #2 this screen had seen"),
                "\(String(describing: gone))")
    }

    @Test("the same roster, its history cleared while away and written since by others: not taken for a copy")
    func clearedThenWritten() throws {
        let server = try PostgresTestServer.shared()
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "clear-watcher"), environment: [:])
        _ = try watching.changeCounter()
        _ = try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        roster.close()
        // As `history --clear` leaves it (the counter where it was), then another's change; locked until the session is ended.
        try admin.simpleQuery("""
            BEGIN;
            LOCK TABLE roster.history IN ACCESS EXCLUSIVE MODE;
            DELETE FROM roster.history_row; DELETE FROM roster.history_roster; DELETE FROM roster.history;
            UPDATE roster.history_counter SET last_id = last_id + 1;
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
                SELECT last_id, 'bob@b', 'command line', 'set-weapon', 'set-weapon Dog-Bot: Blowgun → Smoke', 'rows' FROM roster.history_counter;
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'clear-watcher' AND datname = current_database();
            COMMIT;
            """)
        let found = reconnected(watching)
        #expect(found == nil, "\(String(describing: found))")
    }

    @Test("the same roster: a reader granted no read of the history's counter, and a counter wound back, are not taken for a copy")
    func counterUnreadOrWoundBack() throws {
        let server = try PostgresTestServer.shared()
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try admin.makeLoginRole("narrow_reader")
        try admin.simpleQuery("""
            GRANT USAGE ON SCHEMA roster TO narrow_reader;
            GRANT SELECT ON roster.monster, roster.history, roster.roster_schema TO narrow_reader;
            """)
        for (user, application) in [("narrow_reader", "narrow-watcher"), ("postgres", "wound-watcher")] {
            let watching = try PostgresRosterStore.open(uri: server.uri(database: database, user: user, applicationName: application),
                                                        environment: [:])
            _ = try watching.changeCounter()
            _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: user == "postgres" ? .fire : .smoke)])
            let deadline = Date().addingTimeInterval(10)
            while watching.seenNewestEntry < 2, Date() < deadline { _ = try watching.changeCounter(); usleep(50_000) }
            try admin.simpleQuery("""
                UPDATE roster.history_counter SET last_id = 1;
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(application)' AND datname = current_database();
                """)
            let found = reconnected(watching)
            #expect(found == nil, "\(user): \(String(describing: found))")
            watching.close()
        }
    }

    @Test("upgraded to schema 21 while open: the roster's id is learned from the owner's note, so a roster with another id found later is another")
    func idLearnedAtTheUpgrade() throws {
        let server = try PostgresTestServer.shared()
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 20)
        defer { admin.close() }
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "id-watcher"), environment: [:])
        _ = try watching.changeCounter()
        // The owner's roster upgrades it, and says so on the channel.
        _ = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "owner"), environment: [:]).count()
        let deadline = Date().addingTimeInterval(10)
        while watching.rosterIdentity?.hasSuffix("/") != false, Date() < deadline {
            _ = try watching.changeCounter()
            usleep(50_000)
        }
        let id = try admin.query("SELECT roster_id::text FROM roster.roster_schema").firstValue ?? "none"
        #expect(watching.rosterIdentity?.hasSuffix("/" + id) == true, "\(watching.rosterIdentity ?? "none")")
        // Another server set up alike answers now, its roster upgraded too: another id.
        try admin.simpleQuery("""
            UPDATE roster.roster_schema SET roster_id = gen_random_uuid();
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'id-watcher' AND datname = current_database();
            """)
        let gone = reconnected(watching)
        #expect("\(gone.map { "\($0)" } ?? "taken for the one shown")".contains("another roster is there now"), "\(String(describing: gone))")
    }
}
