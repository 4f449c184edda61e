import Foundation
import Testing
@testable import RosterCore

/// The interface's sorted list on a file, read a window at a time by the
/// indexes of schema 11 instead of every id in order: each window is a
/// slice of the list `list --sort` gives (the full sort), whichever way
/// it is reached, in every order and direction, after the roster changes
/// here or in another program, and SQLite serves each statement from its
/// index without sorting.
@Suite("A sorted list on a file, a window at a time")
struct SQLiteSortedWindowTests {
    static let orders: [QueryField] = [.name, .weapon, .height, .origin, .activated, .id, .description, .nameColor, .icon]

    private func filledStore(_ folder: URL) throws -> SQLiteRosterStore {
        let store = try SQLiteRosterStore.open(path: folder.appendingPathComponent("window.db").path)
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(PostgresSortedWindowTests.roster.utf8), name: "window.csv"),
                                       format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .insert)
        return store
    }

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-windows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("every order both ways, filtered or not: pages read forward, backward, from either end and by offset are the full sort, ties by id and unknown values last")
    func windowsAreTheSortedList() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try filledStore(folder)
        let filters: [[MonsterCondition]] = [[], try QueryParser.conditions("weapon!=fire"), try QueryParser.conditions("height>=3ft"),
                                             [MonsterCondition.nameContains("win-1")]]
        #expect(store.pagesSortedWindows(for: MonsterQuery(order: [MonsterSortKey(field: .height)])))
        #expect(!store.pagesSortedWindows(for: MonsterQuery(order: [MonsterSortKey(field: .height), MonsterSortKey(field: .name)])))
        for (query, label) in SortedWindowChecks.queries(Self.orders, filters) {
            try SortedWindowChecks.expectWindowsMatchTheFullSort(store, query, label)
        }
    }

    @Test("after this roster's own change and another program's write, the windows are the new full sort")
    func windowsAfterChanges() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try filledStore(folder)
        _ = try store.setWeapon(.blowgun, matching: MonsterQuery(conditions: QueryParser.conditions("id<20")))
        let outside = try Database(path: store.path, options: [.readWrite])
        try outside.execute("""
            UPDATE monster SET height = '5ft11in', origin = 'JP', activated = '2019-03-14T09:30:00Z' WHERE id % 6 = 0;
            UPDATE monster SET height = NULL, origin = NULL, activated = NULL WHERE id % 11 = 0;
            UPDATE monster SET weapon = 'smoke', name_color = 'blue' WHERE id % 5 = 0;
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon, height)
                VALUES ('Outside-Bot', 'outside-bot', 'alpha', 'unknown.png', 'red', 'fire', '5ft11in');
            UPDATE monster SET name = 'Aaa-Bot' WHERE id = 40;
            """)
        #expect(try store.monsterIDs(matching: MonsterQuery(conditions: [.nameContains("bot")])).count == 8, "the six default bots, Aaa-Bot and Outside-Bot")
        let filters = [[], [MonsterCondition.nameContains("bot")], [MonsterCondition.nameContains("win-")]]
        for (query, label) in SortedWindowChecks.queries(Self.orders, filters) {
            try SortedWindowChecks.expectWindowsMatchTheFullSort(store, query, "after changes, \(label)")
        }
    }

    @Test("each statement a window runs on an indexed order is served by its index in order: SQLite sorts nothing, even under a filter by weapon")
    func statementsUseIndexes() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try filledStore(folder)
        try store.database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            INSERT INTO monster (name, name_key, keyed_name, description, icon, name_color, weapon, height, origin, activated)
            SELECT 'Bot-' || i, 'bot-' || i, 'Bot-' || i, 'Bot', 'unknown.png', 'default',
                   CASE i % 5 WHEN 0 THEN 'blowgun' WHEN 1 THEN 'ninja-star' WHEN 2 THEN 'fire' WHEN 3 THEN 'sword' ELSE 'smoke' END,
                   CASE WHEN i % 3 = 0 THEN NULL ELSE (i % 9) || 'ft' || (i % 12) || 'in' END,
                   CASE WHEN i % 4 = 0 THEN NULL ELSE char(65 + i % 7, 66 + i % 3) END,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE '2020-01-' || printf('%02d', i % 28 + 1) || 'T10:00:00Z' END
            FROM n;
            """)
        for (query, _) in SortedWindowChecks.queries([.name, .weapon, .height, .origin, .activated, .id], [[], try QueryParser.conditions("weapon=fire")]) {
            let count = try store.monsterIDs(matching: query).count
            var pages = SortedPages(query: query, count: count)
            try pages.load(0..<40, from: store)
            try pages.load((count - 40)..<count, from: store)
            for id: Int64 in [2500, 2502, 2504] { _ = try pages.position(of: id, from: store) }
        }
        let windows = store.database.cachedStatements.filter { $0.contains("INDEXED BY") && !$0.contains("OFFSET") }
        #expect(windows.count > 20)
        for sql in windows {
            let plan = try store.database.prepare("EXPLAIN QUERY PLAN " + sql).rows { $0.text(3) }.joined(separator: "; ")
            #expect(!plan.contains("TEMP B-TREE"), "\(sql): \(plan)")
        }
    }

    @Test("schema 11's height index is the sort's own expression")
    func heightIndexIsTheSortExpression() {
        #expect(ShippedMigrations.version11.contains("ON monster\n    (\(QuerySQL.heightInches(.sqlite)))\n    WHERE height IS NOT NULL;"))
    }
}
