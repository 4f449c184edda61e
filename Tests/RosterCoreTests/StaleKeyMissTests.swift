import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A monster renamed by another program that left its key, the
/// bookkeeping saying every key was checked: `name =` and `show` find it
/// by its name now, and a file is never called damaged (attack20's M2).
@Suite("A rename that left its key stale is found by name = and by name")
struct StaleKeyMissTests {
    private func query(_ text: String) throws -> MonsterQuery {
        MonsterQuery(conditions: try QueryParser.conditions([text]))
    }

    @Test("a file: name = Zap-Bot, set-weapon and find reach monster 5")
    func onAFile() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("UPDATE monster SET name = 'Zap-Bot' WHERE id = 5; UPDATE monster_changes SET keys_checked = count")
        // `~` matches the stored name too; the stale row is found, by id.
        #expect(try roster.store.monsterIDs(matching: query("name ~ zap")) == [5])
        #expect(try roster.store.monsterIDs(matching: query("name ~ 100%_")) == [])
        try other.execute("UPDATE monster SET name = 'Zip-Bot' WHERE id = 5; UPDATE monster_changes SET keys_checked = count")
        #expect(try roster.store.monsters(matching: query("name ~ ZIP")).map(\.id) == [5])
        try other.execute("UPDATE monster SET name = 'Zap-Bot' WHERE id = 5; UPDATE monster_changes SET keys_checked = count")
        #expect(try roster.store.monsterIDs(matching: query("name = Zap-Bot")) == [5])
        #expect(try roster.store.find("zap-bot")?.id == 5)
        _ = try roster.store.setWeapon(.smoke, matching: query("name=Zap-Bot"), dryRun: false, expecting: nil)
        #expect(try roster.store.monster(id: 5)?.weapon.type == .smoke)
    }

    @Test("PostgreSQL: a writer that kept its history entry renamed Dog-Bot; name = Wuf-Bot finds it")
    func onPostgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Wuf-Bot' WHERE id = 2")
        try admin.simpleQuery("UPDATE roster.roster_schema SET keys_checked = outside_writes, keys_fold = \(NameFolding.revision)")
        #expect(try roster.monsterIDs(matching: query("name = Wuf-Bot")) == [2])
        // `~` matches the stored name too (ILIKE); the stale row is found.
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Fyr-Bot' WHERE id = 4")
        try admin.simpleQuery("UPDATE roster.roster_schema SET keys_checked = outside_writes, keys_fold = \(NameFolding.revision)")
        #expect(try roster.monsterIDs(matching: query("name ~ FYR")) == [4])
        #expect(try roster.monsterIDs(matching: query("name ~ _")) == [])
        _ = try roster.setWeapon(.smoke, matching: query("name = wuf-bot"), dryRun: false, expecting: nil)
        #expect(try roster.monster(id: 2)?.weapon.type == .smoke)
    }
}
