import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// roster deriving again the keys another program left stale on
/// PostgreSQL: with keys planted to meet the ones it derives, and beside
/// another program's transaction renaming one of those rows.
@Suite("PostgreSQL keys derived again beside other programs' writes")
struct PostgresRederivationTests {
    @Test("a shadow key another program wrote with a forged keyed_name: every key is derived again, as the file does")
    func plantedShadowKey() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon, keyed_name) VALUES
                (7, 'Zed-Bot', 'uuid-a', 'meetcatbot.png', 'fire', NULL),
                (8, 'Other-Bot', 'zed-bot', 'meetcatbot.png', 'fire', 'Other-Bot'),
                (9, 'Other2-Bot', 'zed-bot' || chr(10) || '7', 'meetcatbot.png', 'fire', 'Other2-Bot')
            """)
        #expect(try roster.find("Zed-Bot")?.id == 7)
        #expect(try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]).count == 1)
        #expect(try roster.find("Other-Bot")?.id == 8)
        #expect(try roster.find("other2-bot")?.id == 9)
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id >= 7 ORDER BY id").rows.map { $0[0] }
                == ["zed-bot", "other-bot", "other2-bot"])
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }

    @Test("another program's open transaction renaming a stale row: roster waits for it, and its commit is not taken for a deadlock")
    func heldRename() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1")
        let server = try PostgresTestServer.shared()
        guard let database = try admin.query("SELECT current_database()").firstValue else { return }
        let other = try server.adminConnection(database: database)
        defer { other.close() }
        try other.simpleQuery("BEGIN; UPDATE roster.monster SET name = 'Tiger-Bot' WHERE id = 1")
        final class Outcome: @unchecked Sendable { var error: (any Error)?; var changes = 0 }
        let outcome = Outcome()
        nonisolated(unsafe) let store = roster
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { outcome.changes = try store.setWeapons([WeaponAssignment(reference: "Fire-Bot", weapon: .smoke)]).count } catch { outcome.error = error }
            done.signal()
        }.start()
        // roster is waiting on the renamed row by now; past the server's
        // deadlock_timeout (1 s) a deadlock would have been found.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(throws: Never.self) { try other.simpleQuery("COMMIT") }
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(outcome.error == nil)
        #expect(outcome.changes == 1)
        #expect(try admin.query("SELECT name FROM roster.monster WHERE id = 1").firstValue == "Tiger-Bot")
        #expect(try roster.find("tiger-bot")?.id == 1)
        #expect(try roster.find("Kitty-Bot") == nil)
    }
}
