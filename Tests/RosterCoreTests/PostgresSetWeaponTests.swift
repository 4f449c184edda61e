import Testing
import PostgresWire
@testable import RosterCore

/// `set-weapon NAME WEAPON` on PostgreSQL, the command scripts run most:
/// two round trips after opening (the lookup, then the writes with the
/// COMMIT), its one monster written in single-row statements that record
/// the same history as a change of many, every refusal in the usual words,
/// nothing half applied.
@Suite("set-weapon of one monster on PostgreSQL")
struct PostgresSetWeaponTests {
    /// A database of its own holding the default roster: its name, a
    /// connection of the administrator's (the caller closes it), and
    /// roster's store on it.
    private func freshRoster() throws -> (database: String, admin: PostgresConnection, store: PostgresRosterStore) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        return (database, try server.adminConnection(database: database), try store(database))
    }

    private func store(_ database: String, user: String = "postgres") throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "tester-a"),
                                     environment: [:])
    }

    private func assign(_ name: String, _ weapon: WeaponType) -> [WeaponAssignment] {
        [WeaponAssignment(reference: name, weapon: weapon)]
    }

    /// What a request costs: the round trips `body` takes on `store`.
    private func roundTrips(_ store: PostgresRosterStore, _ body: () throws -> Void) rethrows -> Int {
        let before = store.connection.requestsSent
        try body()
        return store.connection.requestsSent - before
    }

    private func state(_ admin: PostgresConnection) throws -> [[String?]] {
        try admin.query("SELECT weapon, (SELECT count(*) FROM roster.history) FROM roster.monster WHERE id = 1").rows
    }

    @Test("two round trips: the weapon, the entry and its row, announced on the channel, taken back by undo")
    func twoRoundTrips() throws {
        let (_, admin, roster) = try freshRoster()
        defer { admin.close() }
        try admin.listen(PostgresRosterStore.notificationChannel)
        var changes: [WeaponChange] = []
        #expect(try roundTrips(roster) { changes = try roster.setWeapons(assign("Cat-Bot", .fire)) } == 2)
        #expect(changes.map(\.monster.weapon.type) == [.sword] && changes.map(\.weapon) == [.fire])
        let entry = try #require(try roster.history().first)
        #expect(entry.line == "set-weapon Cat-Bot: Sword → Fire")
        #expect(entry.author == "postgres on tester-a")
        let revisions = try roster.revisions(of: entry)
        var after = try #require(changes.first?.monster)
        after.weapon = Weapon(.fire)
        #expect(revisions == [MonsterRevision(monsterID: 1, before: changes.first?.monster, after: after)])
        #expect(try admin.waitForNotifications(milliseconds: 2_000).map(\.payload) == [String(entry.id)])
        // Undo takes it back as any change.
        _ = try roster.undo()
        #expect(try roster.find("Cat-Bot")?.weapon.type == .sword)
    }

    @Test("a name typed in another spelling: the entry names the monster as stored")
    func anotherSpelling() throws {
        let database = try PostgresTestServer.shared().makeDatabase()
        let roster = try store(database)
        #expect(try roundTrips(roster) { _ = try roster.setWeapons(assign("CAT-bot", .smoke)) } == 2)
        #expect(try roster.history().first?.line == "set-weapon Cat-Bot: Sword → Smoke")
        #expect(try roster.find("Cat-Bot")?.weapon.type == .smoke)
    }

    @Test("an unchanged weapon, an unknown name, a --from that no longer holds: told, nothing written")
    func refusals() throws {
        let (_, admin, roster) = try freshRoster()
        defer { admin.close() }
        var unchanged: [WeaponChange] = []
        #expect(try roundTrips(roster) { unchanged = try roster.setWeapons(assign("Cat-Bot", .sword)) } == 2)
        #expect(unchanged.map(\.isChange) == [false])
        #expect {
            try roster.setWeapons(assign("Cat-Bto", .fire))
        } throws: { error in
            guard case RosterError.monsterNotFound("Cat-Bto", let suggestion) = error else { return false }
            return suggestion == "Cat-Bot"
        }
        #expect {
            try roster.setWeapons(assign("Cat-Bot", .fire), expecting: .smoke)
        } throws: { error in
            guard case RosterError.changedSince(let current, _) = error else { return false }
            return current.weapon.type == .sword
        }
        #expect(try state(admin) == [["sword", "0"]])
    }

    @Test("names another program made read alike: the exact spelling changed, any other refused, nothing written")
    func namesReadingAlike() throws {
        let (_, admin, roster) = try freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('cat-bot', 'bogus', 'unknown.png', 'smoke')")
        // The outside write leaves the keys unchecked: the usual way corrects them.
        _ = try roster.setWeapons(assign("cat-bot", .fire))
        #expect(try roundTrips(roster) { _ = try roster.setWeapons(assign("Cat-Bot", .blowgun)) } == 2)
        #expect(try admin.query("SELECT id, weapon FROM roster.monster WHERE id IN (1, 7) ORDER BY id").rows == [["1", "blowgun"], ["7", "fire"]])
        #expect {
            try roster.setWeapons(assign("CAT-BOT", .smoke))
        } throws: { error in
            guard case RosterError.namesReadAlike = error else { return false }
            return true
        }
        #expect(try roster.history().map(\.line) == ["set-weapon Cat-Bot: Sword → Blowgun", "set-weapon cat-bot: Smoke → Fire"])
    }

    @Test("a failure anywhere in the write (the history refusing the entry, a reader's refused write) changes nothing")
    func nothingHalfApplied() throws {
        let (database, admin, roster) = try freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("ALTER TABLE roster.history ADD CONSTRAINT refused CHECK (id < 0) NOT VALID")
        #expect(throws: RosterError.self) { try roster.setWeapons(assign("Cat-Bot", .fire)) }
        #expect(try state(admin) == [["sword", "0"]])
        try admin.simpleQuery("ALTER TABLE roster.history DROP CONSTRAINT refused")
        try admin.grantReading(to: "reader")
        #expect {
            try store(database, user: "reader").setWeapons(assign("Cat-Bot", .fire))
        } throws: { error in
            guard case RosterError.notPermitted = error else { return false }
            return true
        }
        #expect(try state(admin) == [["sword", "0"]])
        _ = try roster.setWeapons(assign("Cat-Bot", .fire))
        #expect(try state(admin) == [["fire", "1"]])
    }

    @Test("a name filter's key check rides with the statement that trusts the keys; keys another program left go the long way")
    func nameFilterKeyCheck() throws {
        let (_, admin, roster) = try freshRoster()
        defer { admin.close() }
        let named = MonsterQuery(conditions: try QueryParser.conditions("name=cat-bot"))
        var ids: [Int64] = []
        #expect(try roundTrips(roster) { ids = try roster.monsterIDs(matching: named) } == 1)
        #expect(ids == [1])
        // Renamed by psql, its key left: matched by its name, not its old key.
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Kit-Bot' WHERE id = 1")
        #expect(try roster.monsterIDs(matching: named).isEmpty)
        #expect(try roster.monsterIDs(matching: MonsterQuery(conditions: try QueryParser.conditions("name=kit-bot"))) == [1])
        _ = try roster.setWeapon(.fire, matching: MonsterQuery(conditions: try QueryParser.conditions("name=Kit-Bot")), dryRun: false, expecting: nil)
        #expect(try admin.query("SELECT weapon FROM roster.monster WHERE id = 1").firstValue == "fire")
    }
}
