/// A sorted list read from the store a window at a time, on a store that
/// pages by its indexes (`pagesSortedWindows`: PostgreSQL, and a file): the list
/// never holds every id of a million monsters in their order.
///
/// Rows are kept by position. A row asked for is read from a row kept
/// beside it: the rows after the one above it, or before the one below it
/// (keyset paging, as cheap deep in the list as at its top). With no row
/// near, the list's first rows, its last (Home, End), or, for a jump into
/// the middle, the rows at that offset, which the server counts its way to.
///
/// Where a given monster stands (the selection kept across a new sort or
/// filter, a monster found) is how many come before it: counted up to
/// `nearEnd` from each end, which answers at once for a monster near the
/// top or the bottom. Deeper in, the count runs over the index as far as
/// the monster lies (a tenth of a second or more at a million), so a
/// caller that gives a `guess` gets the monster placed there at once,
/// *unsettled*: its neighbours are read around it and scrolling from them
/// is right, while the count runs elsewhere; `settle` then moves every
/// row kept by the difference. A read that needs true positions (an end,
/// an offset) settles first. The monster's neighbours are read with it,
/// so the rows around it need no offset.
public struct SortedPages: Sendable {
    /// The list's conditions and its one sort key.
    public let query: MonsterQuery
    /// How many monsters the list holds (the filter's matches, or all).
    public let count: Int
    private(set) var rows: [Int: Monster] = [:]
    private var positions: [Int64: Int] = [:]
    /// A monster placed at a guess, with the guess, until counted.
    public private(set) var unsettled: (id: Int64, guess: Int)?
    /// How many rows are kept at most; the farthest from a read go first.
    static let keptRows = 4096
    /// A monster this near an end is placed by a count that stops there.
    /// Small: under a name filter each row counted is a read of its name
    /// (20,000 took 55 ms at a million), and a guess costs nothing.
    public let nearEnd: Int
    /// How many rows are read on each side of a monster placed.
    static let neighbours = 48

    public init(query: MonsterQuery, count: Int, nearEnd: Int = 2_000) {
        self.query = query
        self.count = count
        self.nearEnd = nearEnd
    }

    /// Whether a row at `range` would need a read.
    public func isLoaded(_ range: Range<Int>) -> Bool {
        range.clamped(to: 0..<count).allSatisfy { rows[$0] != nil }
    }

    /// Reads the rows of `range` that are not kept, each gap in one read.
    public mutating func load(_ range: Range<Int>, from store: any RosterStore) throws(RosterError) {
        let wanted = range.clamped(to: 0..<count)
        guard !wanted.isEmpty else { return }
        trim(around: wanted)
        var position = wanted.lowerBound
        while position < wanted.upperBound {
            guard rows[position] == nil else {
                position += 1
                continue
            }
            var end = position + 1
            while end < wanted.upperBound, rows[end] == nil { end += 1 }
            try fill(position..<end, from: store)
            position = end
        }
    }

    /// Reads one gap: from a kept neighbour, else from an end, else by offset.
    private mutating func fill(_ gap: Range<Int>, from store: any RosterStore) throws(RosterError) {
        let limit = gap.count
        if let above = rows[gap.lowerBound - 1] {
            place(try store.monsters(matching: query, .after(above.id), limit: limit), from: gap.lowerBound)
        } else if let below = rows[gap.upperBound] {
            let found = try store.monsters(matching: query, .before(below.id), limit: limit)
            place(found, from: gap.upperBound - found.count)
        } else if let unsettled {
            // Positions from here on are true ones: count, then read.
            _ = settle(unsettled.id, before: try store.count(matching: query, .before(unsettled.id), upTo: nil))
            if !isLoaded(gap) { try fill(gap, from: store) }
        } else if gap.lowerBound == 0 {
            place(try store.monsters(matching: query, .first, limit: limit), from: 0)
        } else if gap.upperBound >= count {
            let found = try store.monsters(matching: query, .last, limit: limit)
            place(found, from: count - found.count)
        } else {
            place(try store.monsters(matching: query, .offset(gap.lowerBound), limit: limit), from: gap.lowerBound)
        }
    }

    private mutating func place(_ found: [Monster], from first: Int) {
        for (offset, monster) in found.enumerated() where first + offset >= 0 && first + offset < count {
            if let old = rows[first + offset] { positions[old.id] = nil }
            rows[first + offset] = monster
            positions[monster.id] = first + offset
        }
    }

    /// Keeps the rows nearest `range` when too many are kept.
    private mutating func trim(around range: Range<Int>) {
        guard rows.count > Self.keptRows else { return }
        let keep = (range.lowerBound - Self.keptRows / 4)..<(range.upperBound + Self.keptRows / 4)
        rows = rows.filter { keep.contains($0.key) }
        positions = positions.filter { keep.contains($0.value) }
    }

    public func monster(at position: Int) -> Monster? { rows[position] }

    /// The monster's row, when it is kept.
    public func keptPosition(of id: Int64) -> Int? { positions[id] }

    /// Where monster `id`, which the list holds, stands; its neighbours
    /// are read with it. Given a `guess`, a monster deep in the list is
    /// placed near it, unsettled, instead of counted.
    public mutating func position(of id: Int64, from store: any RosterStore, guess: Int? = nil) throws(RosterError) -> Int? {
        if let kept = positions[id] { return kept }
        if unsettled != nil {
            // The rows kept are placed by the old guess: let them go.
            rows = [:]
            positions = [:]
            unsettled = nil
        }
        guard let monster = try store.monster(id: id) else { return nil }
        var before = try store.count(matching: query, .before(id), upTo: nearEnd)
        if before >= nearEnd {
            let after = try store.count(matching: query, .after(id), upTo: nearEnd)
            if after < nearEnd {
                before = count - 1 - after
            } else if let guess {
                before = min(max(guess, nearEnd), count - 1 - nearEnd)
                rows = [:]
                positions = [:]
                unsettled = (id, before)
            } else {
                before = try store.count(matching: query, .before(id), upTo: nil)
            }
        }
        guard before >= 0, before < count else { return nil }
        place([monster], from: before)
        let above = try store.monsters(matching: query, .before(id), limit: Self.neighbours)
        place(above, from: before - above.count)
        place(try store.monsters(matching: query, .after(id), limit: Self.neighbours), from: before + 1)
        return before
    }

    /// Moves every row kept by the difference between monster `id`'s
    /// guessed place and `before`, what the count found; returns the
    /// difference, or nil when no guess about `id` waits.
    public mutating func settle(_ id: Int64, before: Int) -> Int? {
        guard let unsettled, unsettled.id == id else { return nil }
        self.unsettled = nil
        let shift = before - unsettled.guess
        guard shift != 0 else { return 0 }
        rows = Dictionary(uniqueKeysWithValues: rows.compactMap { ($0.key + shift >= 0 && $0.key + shift < count) ? ($0.key + shift, $0.value) : nil })
        positions = Dictionary(uniqueKeysWithValues: rows.map { ($0.value.id, $0.key) })
        return shift
    }

    /// This interface's own change to a monster's field that leaves its place.
    public mutating func replace(_ monster: Monster) {
        if let position = positions[monster.id] { rows[position] = monster }
    }
}
