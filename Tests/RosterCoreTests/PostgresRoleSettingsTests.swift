import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// Settings an administrator may give a role or a database (`ALTER ROLE …
/// SET`) that change how the server reads what roster sends: roster pins
/// the ones it relies on as it connects.
@Suite("A PostgreSQL role's own settings")
struct PostgresRoleSettingsTests {
    @Test("array_nulls off for the role: an undo, which puts rows back as arrays with NULLs in them, still works")
    func arrayNullsOff() throws {
        let (roster, psql, admin) = try PostgresTestServer.rosterWithWriter("nulls_off_writer")
        defer { psql.close(); admin.close() }
        roster.close()
        let database = try admin.query("SELECT current_database()").firstValue ?? ""
        try admin.simpleQuery("ALTER ROLE nulls_off_writer IN DATABASE \(database) SET array_nulls = off")
        let store = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: "nulls_off_writer"),
                                                 environment: [:])
        _ = try store.add(Monster(id: 0, name: "Null-Bot", description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire)))
        #expect(try store.remove(["Null-Bot"], dryRun: false, confirmed: nil).map(\.name) == ["Null-Bot"])
        // Put back with no height, origin or activation: NULLs in the arrays.
        _ = try store.undo(1, dryRun: false)
        #expect(try admin.query("SELECT height IS NULL AND origin IS NULL AND activated IS NULL FROM roster.monster WHERE name = 'Null-Bot'")
                .firstValue == "t")
    }
}
