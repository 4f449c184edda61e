import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A history row another role wrote with the largest bigint as its id
/// leaves no number for a new change: every write says so in the file's
/// sentence (65), not as the server's "bigint out of range" (attack20's L19).
@Suite("A PostgreSQL history at the largest id says no number is left")
struct PostgresHistoryIDsExhaustedTests {
    @Test("a history row with id 9223372036854775807: set-weapon says no number is left, and changes nothing")
    func historyAtTheLargestID() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
            VALUES (9223372036854775807, 'x', 'command line', 'edit', 'x', 'rows')
            """)
        #expect {
            try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
        } throws: { error in
            guard case RosterError.invalid(let problems) = error else { return false }
            return problems.first?.message == HistoryTable.noIDLeft
        }
        #expect(try roster.monster(id: 2)?.weapon.type == .blowgun)
    }

    /// What a writer granted docs/sharing.md's recipe can do in psql.
    static let windings = [
        "UPDATE roster.history_counter SET last_id = 9223372036854775807",
        "INSERT INTO roster.history (id, client, surface, command, summary, kind) VALUES (9223372036854775807, 'x', 'command line', 'edit', 'x', 'rows')",
        "UPDATE roster.history_counter SET last_id = 9007199254740992",
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
        if winding.contains("9223372036854775807") {
            #expect {
                try roster.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)], dryRun: false, expecting: nil)
            } throws: { error in
                guard case RosterError.invalid(let problems) = error else { return false }
                return problems.first?.message == HistoryTable.noIDLeft
            }
        }
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
