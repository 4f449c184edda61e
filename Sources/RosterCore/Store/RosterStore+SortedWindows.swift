/// Where a window of a sorted list starts: what the interface asks a
/// store for when it shows a sorted list without reading every id (see
/// `RosterStore.monsters(matching:_:limit:)`).
public enum SortedWindow: Sendable, Equatable {
    /// The list's first rows, or its last.
    case first, last
    /// The rows right after monster `id`, or right before it.
    case after(Int64), before(Int64)
    /// The rows from this position on: a jump with no row near it.
    case offset(Int)
}

/// Sorted windows from the whole sorted list of ids: right for every
/// store, and what a store whose order has no indexes to page by does
/// (`pagesSortedWindows` false: the interface then reads the order once).
extension RosterStore {
    public func pagesSortedWindows(for query: MonsterQuery) -> Bool { false }

    public func monsters(matching query: MonsterQuery, _ window: SortedWindow, limit: Int) throws(RosterError) -> [Monster] {
        try sortedWindowByIDs(query, window, limit: limit)
    }

    public func count(matching query: MonsterQuery, _ side: SortedWindow, upTo bound: Int?) throws(RosterError) -> Int {
        let counted = try sortedWindowByIDs(query, side, limit: Int.max).count
        return bound.map { min($0, counted) } ?? counted
    }

    /// The window cut from every id in order, read whole.
    func sortedWindowByIDs(_ query: MonsterQuery, _ window: SortedWindow, limit: Int) throws(RosterError) -> [Monster] {
        let ids = try monsterIDs(matching: MonsterQuery(conditions: query.conditions, order: query.order))
        let range: Range<Int>
        switch window {
        case .first: range = 0..<min(limit, ids.count)
        case .last: range = max(0, ids.count - limit)..<ids.count
        case .offset(let offset): range = min(offset, ids.count)..<(min(offset, ids.count) + min(limit, ids.count - min(offset, ids.count)))
        case .after(let id):
            guard let at = ids.firstIndex(of: id) else { return [] }
            range = (at + 1)..<(at + 1 + min(limit, ids.count - at - 1))
        case .before(let id):
            guard let at = ids.firstIndex(of: id) else { return [] }
            range = max(0, at - limit)..<at
        }
        let wanted = Array(ids[range])
        let found = Dictionary(try monsters(ids: wanted).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return wanted.compactMap { found[$0] }
    }
}
