import Testing
import PostgresWire
@testable import RosterCore

/// The interface's sorted list on PostgreSQL, read a window at a time by
/// the indexes of schema 7 instead of every id in order: each window is
/// a slice of the list `list --sort` gives, whichever way it is reached,
/// and the server answers each arm from an index, never by sorting.
@Suite("A sorted list on PostgreSQL, a window at a time")
struct PostgresSortedWindowTests {
    static let orders: [QueryField] = [.name, .weapon, .height, .origin, .activated, .id, .description, .nameColor]

    /// 70 monsters with runs of equal heights, origins, activations and
    /// weapons, some of each unknown, descriptions differing in case.
    static var roster: String {
        let heights = ["5ft11in", "", "2ft4in", "10ft1in", "5ft11in", ""]
        let origins = ["JP", "", "GB", "US", "JP"]
        let moments = ["2019-03-14T09:30:00Z", "", "2018-07-02T16:45:00Z", "2019-03-14T09:30:00Z"]
        let weapons = ["fire", "sword", "ninja-star", "blowgun", "smoke", "fire", "fire"]
        let colours = ["default", "red", "green", "blue"]
        var lines = ["name,description,icon,name_color,weapon,height,origin,activated"]
        for number in 1...70 {
            let description = number % 3 == 0 ? "Zed \(number % 4)" : "alpha \(number % 4)"
            lines.append("Win-\(number),\(description),unknown.png,\(colours[number % 4]),\(weapons[number % 7]),"
                         + "\(heights[number % 6]),\(origins[number % 5]),\(moments[number % 4])")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func filledStore() throws -> PostgresRosterStore {
        let server = try PostgresTestServer.shared()
        let store = try PostgresRosterStore.open(uri: server.uri(database: try server.makeDatabase()), environment: [:])
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(Self.roster.utf8), name: "window.csv"), format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .insert)
        return store
    }

    @Test("every order both ways, filtered or not: pages read forward, backward, from either end and by offset are the sorted list, and each monster's place is its index in it")
    func windowsAreTheSortedList() throws {
        let store = try filledStore()
        #expect(store.pagesSortedWindows(for: MonsterQuery(order: [MonsterSortKey(field: .height, descending: false)])))
        let filters: [[MonsterCondition]] = [[], try QueryParser.conditions("weapon!=fire"), [MonsterCondition.nameContains("win-1")]]
        for (query, label) in SortedWindowChecks.queries(Self.orders, filters) {
            try SortedWindowChecks.expectWindowsMatchTheFullSort(store, query, label)
        }
    }

    @Test("a monster deep in the list is placed at a guess with its true neighbours; the count moves every row to its true place, and an end read first settles")
    func placedAtAGuessThenSettled() throws {
        let store = try filledStore()
        let query = MonsterQuery(order: [MonsterSortKey(field: .height, descending: true)])
        let expected = try store.monsterIDs(matching: query)
        let count = expected.count, place = 40
        var pages = SortedPages(query: query, count: count, nearEnd: 10)
        let guessed = try #require(try pages.position(of: expected[place], from: store, guess: 30))
        #expect(guessed == 30)
        #expect(pages.unsettled?.id == expected[place])
        try pages.load((guessed - 12)..<(guessed + 12), from: store)
        #expect(((guessed - 12)..<(guessed + 12)).map { pages.monster(at: $0)?.id } == ((place - 12)..<(place + 12)).map { expected[$0] })
        #expect(pages.settle(expected[place], before: place) == place - guessed)
        #expect(pages.unsettled == nil)
        #expect(((place - 12)..<(place + 12)).map { pages.monster(at: $0)?.id } == ((place - 12)..<(place + 12)).map { expected[$0] })

        var jumped = SortedPages(query: query, count: count, nearEnd: 10)
        _ = try jumped.position(of: expected[place], from: store, guess: 20)
        try jumped.load((count - 5)..<count, from: store)
        #expect(jumped.unsettled == nil)
        #expect(((count - 5)..<count).map { jumped.monster(at: $0)?.id } == Array(expected.suffix(5)))
        #expect(jumped.keptPosition(of: expected[place]) == place)
    }

