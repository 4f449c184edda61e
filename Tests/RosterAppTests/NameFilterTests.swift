import Foundation
import Testing
@testable import RosterApp
@testable import RosterCore

/// The name filter as typed: each letter narrows the list, each ⌫ widens
/// it, and the list always holds exactly the monsters whose names
/// contain the filter, whichever way the index found them.
@Suite("The name filter finds exactly the names that contain it, as it is typed and erased")
struct NameFilterTests {
    static let names = ["Bot-1", "Bot-19", "Bot-91", "Bot-919", "Élan", "Ælf-Bot", "日本-Bot", "bb", "b",
                        "Robo-B", "Café", "Bob", "Abba"]

    func list() throws -> (MonsterListModel, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
        for name in Self.names {
            try store.database.execute("""
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                VALUES ('\(name)', '\(MonsterRules.nameKey(name))', '', 'unknown.png', 'default', 'sword')
                """)
        }
        return (try MonsterListModel(store: store), directory)
    }

    /// The names a person should see for `filter`, in roster order.
    func expected(_ filter: String, in all: [String]) -> [String] {
        let key = Array(MonsterRules.nameKey(filter).utf8)
        return all.filter { name in
            let folded = Array(MonsterRules.nameKey(name).utf8)
            guard key.count <= folded.count else { return false }
            return (0...(folded.count - key.count)).contains { folded[$0..<($0 + key.count)].elementsEqual(key) }
        }
    }

    func shown(_ list: MonsterListModel) throws -> [String] {
        try (0..<list.count).compactMap { try list.monster(at: $0)?.name }
    }

    @Test("typing and erasing letter by letter shows the same names as filtering from scratch")
    func typedLetterByLetter() throws {
        let (list, directory) = try list()
        defer { try? FileManager.default.removeItem(at: directory) }
        let everyone = try shown(list)
        #expect(everyone.count == 6 + Self.names.count)
        for word in ["bot-91", "b", "bb", "caf", "café", "é", "日本", "o-b", "zz"] {
            var typed = ""
            for letter in word {
                typed.append(letter)
                list.setFilter(typed)
                #expect(try shown(list) == expected(typed, in: everyone), "after typing “\(typed)”")
            }
            while !typed.isEmpty {
                typed.removeLast()
                list.setFilter(typed)
                #expect(try shown(list) == expected(typed, in: everyone), "after erasing back to “\(typed)”")
            }
        }
    }

    @Test("a filter typed again after the roster changed shows the change, not the names it matched before")
    func changeForgetsRecentFilters() throws {
        let (list, directory) = try list()
        defer { try? FileManager.default.removeItem(at: directory) }
        list.setFilter("bo")
        list.setFilter("bob")
        try #require(list.store as? SQLiteRosterStore).database.execute("""
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
            VALUES ('Bo-Peep', 'bo-peep', '', 'unknown.png', 'default', 'sword')
            """)
        try list.refresh()
        list.setFilter("bo")
        #expect(try shown(list).contains("Bo-Peep"), "⌫ back to “bo” reads the changed roster")
    }

    @Test("a filter every name contains gives the whole roster, without a list of every row")
    func everyNameMatches() {
        let names = ["bot-1", "bot-2", "robot", "bot-12"]
        var keys: [UInt8] = [], starts: [UInt32] = []
        for name in names {
            starts.append(UInt32(keys.count))
            keys += Array(name.utf8) + [0x0A]
        }
        starts.append(UInt32(keys.count))
        let index = NameIndex(ids: [1, 2, 3, 4], keys: keys, starts: starts)
        #expect(index.rows(matching: "bot") == nil, "every row: nil, the roster itself")
        #expect(index.rows(matching: "bot-") == [0, 1, 3])
        #expect(index.rows(matching: "t-2", among: [0, 1, 3]) == [1])
        #expect(index.rows(matching: "2", among: [0, 1, 3]) == [1, 3])
        #expect(index.rows(matching: "2", among: [1]) == [1], "few candidates: only theirs are read")
        #expect(index.rows(matching: "\n") == [], "the names' separator never matches")
        #expect(index.rows(matching: "obot") == [2])
        #expect(index.rows(matching: "bot-12x") == [])
    }

    /// The index over `names`, made by hand as `NameIndex.load` lays it out.
    static func index(of names: [String]) -> RosterApp.NameIndex {
        var keys: [UInt8] = [], starts: [UInt32] = []
        for name in names {
            starts.append(UInt32(keys.count))
            keys += Array(name.utf8) + [0x0A]
        }
        starts.append(UInt32(keys.count))
        return RosterApp.NameIndex(ids: (0..<Int64(names.count)).map { $0 + 1 }, keys: keys, starts: starts)
    }

    @Test("the full scan finds exactly the rows a byte-by-byte search finds, in runs of matches and gaps alike")
    func scanAgainstReference() {
        // Few letters, so that names match in runs from row 0, in runs
        // further on, alone, and where a name repeats the first byte
        // before the match ("aab" in "aaab").
        let letters: [String] = ["a", "b", "a", "-", "é", "ab"]
        var random = SeededGenerator(seed: 13)
        for _ in 0..<2_000 {
            let names = (0..<Int.random(in: 0...14, using: &random)).map { _ in
                (0..<Int.random(in: 1...5, using: &random)).map { _ in letters.randomElement(using: &random) ?? "a" }.joined()
            }
            let index = Self.index(of: names)
            for _ in 0..<6 {
                let query = (0..<Int.random(in: 1...3, using: &random)).map { _ in letters.randomElement(using: &random) ?? "a" }.joined()
                let pattern = Array(query.utf8)
                let rows = names.indices.filter { row in
                    let name = Array(names[row].utf8)
                    return pattern.count <= name.count
                        && (0...(name.count - pattern.count)).contains { name[$0..<($0 + pattern.count)].elementsEqual(pattern) }
                }.map { Int32($0) }
                #expect(index.rows(matching: query) == (rows.count == names.count ? nil : rows), "“\(query)” in \(names)")
            }
        }
    }

    @Test("a monster's row is found by its id whatever gaps removals left, and an id not held finds none")
    func rowsOfIDsWithGaps() {
        var random = SeededGenerator(seed: 29)
        let extremes: [Int64] = [.min, .min + 1, -3, 0, 1, 2, .max - 1, .max]
        for _ in 0..<500 {
            var ids = Set((0..<Int.random(in: 0...12, using: &random)).map { _ in Int64.random(in: -4...40, using: &random) })
            if Bool.random(using: &random) { ids.insert(extremes.randomElement(using: &random) ?? 0) }
            let sorted = ids.sorted()
            let index = NameIndex(ids: sorted, keys: Array(repeating: 0x0A, count: sorted.count),
                                  starts: (0...sorted.count).map(UInt32.init))
            for id in extremes + (-6...42).map(Int64.init) {
                #expect(index.row(of: id) == sorted.firstIndex(of: id), "\(id) among \(sorted)")
            }
        }
    }
}
