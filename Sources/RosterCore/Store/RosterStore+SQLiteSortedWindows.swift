/// The file's sorted list a window at a time (see `SQLiteSortedWindows`).
/// A filter by name matches by the stored keys, as on PostgreSQL, once
/// they are made right; on a roster that cannot make them right now, the
/// list is cut from the full sort, whose reading checks each row's name.
extension SQLiteRosterStore {
    public func pagesSortedWindows(for query: MonsterQuery) -> Bool { query.order.count == 1 }

    public func monsters(matching query: MonsterQuery, _ window: SortedWindow, limit: Int) throws(RosterError) -> [Monster] {
        try guarded {
            guard let windows = try sortedWindows(query) else { return try sortedWindowByIDs(query, window, limit: limit) }
            let columns = MonsterTable.columns
            switch window {
            case .first: return try windows.read(from: nil, backward: false, limit: limit, columns, MonsterTable.monster(from:))
            case .last:
                return try windows.read(from: nil, backward: true, limit: limit, columns, MonsterTable.monster(from:)).reversed()
            case .offset(let offset): return try windows.read(offset: offset, limit: limit, columns, MonsterTable.monster(from:))
            case .after(let id), .before(let id):
                let backward = window == .before(id)
                guard let anchor = try windows.anchor(id, in: windows.segments()) else { return [] }
                let found = try windows.read(from: anchor, backward: backward, limit: limit, columns, MonsterTable.monster(from:))
                return backward ? found.reversed() : found
            }
        }
    }

    public func count(matching query: MonsterQuery, _ side: SortedWindow, upTo bound: Int?) throws(RosterError) -> Int {
        try guarded {
            guard let windows = try sortedWindows(query) else {
                let counted = try sortedWindowByIDs(query, side, limit: Int.max).count
                return bound.map { min($0, counted) } ?? counted
            }
            switch side {
            case .after(let id), .before(let id):
                guard let anchor = try windows.anchor(id, in: windows.segments()) else { return 0 }
                return try windows.count(anchor, before: side == .before(id), upTo: bound)
            case .first, .last, .offset: return 0
            }
        }
    }

    /// The reader for `query`, its names' keys made right first as a full
    /// sort by name makes them; nil for a list cut from the full sort.
    private func sortedWindows(_ query: MonsterQuery) throws -> SQLiteSortedWindows? {
        guard pagesSortedWindows(for: query), let windows = SQLiteSortedWindows(database, query) else { return nil }
        if query.hasNameCondition {
            guard try checkNameKeys() else { return nil }
        } else if query.sortsByName {
            _ = try checkNameKeys()
        }
        return windows
    }
}