    @Test("a monster psql renamed, placed in a list sorted by name: counted and read by its new name's key, so every row around it is read")
    func renamedByAnotherProgram() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:])
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(Self.roster.utf8), name: "window.csv"), format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .insert)
        let first = try #require(try store.monsters(matching: MonsterQuery(order: [MonsterSortKey(field: .name, descending: false)]),
                                                    .first, limit: 1).first)
        // Its key stays the old name's: psql knows nothing of keys.
        try admin.simpleQuery("UPDATE roster.monster SET name = 'Zzzzz-Fire' WHERE id = \(first.id)")
        let query = MonsterQuery(order: [MonsterSortKey(field: .name, descending: false)])
        let count = try store.count()
        var pages = SortedPages(query: query, count: count)
        #expect(try pages.position(of: first.id, from: store) == count - 1)
        try pages.load(0..<count, from: store)
        #expect((0..<count).allSatisfy { pages.monster(at: $0) != nil }, "rows left unread")
        #expect((0..<count).compactMap { pages.monster(at: $0)?.id } == (try store.monsterIDs(matching: query)))
    }

    @Test("each arm of a window is read off an index in its order: no sort but of a run of equal values by id, no scan of the table, for every order and direction")
    func armsUseIndexes() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.monster (name, name_key, description, icon, weapon, height, origin, activated)
            SELECT 'Bot-' || i, 'bot-' || i, 'Bot ' || i, 'unknown.png',
                   (ARRAY['blowgun', 'ninja-star', 'fire', 'sword', 'smoke'])[i % 5 + 1],
                   CASE WHEN i % 3 = 0 THEN NULL ELSE (i % 9) || 'ft' || (i % 12) || 'in' END,
                   CASE WHEN i % 4 = 0 THEN NULL ELSE (ARRAY['JP', 'GB', 'US', 'FR'])[i % 4 + 1] END,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE '2020-01-' || lpad((i % 28 + 1)::text, 2, '0') || 'T10:00:00Z' END
            FROM generate_series(1, 5000) AS i;
            ANALYZE roster.monster;
            SET enable_seqscan = off;
            """)
        for field in Self.orders where field != .description && field != .nameColor {
            for descending in [false, true] {
                let key = MonsterSortKey(field: field, descending: descending)
                let query = MonsterQuery(order: [key])
                // Monster 2502 has neither height nor origin; 2500 has both.
                var readings: [PostgresSortedWindowSQL.Reading] = [.first, .last]
                for anchor in [Int64(2500), 2502] {
                    let value = try admin.query(PostgresSortedWindowSQL.anchorValue(key), [String(anchor)]).firstValue
                    readings += [.after(anchor, value), .before(anchor, value)]
                }
                for reading in readings {
                    let select = try #require(PostgresSortedWindowSQL(selecting: PostgresMonsterTable.columns, query, reading, limit: 40))
                    let plan = try admin.query("EXPLAIN " + select.sql, select.parameters.map(\.text)).rows.compactMap { $0.first ?? nil }
                    // A sort by anything but the id (a run of equal values,
                    // which a small table may sort) is an index not used.
                    let sorts = plan.indices.filter { plan[$0].contains("Sort  (") && !plan[$0].contains("Incremental") }.filter { line in
                        let key = line + 1 < plan.count ? plan[line + 1] : ""
                        return key.contains(",") || !(key.hasSuffix("id") || key.hasSuffix("id DESC"))
                    }
                    let scans = plan.filter { $0.contains("Seq Scan") }
                    #expect(sorts.isEmpty && scans.isEmpty, "\(descending ? "-" : "")\(field.key) \(reading):\n\(plan.joined(separator: "\n"))")
                }
            }
        }
    }

    @Test("schema 7's height index is on the very expression a sort by height computes")
    func heightIndexMatchesTheSort() {
        #expect(PostgresSchema.version7.contains("(\(QuerySQL.heightInches(.postgres)), id)"))
        #expect(PostgresSchema.version7.contains("WHERE \(QuerySQL.heightInches(.postgres)) IS NOT NULL"))
    }
}
