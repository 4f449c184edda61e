import Foundation
import Testing
import TestSupport

/// A server may end sessions idle past its `idle_session_timeout` (set for
/// a role or a database, as managed servers often do). An open interface
/// is idle most of the time: it makes a new session at once, unseen, and
/// the footer goes on saying what the person's keys did.
extension PostgresInterfaceTests {
    @Test("sessions ended by idle_session_timeout: never told as a lost server, the outcome of a key stays in the footer, and others' changes are still told")
    func idleSessionTimeout() throws {
        let (cluster, database, _, _) = try newRoster()
        let role = "idler_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.psql("""
            CREATE ROLE \(role) LOGIN;
            ALTER ROLE \(role) SET idle_session_timeout = '700ms';
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(role);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA roster TO \(role);
            """, database: database)
        let screen = try open(cluster.uri(database: database, user: role), as: "\(role)@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        #expect(says(screen, "Cat-Bot now carries Fire"), "\(screen.screen)")
        // Several timeouts pass: the answer stays, and nothing says the server went.
        for _ in 0..<12 {
            Thread.sleep(forTimeInterval: 0.25)
            let shown = Self.flowing(screen.screen)
            #expect(!shown.contains("reconnecting") && !shown.contains("Reconnected") && !shown.contains("another program"), "\(shown)")
        }
        #expect(Self.flowing(screen.screen).contains("Cat-Bot now carries Fire"), "\(screen.screen)")
        // The server did end sessions meanwhile, and the interface has one now.
        let sessions = try cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE usename = '\(role)'", database: database)
        #expect(sessions == "1" || sessions == "0", "\(sessions)")
        try cluster.psql("UPDATE roster.monster SET weapon = 'smoke' WHERE name = 'Dog-Bot'", database: database)
        #expect(says(screen, "changed the roster", timeout: 10), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
