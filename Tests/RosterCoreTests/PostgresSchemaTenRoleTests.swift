import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A roster at schema 10, its owner not yet having run a roster that
/// upgrades it: every other role works on it as the release before did,
/// opened the command line's way (the marker read with the first request).
@Suite("Roles that may not upgrade a PostgreSQL roster at schema 10 work on it")
struct PostgresSchemaTenRoleTests {
    /// A database holding the default roster at schema 10, a writer and
    /// a reader granted what docs/sharing.md lists.
    static func schemaTen() throws -> (database: String, admin: PostgresConnection) {
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 10)
        try admin.grantWriting(to: "ten_writer")
        try admin.grantReading(to: "ten_reader")
        return (database, admin)
    }

    /// A new store for `user`, as one command opens it.
    static func command(_ database: String, _ user: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "ten"),
                                     environment: [:], markerWithFirstRequest: true)
    }

    @Test("a writer looks up, sets a weapon, adds, edits, filters by name and removes on schema 10, which stays 10")
    func writer() throws {
        let (database, admin) = try Self.schemaTen()
        defer { admin.close() }
        let open = { try Self.command(database, "ten_writer") }
        #expect(try open().find("Cat-Bot")?.id == 1)
        #expect(try open().setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]).count == 1)
        #expect(try open().add(Monster(id: 0, name: "Zz-Bot", description: "", icon: "meetcatbot.png",
                                       nameColor: .default, weapon: Weapon(.fire))).id == 7)
        #expect(try open().edit("#1", MonsterChanges(description: "MEOW")).after.description == "MEOW")
        #expect(try open().monsterIDs(matching: KeyedNames.query("name ~ cat")) == [1])
        #expect(try open().remove(["#2"]).map(\.id) == [2])
        // Renamed by another program, a monster is found by its new name.
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1")
        #expect(try open().find("Kitty-Bot")?.id == 1)
        #expect(try open().find("Cat-Bot") == nil)
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "10")
        #expect(try admin.query("SELECT weapon, description FROM roster.monster WHERE id = 1").rows == [["fire", "MEOW"]])
    }

    @Test("a reader looks up and filters by name on schema 10, a monster another program renamed too")
    func reader() throws {
        let (database, admin) = try Self.schemaTen()
        defer { admin.close() }
        let open = { try Self.command(database, "ten_reader") }
        #expect(try open().find("Cat-Bot")?.id == 1)
        #expect(try open().monsterIDs(matching: KeyedNames.query("name ~ cat")) == [1])
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1")
        #expect(try open().find("kitty-bot")?.id == 1)
        #expect(try open().monsterIDs(matching: KeyedNames.query("name ~ kitty")) == [1])
        #expect(throws: RosterError.self) { try open().setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)]) }
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "10")
    }

    @Test("a reader's open transaction holds off the owner's upgrade: 75 naming the reader, nothing changed; ended, the upgrade runs")
    func readerHoldsOffTheUpgrade() throws {
        let (database, admin) = try Self.schemaTen()
        defer { admin.close() }
        let server = try PostgresTestServer.shared()
        let reader = try server.connection(as: "ten_reader", database: database)
        defer { reader.close() }
        try reader.simpleQuery("BEGIN; SELECT count(*) FROM roster.monster")
        let started = Date()
        #expect {
            _ = try Self.command(database, "postgres").find("Cat-Bot")
        } throws: { error in
            guard case RosterError.heldUp(let sentence) = error else { return false }
            return sentence.contains("cannot be upgraded now: the role `ten_reader` (server process ")
                && sentence.contains("in a transaction still open") && sentence.contains("nothing was changed")
        }
        #expect(Date().timeIntervalSince(started) < 15, "roster waited past its bound")
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == "10")
        try reader.simpleQuery("COMMIT")
        #expect(try Self.command(database, "postgres").find("Cat-Bot")?.id == 1)
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
    }
}
