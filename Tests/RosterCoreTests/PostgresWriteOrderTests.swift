import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// roster's own writes send their history entry before their monster
/// writes, so that schema 8's statement trigger on monster finds the
/// entry of this transaction in its `WHEN` and calls no function: written
/// after, each write paid about 4 ms in the new server process every
/// command gets. Another program's UPDATE still calls them. `add` draws
/// its id before it writes, so that its entry, which names the id, goes
/// first too.
@Suite("roster's own writes on PostgreSQL call no outside-change function")
struct PostgresWriteOrderTests {
    static let calls = """
        SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions
        WHERE schemaname = 'roster' AND funcname IN ('note_unrecorded_write', 'count_unrecorded_write')
        """

    @Test("set-weapon, edit, remove and add call neither trigger function; an UPDATE from another program calls both")
    func ownWritesCallNoTriggerFunction() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        // Function calls are counted only when asked; every session opened after this is.
        try admin.simpleQuery("ALTER DATABASE \"\(database)\" SET track_functions = 'pl'")
        do {
            let roster = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "tester-a"), environment: [:])
            _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], dryRun: false, expecting: nil)
            var changes = MonsterChanges()
            changes.description = "edited"
            _ = try roster.edit("Dog-Bot", changes, dryRun: false, expecting: ExpectedValues())
            _ = try roster.remove(["Ice-Bot"], dryRun: false, confirmed: nil)
            var newcomer = MonsterFields.blank
            newcomer.name = "Order-Bot"
            let added = try roster.add(newcomer, dryRun: false)
            // The id drawn is the one the monster and its history entry got.
            #expect(try roster.monsters(ids: [added.id]).map(\.name) == ["Order-Bot"])
            #expect(try roster.revisions(of: try #require(roster.history(touching: nil, limit: 1).first)).map(\.monsterID) == [added.id])
        }
        // Another program's write, in a session that ends: both functions run.
        let other = try server.adminConnection(database: database)
        try other.simpleQuery("UPDATE roster.monster SET description = 'from psql' WHERE id = 2")
        other.close()
        // Each session's counts reach the shared statistics as it ends.
        var counted = "0"
        for _ in 0..<100 where counted == "0" {
            usleep(50_000)
            _ = try admin.simpleQuery("SELECT pg_stat_clear_snapshot()")
            counted = try admin.query(Self.calls).firstValue ?? "0"
        }
        usleep(500_000)
        _ = try admin.simpleQuery("SELECT pg_stat_clear_snapshot()")
        #expect(try admin.query(Self.calls).firstValue == "2", "roster's writes called a trigger function, or psql's did not")
    }
}
