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
}
