import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// On PostgreSQL too every row keeps the name its key was derived from
/// (`keyed_name`, schema 11): the rows psql renamed are found in one
/// probe, whatever the count of outside writes says (here a writer set
/// `keys_checked` as if every key were checked).
@Suite("A PostgreSQL roster's keys another program left stale are found by keyed_name")
struct PostgresKeyedNameTests {
    private func query(_ text: String, sort: QueryField? = nil) throws -> MonsterQuery { try KeyedNames.query(text, sort: sort) }
    private func readsAsTwo(_ error: any Error) -> Bool { KeyedNames.readsAsTwo(error) }

    private func rename(_ id: Int64, to name: String, _ admin: PostgresConnection) throws {
        try admin.simpleQuery("UPDATE roster.monster SET name = '\(name)' WHERE id = \(id)")
        try admin.simpleQuery("UPDATE roster.roster_schema SET keys_checked = outside_writes, keys_fold = \(NameFolding.revision)")
    }

    @Test("a monster psql renamed to read as Cat-Bot is seen beside it: remove cat-bot is refused naming both, a filter by cat-bot lists both, CAT-BOT removes it alone")
    func renamedToAnExistingName() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try rename(2, to: "CAT-BOT", admin)
        #expect { try roster.remove(["cat-bot"], dryRun: false) } throws: { readsAsTwo($0) }
        #expect(try roster.monsterIDs(matching: query("name = cat-bot")) == [1, 2], "a reading takes both")
        #expect { try roster.monsterIDs(matching: query("name = cat-bot").acting) } throws: { readsAsTwo($0) }
        #expect(try roster.count() == 6)
        #expect(try roster.monsterIDs(matching: query("name = CAT-BOT")) == [2])
        #expect(try roster.monsterIDs(matching: query("name ~ cat-b")) == [1, 2])
        #expect(try roster.remove(["CAT-BOT"], dryRun: false).map(\.id) == [2])
        #expect(try roster.find("cat-bot")?.id == 1)
    }

    @Test("names psql gave, differing in width, look-alike letters or case beyond ASCII, are found by their fold",
          arguments: [("Ｗuf-Bot", "wuf-bot"), ("ꓚow-Bot", "Cow-Bot"), ("Ärgel-Bot", "ärgel-bot")])
    func foldedSpellings(_ given: String, _ asked: String) throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try rename(2, to: given, admin)
        #expect(try roster.find(asked)?.id == 2)
        #expect(try roster.find("Dog-Bot") == nil)
        #expect(try roster.monsterIDs(matching: query("name ~ \(asked.prefix(4))")) == [2])
    }

    @Test("a sorted list puts monsters psql renamed in their places, not after the others")
    func sortedWithRenamedRows() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try rename(6, to: "Aal-Bot", admin)
        try rename(3, to: "Zorn-Bot", admin)
        #expect(try roster.monsters(matching: query("name ~ -bot", sort: .name)).map(\.name)
                == ["Aal-Bot", "Cat-Bot", "Dog-Bot", "Fire-Bot", "Ice-Bot", "Zorn-Bot"])
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }

    @Test("a list sorted by name, without a filter on names, puts a monster psql renamed in its place")
    func sortedWithoutANameFilter() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try rename(5, to: "Aaa-Bot", admin)
        #expect(try roster.monsters(matching: MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name)])).map(\.id) == [5, 1, 2, 3, 4, 6])
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }

    @Test("roster's own writes leave every row keyed from its name: add, rename, each import, remove, undo and redo")
    func ownWritesKeyed() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try KeyedNames.ownWrites(roster)
        #expect(try roster.count() == 9)
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }

    /// A new roster whose monsters psql renamed as `renames` say, opened
    /// by a role that may only read it; the administrator's connection.
    private func readerRoster(renaming renames: [(Int64, String)]) throws -> (reader: PostgresRosterStore, admin: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        try admin.grantReading(to: "reader")
        _ = try PostgresRosterStore.open(uri: server.uri(database: database, user: "postgres", applicationName: "tester-a"), environment: [:]).count()
        for (id, name) in renames { try rename(id, to: name, admin) }
        let reader = try PostgresRosterStore.open(uri: server.uri(database: database, user: "reader", applicationName: "tester-a"), environment: [:])
        return (reader, admin)
    }

    @Test("a role that may only read folds the rows psql wrote, found by their names now, and changes nothing")
    func reader() throws {
        let (reader, admin) = try readerRoster(renaming: [(4, "Ｗuf-Bot"), (2, "CAT-BOT")])
        defer { admin.close() }
        #expect(try reader.find("wuf-bot")?.id == 4)
        #expect(try reader.find("Fire-Bot") == nil)
        #expect { try reader.find("cat-bot") } throws: { readsAsTwo($0) }
        #expect(try reader.monsterIDs(matching: query("name ~ wuf")) == [4])
        #expect(try reader.monsterIDs(matching: query("name ~ fire")) == [])
        #expect(try KeyedNames.nameKeys(reader)[4] == "wuf-bot", "the interface's index of names")
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "2")
    }

    @Test("a role that may only read sorts by name the rows psql renamed by their names now: list, the ids, and export")
    func readerSortsByName() throws {
        let (reader, admin) = try readerRoster(renaming: [(5, "Aaa-Bot")])
        defer { admin.close() }
        let byName = MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name)])
        #expect(try reader.monsters(matching: byName).map(\.id) == [5, 1, 2, 3, 4, 6])
        #expect(try reader.monsterIDs(matching: MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name, descending: true)]))
                == [6, 4, 3, 2, 1, 5])
        #expect(try reader.monsterIDs(matching: query("name ~ -bot", sort: .name)) == [5, 1, 2, 3, 4, 6])
        let output = ByteOutput()
        _ = try reader.appendRecords(.jsonLine, matching: byName, to: output, before: nil)
        try output.flush()
        #expect(String(decoding: output.collected, as: UTF8.self).split(separator: "\n").first?.contains("Aaa-Bot") == true)
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "1")
    }

    @Test("a role that may only read pages a list sorted by name with the rows psql renamed in their places, both ways, as the interface reads it")
    func readerSortedWindows() throws {
        let (reader, admin) = try readerRoster(renaming: [(5, "Aaa-Bot"), (3, "Zzz-Bot")])
        defer { admin.close() }
        let byName = MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name)])
        let backward = MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name, descending: true)])
        #expect(reader.pagesSortedWindows(for: byName))
        #expect(try reader.monsters(matching: byName, .first, limit: 3).map(\.id) == [5, 1, 2])
        #expect(try reader.monsters(matching: byName, .after(2), limit: 3).map(\.id) == [4, 6, 3])
        #expect(try reader.monsters(matching: byName, .last, limit: 2).map(\.id) == [6, 3])
        #expect(try reader.monsters(matching: byName, .before(4), limit: 2).map(\.id) == [1, 2])
        #expect(try reader.count(matching: byName, .after(1), upTo: nil) == 4)
        #expect(try reader.monsters(matching: backward, .first, limit: 3).map(\.id) == [3, 6, 4])
        #expect(try reader.monsters(matching: backward, .after(4), limit: 5).map(\.id) == [2, 1, 5])
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "2")
    }
}
