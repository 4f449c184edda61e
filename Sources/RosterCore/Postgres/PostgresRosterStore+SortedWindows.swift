import PostgresWire

/// A sorted list read a window at a time (see `PostgresSortedWindowSQL`):
/// each window one statement that an index answers from the monster the
/// list already shows next to it, so a sort or a scroll costs the rows
/// shown, not the roster.
extension PostgresRosterStore {
    public func pagesSortedWindows(for query: MonsterQuery) -> Bool { true }

    public func monsters(matching query: MonsterQuery, _ window: SortedWindow, limit: Int) throws(RosterError) -> [Monster] {
        return try guarded {
            let asked = try resolvingNames(query.allFields)
            let names = try namesMatchedByComparing(asked)
            if try sortsStaleRowsByName(asked) { return try sortedWindowByIDs(asked, window, limit: limit) }
            let reading: PostgresSortedWindowSQL.Reading
            switch window {
            case .first: reading = .first
            case .last: reading = .last
            case .after(let id), .before(let id):
                guard let anchored = try anchoredReading(asked, window, id) else { return [] }
                reading = anchored
            case .offset(let offset):
                // A jump to a place no row shown is near: the server counts
                // its way there, as far as the place lies.
                let select = QuerySQL(selecting: PostgresMonsterTable.columns, from: "roster.monster", asked, .postgres, namesMatchedBy: names)
                let count = select.parameters.count
                return try run(select.sql + " LIMIT $\(count + 1)::bigint OFFSET $\(count + 2)::bigint",
                               select.parameters.map(\.text) + [String(max(0, limit)), String(max(0, offset))])
                    .rows.map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
            }
            guard let select = PostgresSortedWindowSQL(selecting: PostgresMonsterTable.columns, asked, reading, limit: limit,
                                                       namesMatchedBy: names) else {
                return try sortedWindowByIDs(asked, window, limit: limit)
            }
            let armColumn = MonsterFields.all.count
            // Rows in the order of their arms, whichever order the server
            // interleaved the arms in; within an arm, as it sent them.
            let rows = try run(select.sql, select.parameters.map(\.text)).rows.enumerated()
                .sorted { (Int($0.element[armColumn] ?? "") ?? 0, $0.offset) < (Int($1.element[armColumn] ?? "") ?? 0, $1.offset) }
            let monsters = try rows.prefix(limit).map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row.element) }
            return reading.isBackward ? monsters.reversed() : monsters
        }
    }

    public func count(matching query: MonsterQuery, _ side: SortedWindow, upTo bound: Int?) throws(RosterError) -> Int {
        return try guarded {
            let asked = try resolvingNames(MonsterQuery(conditions: query.conditions, order: query.order))
            // The keys another program left stale are derived again first
            // (where this role may): the anchor's key is then read as the
            // rows it is compared with hold theirs. Read before, a renamed
            // monster's old key placed it where its new one does not.
            let names = try namesMatchedByComparing(asked)
            let reading: PostgresSortedWindowSQL.Reading
            switch side {
            case .after(let id), .before(let id):
                guard let anchored = try anchoredReading(asked, side, id) else { return 0 }
                reading = anchored
            case .first, .last, .offset: return 0
            }
            if try sortsStaleRowsByName(asked) {
                let counted = try sortedWindowByIDs(asked, side, limit: Int.max).count
                return bound.map { min($0, counted) } ?? counted
            }
            guard let select = PostgresSortedWindowSQL(selecting: "1", asked, reading, limit: bound, namesMatchedBy: names) else {
                return try sortedWindowByIDs(asked, side, limit: bound ?? Int.max).count
            }
            return Int(try integer("SELECT count(*) FROM (\(select.sql)) AS counted", select.parameters.map(\.text)) ?? 0)
        }
    }

    /// Whether `query` sorts by name a roster whose stale keys this role
    /// cannot correct (a reader, a dry run): the name index orders those
    /// rows by keys their names no longer give, so the window is cut from
    /// the whole sorted list, which places them by their names now (as
    /// `list --sort name` does, and as a read-only file does).
    private func sortsStaleRowsByName(_ query: MonsterQuery) throws -> Bool {
        guard query.order.first?.field == .name else { return false }
        return try !keysSortingStaleRows(query).isEmpty
    }

    /// Reading from monster `id`, with its value of the sort key read
    /// first; nil when there is no such monster.
    private func anchoredReading(_ query: MonsterQuery, _ window: SortedWindow, _ id: Int64) throws -> PostgresSortedWindowSQL.Reading? {
        guard let key = query.order.first,
              let row = try run(PostgresSortedWindowSQL.anchorValue(key), [String(id)]).rows.first else { return nil }
        let value = row.first ?? nil
        if case .before = window { return .before(id, value) }
        return .after(id, value)
    }
}
