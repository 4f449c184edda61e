import Foundation
import Testing
import TestSupport

/// The interface connects again by itself after its server's trouble; the
/// database it finds then may not hold the roster it shows (dropped and
/// made again, another server answering). That is said in one sentence,
/// and nothing is read from or written to what is there now.
extension PostgresInterfaceTests {
    /// A roster in a cluster of its own: one a test crashes or cuts off,
    /// which the other interface tests' shared cluster must not be.
    func rosterOnItsOwnCluster() throws -> (DisposablePostgres, String, String) {
        let cluster = try DisposablePostgres(ownedWith: [])
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        #expect(try Sandbox().roster(uri: uri, ["list"]).status == 0)
        return (cluster, database, uri)
    }

    /// The database dropped (its sessions ended, none let in meanwhile) and made again, empty.
    func dropAndMakeAgain(_ database: String, on cluster: DisposablePostgres) throws {
        try cluster.psql("ALTER DATABASE \(database) WITH ALLOW_CONNECTIONS false")
        try cluster.psql("DROP DATABASE \(database) WITH (FORCE)")
        try cluster.psql("CREATE DATABASE \(database)")
    }

    @Test("the database dropped while the interface is open: said as gone, not as a lost server, and a save is refused with it")
    func databaseDroppedUnderTheInterface() throws {
        let (cluster, database, uri, _) = try newRoster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.psql("DROP DATABASE \(database) WITH (FORCE)")
        #expect(says(screen, "is no longer there: the database `\(database)` does not exist there now", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("reconnecting…"), "\(screen.screen)")
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(says(screen, "Weapon not saved: the roster at "), "\(screen.screen)")
        try screen.press("Escape", "q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("the database dropped and made again while the interface is open: one sentence says the roster is no longer there; a save is refused with it, and the new database is left as it is")
    func rosterGoneOnReconnect() throws {
        let (cluster, database, uri, _) = try newRoster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try dropAndMakeAgain(database, on: cluster)
        // A try between the drop and the making finds no database; after it, no roster: either is said.
        #expect(says(screen, "is no longer there: the database ", timeout: 20), "\(screen.screen)")
        #expect(says(screen, "q quits"), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("reconnecting…"), "\(screen.screen)")
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(says(screen, "Weapon not saved: the roster at "), "\(screen.screen)")
        #expect(says(screen, "is no longer there"), "\(screen.screen)")
        try screen.press("Escape")
        // A few seconds more: the interface neither makes a roster there nor keeps knocking.
        Thread.sleep(forTimeInterval: 2)
        #expect(try cluster.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'roster'", database: database) == "0")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    @Test("a roster made anew in its place while the interface is open: told as no longer there, and left as it is")
    func rosterMadeAnewOnReconnect() throws {
        let (cluster, database, uri, sandbox) = try newRoster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try dropAndMakeAgain(database, on: cluster)
        // Another program makes a roster there at once (the default one):
        // whichever the interface finds first on reconnecting, it is not the one shown.
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        #expect(says(screen, "is no longer there: the ", timeout: 20), "\(screen.screen)")
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        Thread.sleep(forTimeInterval: 1)
        #expect(says(screen, "is no longer there"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "sword")
        try screen.press("Escape")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("a description refused while the server was away: the reason beside the field goes once it is back, and Enter then saves")
    func refusalBesideTheFieldGoesOnReconnect() throws {
        let (cluster, database, uri) = try rosterOnItsOwnCluster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Enter", "Down", "Enter", "C-u")
        try screen.type("while away")
        try cluster.crash()
        #expect(says(screen, "reconnecting…", timeout: 5), "\(screen.screen)")
        try screen.press("Enter")
        #expect(says(screen, "Description not saved: the server at "), "\(screen.screen)")
        #expect(Self.flowing(screen.screen).contains("✗ the server at "), "\(screen.screen)")
        try cluster.restart()
        #expect(says(screen, "Reconnected to ", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("✗ the server at "), "\(screen.screen)")
        try screen.press("Enter")
        #expect(screen.waitUntil(timeout: 10) { _ in
            (try? cluster.psql("SELECT description FROM roster.monster WHERE name = 'Cat-Bot'", database: database)) == "while away"
        }, "\(screen.screen)")
        try screen.press("Escape", "q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("the roster found on reconnecting holds an older history than the screen had seen: said so, never \"no change made meanwhile\"")
    func olderRosterOnReconnect() throws {
        let (cluster, database, uri) = try rosterOnItsOwnCluster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(screen.waitFor("Cat-Bot now carries Fire"), "\(screen.screen)")
        try screen.press("Escape")
        // The session ends and, before it is back, the history goes (as a backup of before the change would hold).
        try cluster.psql("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bob@laptop' AND datname = current_database();
            TRUNCATE roster.history CASCADE
            """, database: database)
        #expect(says(screen, "its history is empty now, though this screen had seen #1", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("no change made meanwhile"), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("a role the server refuses once it answers again (its grants revoked meanwhile): told so in place of \"reconnecting…\", asked again on a back-off, not at every poll, and let in once granted again")
    func roleRefusedOnReconnect() throws {
        let (cluster, database, _, _) = try newRoster()
        let role = "refused_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.psql("""
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(role);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA roster TO \(role);
            """, database: database)
        let person = "\(role)@desk"
        let screen = try open(cluster.uri(database: database, user: role), as: person)
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.psql("""
            REVOKE USAGE ON SCHEMA roster FROM \(role);
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(person)';
            """, database: database)
        #expect(says(screen, "The server answers again, but the roster at ", timeout: 20), "\(screen.screen)")
        #expect(says(screen, "was refused (permission denied for schema roster); roster asks again by itself"), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("reconnecting…"), "\(screen.screen)")
        // Asked again on a back-off: the session's last statement grows old
        // between tries (asked at every poll, it was never 0.2 s old).
        var oldest = 0.0
        for _ in 0..<16 {
            let age = try cluster.psql("""
                SELECT coalesce(max(extract(epoch FROM now() - query_start)), 0) FROM pg_stat_activity WHERE application_name = '\(person)'
                """, database: database)
            oldest = max(oldest, Double(age) ?? 0)
            Thread.sleep(forTimeInterval: 0.4)
        }
        #expect(oldest > 1, "the refused session asked again within \(oldest) s at most")
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(says(screen, "Weapon not saved: the server answers again, but"), "\(screen.screen)")
        try screen.press("Escape")
        try cluster.psql("GRANT USAGE ON SCHEMA roster TO \(role)", database: database)
        #expect(says(screen, "Reconnected to ", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("answers again, but"), "\(screen.screen)")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "sword")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("h while the server is away: the history is said not opened, and why; once back, the reconnection is told without it")
    func historyWhileAway() throws {
        let (cluster, _, uri) = try rosterOnItsOwnCluster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.crash()
        #expect(says(screen, "reconnecting…", timeout: 5), "\(screen.screen)")
        try screen.press("h")
        #expect(says(screen, "History not opened: the server at "), "\(screen.screen)")
        try cluster.restart()
        #expect(says(screen, "Reconnected to ", timeout: 20), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("History not opened"), "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("Lost the"), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("the history found on reconnecting no longer holds the last change this screen saw, and goes on past it: said, as roster cannot tell a pruned history from a copy")
    func historyPrunedOnReconnect() throws {
        let (cluster, database, uri, _) = try newRoster()
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(screen.waitFor("Cat-Bot now carries Fire"), "\(screen.screen)")
        try screen.press("Escape")
        try cluster.psql("""
            BEGIN;
            LOCK TABLE roster.history IN ACCESS EXCLUSIVE MODE;
            DELETE FROM roster.history_row; DELETE FROM roster.history;
            UPDATE roster.history_counter SET last_id = last_id + 1;
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
                SELECT last_id, 'carol@ci', 'command line', 'set-weapon', 'set-weapon Dog-Bot: Blowgun → Smoke', 'rows' FROM roster.history_counter;
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bob@laptop' AND datname = current_database();
            COMMIT;
            """, database: database)
        #expect(says(screen, "its history no longer holds #1, the last change this screen saw", timeout: 20), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
