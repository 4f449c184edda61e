import Testing
@testable import RosterCore

/// What every store's sorted windows must be: slices of the full sort.
enum SortedWindowChecks {
    /// Each field ascending and descending, under each filter, with a label.
    static func queries(_ fields: [QueryField], _ filters: [[MonsterCondition]] = [[]]) -> [(query: MonsterQuery, label: String)] {
        fields.flatMap { field in
            [false, true].flatMap { descending in
                filters.map { conditions in
                    (MonsterQuery(conditions: conditions, order: [MonsterSortKey(field: field, descending: descending)]),
                     "\(descending ? "-" : "")\(field.key) where \(conditions)")
                }
            }
        }
    }

    /// Every window of `query` read forward, backward, by offset, and
    /// around each monster placed, against the full sort's ids.
    static func expectWindowsMatchTheFullSort(_ store: any RosterStore, _ query: MonsterQuery, _ label: String) throws {
        let expected = try store.monsterIDs(matching: query)
        let count = expected.count
        var forward = SortedPages(query: query, count: count)
        for start in stride(from: 0, to: count, by: 7) { try forward.load(start..<(start + 7), from: store) }
        #expect((0..<count).map { forward.monster(at: $0)?.id } == expected, "\(label), forward")
        var backward = SortedPages(query: query, count: count)
        for end in stride(from: count, to: 0, by: -7) { try backward.load(max(0, end - 7)..<end, from: store) }
        #expect((0..<count).map { backward.monster(at: $0)?.id } == expected, "\(label), backward")
        for start in [count / 3, count / 2 + 1, count - 4] where start >= 0 {
            var jumped = SortedPages(query: query, count: count)
            let middle = start..<min(count, start + 5)
            try jumped.load(middle, from: store)
            #expect(middle.map { jumped.monster(at: $0)?.id } == middle.map { expected[$0] }, "\(label), by offset \(start)")
        }
        for (place, id) in expected.enumerated() where place % 3 == 1 || place == count - 1 {
            var placed = SortedPages(query: query, count: count)
            #expect(try placed.position(of: id, from: store) == place, "\(label), place of \(id)")
            let around = max(0, place - 9)..<min(count, place + 9)
            #expect(placed.isLoaded(around), "\(label), neighbours of \(id)")
            #expect(around.map { placed.monster(at: $0)?.id } == around.map { expected[$0] }, "\(label), around \(id)")
            #expect(try store.count(matching: query, .after(id), upTo: nil) == count - 1 - place, "\(label), after \(id)")
            #expect(try store.count(matching: query, .before(id), upTo: 5) == min(5, place), "\(label), 5 before \(id)")
        }
    }
}
