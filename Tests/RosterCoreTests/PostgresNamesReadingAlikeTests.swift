import Testing
import PostgresWire
@testable import RosterCore

/// Names another program made read alike on PostgreSQL (the "Twin-Bot"
/// case): psql inserts `Twin-Bot` beside roster's `twin-bot` with a key
/// roster did not compute, or renames a monster and leaves its key. As in
/// the file, the exact spelling finds each, any other spelling is refused
/// naming both, roster never acts on the other one, and never calls the
/// roster damaged.
@Suite("A roster on PostgreSQL whose names another program made read alike")
struct PostgresNamesReadingAlikeTests {
    private func store(_ database: String, user: String = "postgres") throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "tester-a"),
                                     environment: [:])
    }

    private func monster(_ name: String) -> Monster {
        Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))
    }

    private func isReadingAlike(_ error: any Error) -> Bool {
        guard case RosterError.namesReadAlike(let sentence) = error else { return false }
        return sentence.contains("`twin-bot` (id 7) and `Twin-Bot` (id 8)")
    }

    private func weapons(_ admin: PostgresConnection) throws -> [[String?]] {
        try admin.query("SELECT id, weapon FROM roster.monster WHERE id >= 7 ORDER BY id").rows
    }

    @Test("Twin-Bot inserted by psql with a key of its own beside roster's twin-bot: each found by its exact spelling, any other refused")
    func insertedBeside() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        _ = try roster.add(monster("twin-bot"), dryRun: false)
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('Twin-Bot', 'bogus', 'unknown.png', 'smoke')")
        #expect(try roster.find("Twin-Bot")?.id == 8)
        #expect(try roster.find("twin-bot")?.id == 7)
        #expect { try roster.find("TWIN-BOT") } throws: { isReadingAlike($0) }
        _ = try roster.setWeapons([WeaponAssignment(reference: "Twin-Bot", weapon: .sword)])
        #expect(try weapons(admin) == [["7", "fire"], ["8", "sword"]])
        _ = try roster.setWeapons([WeaponAssignment(reference: "twin-bot", weapon: .blowgun)])
        #expect(try weapons(admin) == [["7", "blowgun"], ["8", "sword"]])
        #expect { try roster.remove(["TWIN-BOT"], dryRun: false) } throws: { isReadingAlike($0) }
        #expect { try roster.setWeapons([WeaponAssignment(reference: "tWIN-bOT", weapon: .fire)]) } throws: { isReadingAlike($0) }
        #expect(try weapons(admin) == [["7", "blowgun"], ["8", "sword"]])
        // Re-derived, the later one keyed by its id; edited, it keeps that key.
        #expect(try admin.query("SELECT id, name_key FROM roster.monster WHERE id >= 7 ORDER BY id").rows == [["7", "twin-bot"], ["8", "twin-bot\n8"]])
        #expect(try roster.edit("Twin-Bot", MonsterChanges(description: "the other one"), dryRun: false).after.description == "the other one")
        #expect(try admin.query("SELECT description FROM roster.monster WHERE id = 7").firstValue == "")
        #expect {
            try roster.add(monster("TWIN-BOT"), dryRun: false)
        } throws: { error in
            guard case RosterError.namesReadAlike(let sentence) = error else { return false }
            return sentence.hasPrefix("the name `TWIN-BOT` reads as `twin-bot` (id 7) and `Twin-Bot` (id 8), already on the roster")
        }
        #expect(try roster.count() == 8)
    }

    @Test("a key psql left that no name of roster's gives is re-derived, so the name cannot be added twice")
    func keyRosterDidNotCompute() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('Twin-Bot', 'Twin-Bot', 'unknown.png', 'smoke')")
        #expect {
            try roster.add(monster("twin-bot"), dryRun: false)
        } throws: { error in
            guard case RosterError.nameTaken(_, let existing) = error else { return false }
            return existing == "Twin-Bot"
        }
        #expect(try roster.find("TWIN-BOT")?.id == 7)
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id = 7").firstValue == "twin-bot")
    }

    @Test("Dog-Bot renamed cat-bot by psql, its key left: Cat-Bot and cat-bot each by spelling, CAT-BOT refused, Dog-Bot gone")
    func renamedOntoAnother() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        try admin.simpleQuery("UPDATE roster.monster SET name = 'cat-bot' WHERE name = 'Dog-Bot'")
        #expect(try roster.find("Dog-Bot") == nil)
        #expect(try roster.find("Cat-Bot")?.id == 1)
        #expect(try roster.find("cat-bot")?.id == 2)
        #expect {
            try roster.remove(["CAT-BOT"], dryRun: true)
        } throws: { error in
            guard case RosterError.namesReadAlike(let sentence) = error else { return false }
            return sentence.contains("`Cat-Bot` (id 1) and `cat-bot` (id 2)")
        }
        #expect(try roster.remove(["cat-bot"], dryRun: false).map(\.id) == [2])
        #expect(try roster.find("CAT-BOT")?.id == 1)
    }

    @Test("a role that may only read, which cannot correct the keys, compares names instead and changes nothing")
    func reader() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantReading(to: "reader")
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('cat-bot', 'bogus', 'unknown.png', 'smoke')")
        let reader = try store(database, user: "reader")
        #expect(try reader.find("cat-bot")?.id == 7)
        #expect(try reader.find("Cat-Bot")?.id == 1)
        #expect {
            try reader.setWeapons([WeaponAssignment(reference: "CAT-BOT", weapon: .fire)], dryRun: true)
        } throws: { error in
            guard case RosterError.namesReadAlike = error else { return false }
            return true
        }
        #expect(try reader.setWeapons([WeaponAssignment(reference: "cat-bot", weapon: .fire)], dryRun: true).map(\.monster.id) == [7])
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id = 7").firstValue == "bogus")
    }

    @Test("H4: a name `#5` psql wrote, which reads as Ice-Bot's id, is refused naming both; neither is touched")
    func nameReadingAsAnID() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        #expect(try roster.count() == 6)
        try admin.simpleQuery("UPDATE roster.monster SET name = '#5' WHERE id = 1")
        func isBoth(_ error: any Error) -> Bool {
            guard case RosterError.namesReadAlike(let sentence) = error else { return false }
            return sentence.contains("`Ice-Bot` (id 5)") && sentence.contains("roster edit '#1' --name")
        }
        #expect { try roster.find("#5") } throws: { isBoth($0) }
        #expect { try roster.remove(["#5"], dryRun: false) } throws: { isBoth($0) }
        #expect { try roster.setWeapons([WeaponAssignment(reference: "#5", weapon: .smoke)]) } throws: { isBoth($0) }
        #expect(try admin.query("SELECT id, weapon FROM roster.monster WHERE id IN (1, 5) ORDER BY id").rows == [["1", "sword"], ["5", "fire"]])
    }
}
