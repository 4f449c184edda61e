import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// `--where name=…` on PostgreSQL means what a name means to a lookup:
/// each matched row's current name is checked again, so a key another
/// program left stale while the bookkeeping says every key was checked
/// (issue 23's H3b) never acts on the wrong monster; of a look-alike pair
/// psql made, the exact spelling takes only its own monster, an upsert
/// spelled as neither is refused at its line, and undo gives either back
/// (F1).
@Suite("Filters by name on PostgreSQL re-check names and keep look-alike pairs apart")
struct PostgresNameFilterRecheckTests {
    private func store(_ database: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: "postgres", applicationName: "tester-a"),
                                     environment: [:])
    }

    private func query(_ text: String) throws -> MonsterQuery {
        MonsterQuery(conditions: try QueryParser.conditions([text]))
    }

    private func readAlike(_ error: any Error) -> String? {
        guard case RosterError.namesReadAlike(let sentence) = error else { return nil }
        return sentence
    }

    /// Swaps the names of monsters 1 and 2 with their keys left as they
    /// were, then marks every key checked: what a writer that deletes its
    /// own history entry or plants transaction ids gets past the count.
    private func swapUnseen(_ admin: PostgresConnection) throws {
        try admin.simpleQuery("UPDATE roster.monster SET name = CASE id WHEN 1 THEN 'Dog-Bot' ELSE 'Cat-Bot' END WHERE id IN (1, 2)")
        try admin.simpleQuery("UPDATE roster.roster_schema SET keys_checked = outside_writes, keys_fold = \(NameFolding.revision)")
    }

    /// A new roster of its own, its monsters 1 and 2 then swapped unseen.
    private func rosterSwappedUnseen() throws -> (roster: PostgresRosterStore, admin: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        let roster = try store(database)
        _ = try roster.count()
        try swapUnseen(admin)
        return (roster, admin)
    }

    /// A roster with the Lisu `ꓚat-Bot` (id 7) inserted by psql beside `Cat-Bot` (id 1).
    private func rosterWithPair() throws -> (roster: PostgresRosterStore, admin: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        let roster = try store(database)
        _ = try roster.count()
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('ꓚat-Bot', 'zz-old', 'unknown.png', 'smoke')")
        // Its key derived again, in a write of its own.
        _ = try roster.find("Cat-Bot")
        return (roster, admin)
    }

    @Test("names swapped unseen, keys left stale and counted as checked: name= acts on the monster named so now")
    func swappedUnseen() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        _ = try roster.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try swapUnseen(admin)
        // `~` streams its matches, each checked against its name.
        #expect(try roster.monsters(matching: query("name ~ cat")).map(\.id) == [2])
        #expect(try roster.monsterIDs(matching: query("name~dog")) == [1])
        #expect(try roster.monsters(matching: query("name = Cat-Bot")).map(\.id) == [2])
        #expect(try roster.monsterIDs(matching: query("name=dog-bot")) == [1])
        #expect(try roster.monsterIDs(matching: query("name!=Cat-Bot")) == [1, 3, 4, 5, 6])
        _ = try roster.setWeapon(.smoke, matching: query("name=Cat-Bot"), dryRun: false, expecting: nil)
        #expect(try admin.query("SELECT id, weapon FROM roster.monster WHERE id IN (1, 2) ORDER BY id").rows == [["1", "fire"], ["2", "smoke"]])
    }

    @Test("name= alone after such a swap finds the monster named so now")
    func equalsAfterSwap() throws {
        let (roster, admin) = try rosterSwappedUnseen()
        defer { admin.close() }
        #expect(try roster.monsters(matching: query("name = Cat-Bot")).map(\.id) == [2])
    }

    @Test("a lookup by name after such a swap finds the monster named so now")
    func lookupAfterSwap() throws {
        let (roster, admin) = try rosterSwappedUnseen()
        defer { admin.close() }
        #expect(try roster.find("Cat-Bot")?.id == 2)
        #expect(try roster.remove(["Dog-Bot"], dryRun: true).map(\.id) == [1])
    }

    @Test("name= spelled exactly as one of a look-alike pair takes that one only; spelled as neither, a reading takes both and != neither, an action is refused naming both")
    func exactSpellingOfAPair() throws {
        let (roster, admin) = try rosterWithPair()
        defer { admin.close() }
        #expect(try roster.monsters(matching: query("name = ꓚat-Bot")).map(\.id) == [7])
        #expect(try roster.monsterIDs(matching: query("name = Cat-Bot")) == [1])
        #expect(try roster.monsterIDs(matching: query("name = CAT-BOT")) == [1, 7])
        #expect(try roster.monsterIDs(matching: query("name != CAT-BOT")) == [2, 3, 4, 5, 6])
        #expect {
            try roster.setWeapon(.fire, matching: query("name = CAT-BOT"), dryRun: false, expecting: nil)
        } throws: { readAlike($0)?.contains("`Cat-Bot` (id 1) and `ꓚat-Bot` (id 7)") == true }
        #expect(try roster.monsters(matching: query("weapon = fire")).map(\.id) == [5], "nothing was changed")
        #expect(try roster.remove(try roster.monsterIDs(matching: query("name = ꓚat-Bot")).map { "#\($0)" }, dryRun: false).map(\.id) == [7])
        #expect(try roster.count() == 6)
    }

    @Test("undo of a removal of one or both of a look-alike pair gives them back, never a raw 23505")
    func undoRestoresThePair() throws {
        let (roster, admin) = try rosterWithPair()
        defer { admin.close() }
        _ = try roster.remove(["#7"], dryRun: false)
        _ = try roster.undo()
        #expect(try roster.find("ꓚat-Bot")?.id == 7)
        #expect(try roster.find("Cat-Bot")?.id == 1)
        _ = try roster.remove(["#1", "#7"], dryRun: false)
        _ = try roster.undo()
        #expect(try roster.count() == 7)
        #expect(try roster.find("ꓚat-Bot")?.id == 7)
        #expect(try roster.find("Cat-Bot")?.id == 1)
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id IN (1, 7) ORDER BY id").rows == [["cat-bot"], ["cat-bot\n7"]])
    }

    @Test("a look-alike psql added after the removal still refuses its undo, naming it")
    func undoRefusedByALaterLookAlike() throws {
        let (roster, admin) = try rosterWithPair()
        defer { admin.close() }
        _ = try roster.remove(["#7"], dryRun: false)
        let removal = try #require(Int64(try admin.query("SELECT max(id) FROM roster.history").firstValue ?? ""))
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('ꓚAT-BOT', 'zz-new', 'unknown.png', 'fire')")
        _ = try roster.find("Cat-Bot")
        #expect {
            try roster.undo(change: removal, dryRun: false)
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("reads as `ꓚAT-BOT` (id 8), and another program wrote the roster since")
        }
    }

    @Test("an upsert of a name reading as both of a pair is refused at its line; the exact spelling updates that one")
    func upsertOfAPair() throws {
        let (roster, admin) = try rosterWithPair()
        defer { admin.close() }
        _ = try roster.find("Cat-Bot")
        func upsert(_ text: String) throws -> ImportSummary {
            let reader = try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "input", chunkSize: 1 << 20), format: nil, raw: false)
            return try roster.importMonsters(from: reader, mode: .upsert, dryRun: false, progress: nil)
        }
        #expect {
            try upsert("name,weapon\nꓚAT-BOT,fire\n")
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.count == 1 && problems[0].location?.line == 2
                && problems[0].message.contains("`Cat-Bot` (id 1) and `ꓚat-Bot` (id 7)")
        }
        #expect(try upsert("name,weapon\nꓚat-Bot,fire\n").updated == 1)
        #expect(try admin.query("SELECT id, weapon FROM roster.monster WHERE id IN (1, 7) ORDER BY id").rows == [["1", "sword"], ["7", "fire"]])
    }

    @Test("a case change of a pair member's own name says which monster it reads as")
    func renameWithinAPair() throws {
        let (roster, admin) = try rosterWithPair()
        defer { admin.close() }
        #expect {
            try roster.edit("ꓚat-Bot", MonsterChanges(name: "ꓚAT-Bot"), dryRun: false, expecting: ExpectedValues())
        } throws: { error in
            (error as? RosterError)?.description.contains("`ꓚAT-Bot` reads as `Cat-Bot` (id 1), which is already on the roster") == true
        }
    }

    @Test("a name that reads as an id and an id named so: the hint says '#5'")
    func numberNamesHint() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let roster = try store(database)
        try admin.simpleQuery("UPDATE roster.monster SET name = CASE id WHEN 1 THEN '5' ELSE '1' END WHERE id IN (1, 5)")
        #expect {
            try roster.find("5")
        } throws: { readAlike($0)?.contains("write '#5' to mean the first") == true }
    }
}
