import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A history row another role wrote with the largest bigint as its id
/// leaves no number for a new change: every write says so in the file's
/// sentence (65), not as the server's "bigint out of range" (attack20's L19).
@Suite("A PostgreSQL history at the largest id says no number is left")
struct PostgresHistoryIDsExhaustedTests {
    /// A change refused as data: no number is left for it.
    static func refusedAsData(_ error: any Error) -> Bool {
        guard case RosterError.invalid(let problems) = error else { return false }
        return problems.first?.message == HistoryTable.noIDLeft
    }

    @Test("a history row with id 9223372036854775807: set-weapon says no number is left, and changes nothing")
    func historyAtTheLargestID() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
            VALUES (9223372036854775807, 'x', 'command line', 'edit', 'x', 'rows')
            """)
        #expect(performing: {
            try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        }, throws: Self.refusedAsData)
        #expect(try roster.monster(id: 2)?.weapon.type == .blowgun)
    }

    @Test("an entry planted at 2^53−2: the next change is #2^53−1, the one after (an import too) is refused with nothing written, until history --clear")
    func historyAtTheLargestExactNumber() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        let given = try #require(try roster.history(touching: nil, limit: nil).map(\.id).max())
        try admin.simpleQuery("""
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
            VALUES (9007199254740990, 'x', 'command line', 'edit', 'x', 'rows')
            """)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Fire-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        #expect(try roster.history(touching: nil, limit: nil).map(\.id).max() == 9_007_199_254_740_991)
        #expect(performing: {
            try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        }, throws: Self.refusedAsData)
        #expect(performing: {
            let text = #"{"name":"Zed-Bot","weapon":"sword"}"#
            _ = try roster.importMonsters(from: MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "z.json"),
                                                              format: .ndjson, raw: false), mode: .replace)
        }, throws: Self.refusedAsData)
        #expect(try roster.monster(id: 2)?.weapon.type == .blowgun)
        #expect(try roster.monsters().count == 6)
        #expect(try roster.history(touching: nil, limit: nil).map(\.id).max() == 9_007_199_254_740_991)
        #expect(try integer(admin, "SELECT last_id FROM roster.history_counter") == 9_007_199_254_740_991)
        // A clear gives the numbers a way on, after the last roster counted to.
        _ = try roster.clearHistory()
        _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        #expect(try roster.history(touching: nil, limit: nil).map(\.id) == [given + 1])
    }

    private func integer(_ connection: PostgresConnection, _ sql: String) throws -> Int64? {
        try connection.simpleQuery(sql).first?.firstValue.flatMap { Int64($0) }
    }

    /// What a writer granted docs/sharing.md's recipe can do in psql.
    static let windings = [
        "UPDATE roster.history_counter SET last_id = 9223372036854775807",
        "INSERT INTO roster.history (id, client, surface, command, summary, kind) VALUES (9223372036854775807, 'x', 'command line', 'edit', 'x', 'rows')",
        "UPDATE roster.history_counter SET last_id = 9007199254740992",
        "UPDATE roster.history_counter SET last_id = 9007199254740991",
        "INSERT INTO roster.history (id, client, surface, command, summary, kind) VALUES (9007199254740991, 'x', 'command line', 'edit', 'x', 'rows')",
    ]

    @Test("a writer winds the counter to the end: writes say no number is left, until history --clear numbers them on from roster's own",
          arguments: windings)
    func clearAfterWinding(winding: String) throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWriting(to: "winder")
        let winder = try server.connection(as: "winder", database: database)
        defer { winder.close() }
        let roster = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "tester-a"), environment: [:])
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        let given = try #require(try roster.history(touching: nil, limit: nil).map(\.id).max())
        try winder.simpleQuery(winding)
        #expect(performing: {
            try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        }, throws: Self.refusedAsData)
        #expect(try roster.monster(id: 2)?.weapon.type == .blowgun)
        _ = try roster.clearHistory()
        _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        #expect(try roster.history(touching: nil, limit: nil).map(\.id) == [given + 1])
        #expect(try roster.monster(id: 2)?.weapon.type == .fire)
        // A clear within the bound keeps every number given.
        _ = try roster.clearHistory()
        _ = try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .sword)], dryRun: false, expecting: nil)
        #expect(try roster.history(touching: nil, limit: nil).map(\.id) == [given + 2])
    }
}
