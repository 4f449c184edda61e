extension SQLiteRosterStore {
    /// The monsters `query` asks for, in its order.
    public func monsters(matching query: MonsterQuery) throws(RosterError) -> [Monster] {
        try guarded {
            var all: [Monster] = []
            try forEachMonster(matching: query) { all.append($0) }
            return all
        }
    }

    /// Calls `body` for each monster `query` asks for, without loading them
    /// all. Errors thrown by `body` (a failed write, say) come out as they are.
    public func forEachMonster(matching query: MonsterQuery, _ body: (Monster) throws -> Void) throws {
        try forEachRow(matching: query.allFields) { row in
            try body(try MonsterTable.monster(from: row))
        }
    }

    /// Writes each monster `query` asks for to `output` as one record in
    /// `form` (its fields only, in its order), straight from SQLite's rows
    /// without making a `Monster`: the fast path of `list` and `export`.
    /// `before` runs ahead of each record with the number written so far,
    /// for separators and progress. Returns how many were written. Does not flush.
    @discardableResult
    public func appendRecords(_ form: MonsterRecords.Form, matching query: MonsterQuery, to output: ByteOutput,
                              before: ((_ written: Int) throws -> Void)? = nil) throws -> Int {
        try MonsterRecords.append(form, matching: query, to: output, before: before) { (body: (Row) throws -> Void) in
            try forEachRow(matching: query, body)
        }
    }

    /// The ids of the monsters `query` matches, in its order.
    public func monsterIDs(matching query: MonsterQuery) throws(RosterError) -> [Int64] {
        try guarded {
            let query = try resolvingNames(query)
            let stale = try staleKeysMatching(query)
            guard stale == nil, NameRecheck.needed(for: query) else {
                let select = QuerySQL(selecting: "id", from: "monster", query, .sqlite, staleKeys: stale)
                return try database.cached(select.sql).rows(select.parameters.map(\.sqlValue)) { $0.int(0) }
            }
            var ids: [Int64] = []
            try forEachCheckedRow(matching: query, columns: "id") { ids.append($0.int(0)) }
            return ids
        }
    }

    /// Calls `body` with each row `query` asks for, in its order: for
    /// writers that copy column bytes straight to their output. Columns
    /// are the query's fields, in its order (every field of
    /// `MonsterFields.all` unless it names some).
    func forEachRow(matching query: MonsterQuery, _ body: (Row) throws -> Void) throws {
        try passingThrough {
            if query.isEverything {
                return try database.cached(MonsterTable.selectAll).forEachRow([], body)
            }
            let query = try resolvingNames(query)
            let columns = query.recordFields.map(\.key).joined(separator: ", ")
            let stale = try staleKeysMatching(query)
            guard stale == nil, NameRecheck.needed(for: query) else {
                let select = QuerySQL(selecting: columns, from: "monster", query, .sqlite, staleKeys: stale)
                return try database.cached(select.sql).forEachRow(select.parameters.map(\.sqlValue), body)
            }
            try forEachCheckedRow(matching: query, columns: columns, body)
        }
    }

    /// The rows a filter by name matches through the stored keys, each
    /// checked against its name (`NameRecheck`), then the rows a stale key
    /// hid, by id. `columns` come first; the check's own follow them.
    private func forEachCheckedRow(matching query: MonsterQuery, columns: String, _ body: (Row) throws -> Void) throws {
        let select = QuerySQL(selecting: columns + ", " + NameRecheck.columns, from: "monster", query, .sqlite)
        let count = Int32(columns.split(separator: ",").count)
        var check = NameRecheck()
        try database.cached(select.sql).forEachRow(select.parameters.map(\.sqlValue)) { row in
            if check.admits(id: row.int(count), name: row.text(count + 1), storedKey: row.text(count + 2)) { try body(row) }
        }
        guard check.foundStale else { return }
        let hidden = try staleRowsMatching(query)
        guard !hidden.isEmpty else { return }
        let again = QuerySQL(selecting: columns, from: "monster", query, .sqlite, namesMatchedBy: hidden)
        try database.prepare(again.sql).forEachRow(again.parameters.map(\.sqlValue), body)
    }

    /// The ids of the rows whose stored keys are stale and whose names now
    /// meet `query`'s name conditions; the keys are corrected meanwhile
    /// where the roster may be written.
    private func staleRowsMatching(_ query: MonsterQuery) throws -> [Int64] {
        var hidden: [Int64] = []
        try database.prepare(NameRekeying.selectAll).forEachRow { row in
            let name = row.text(1)
            if !NameRecheck.keyIsRight(name: name, storedKey: row.text(2), id: row.int(0)), query.nameConditionsHold(for: name) {
                hidden.append(row.int(0))
            }
        }
        _ = try correctNameKeysNow()
        return hidden
    }

    public func count() throws(RosterError) -> Int {
        try guarded { Int(try database.integer("SELECT count(*) FROM monster") ?? 0) }
    }

    /// The monster with this id (`8` or `#8`), or with this name (ignoring
    /// case). roster never makes a name that reads as an id, but another
    /// program can: a reference meaning two monsters so is refused.
    public func find(_ reference: String) throws(RosterError) -> Monster? {
        try guarded { try lookUp(reference) }
    }

    /// Like `find`, but a missing monster is an error that suggests a close name.
    public func resolve(_ reference: String) throws(RosterError) -> Monster {
        if let monster = try find(reference) { return monster }
        throw .monsterNotFound(reference, suggestion: try suggestName(for: reference))
    }

    func lookUp(_ reference: String) throws -> Monster? {
        let named = try lookUpByName(reference)
        guard let id = MonsterRules.id(in: reference) else { return named }
        let withID = try database.cached(MonsterTable.selectByID).firstRow([.integer(id)], MonsterTable.monster(from:))
        return try MonsterRules.oneMonster(reference, withID: withID, named: named)
    }

    func lookUpByName(_ reference: String) throws -> Monster? {
        // Keys another program may have left wrong (see `NameKeyCheck`).
        try MonsterRules.oneMonster(named: reference, among: try monstersReadingAs(MonsterRules.nameKey(reference)))
    }

    /// `query` with its `name=` and `name!=` conditions made conditions
    /// on the ids those names mean (`MonsterQuery.resolvingNames`).
    func resolvingNames(_ query: MonsterQuery) throws -> MonsterQuery {
        try query.resolvingNames { try monstersReadingAs(MonsterRules.nameKey($0)) }
    }

    /// A name close to `reference`, to suggest when nothing matched.
    public func suggestName(for reference: String) throws(RosterError) -> String? {
        try suggestNames(for: [reference])[reference]
    }

    /// At most this many suggestions are looked for in one run: a batch of
    /// a thousand unknown names gets the first ones, not a thousand searches.
    public static let suggestionLimit = 10

    /// Names close to each of the first `suggestionLimit` references,
    /// from one read of the roster into a `NameIndex`. Small rosters are
    /// indexed whole; large ones by the names that sort near each reference.
    public func suggestNames(for references: [String]) throws(RosterError) -> [String: String] {
        try guarded {
            var asked: [String] = []
            for reference in references where !asked.contains(reference) {
                guard asked.count < Self.suggestionLimit else { break }
                asked.append(reference)
            }
            guard !asked.isEmpty else { return [:] }
            let total = try database.integer("SELECT count(*) FROM monster") ?? 0
            var whole: NameIndex?
            if total <= 20_000 {
                whole = NameIndex(names: try database.cached("SELECT name FROM monster ORDER BY id").rows { $0.text(0) })
            }
            var found: [String: String] = [:]
            for reference in asked {
                let key = MonsterRules.nameKey(reference)
                guard !key.isEmpty else { continue }
                let index = try whole ?? NameIndex(names: neighbours(of: key))
                if MonsterRules.id(in: reference) == nil, index.contains(key: key) { try lookUpMissed(key) }
                found[reference] = index.suggestion(for: reference)
            }
            return found
        }
    }

    /// The names that sort near `key` on a roster too large to index
    /// whole, and near the key less its last one, two or three scalars:
    /// a character typed too many (`Mon-5x`) sorts far from the name
    /// meant (`Mon-5`, among thousands of `Mon-5…`), but its shorter
    /// forms sort right beside it.
    private func neighbours(of key: String) throws -> [String] {
        let around = try database.cached("""
            SELECT name FROM (SELECT name FROM monster WHERE name_key >= ?1 ORDER BY name_key LIMIT 20)
            UNION ALL
            SELECT name FROM (SELECT name FROM monster WHERE name_key < ?1 ORDER BY name_key DESC LIMIT 20)
            """)
        var scalars = Array(key.unicodeScalars)
        var names: [String] = []
        var seen: Set<String> = []
        for _ in 0...min(3, scalars.count - 1) {
            for name in try around.rows([.text(String(String.UnicodeScalarView(scalars)))], { $0.text(0) })
            where seen.insert(name).inserted {
                names.append(name)
            }
            scalars.removeLast()
        }
        return names
    }

    /// How many monsters carry each weapon.
    public func weaponCounts() throws(RosterError) -> [WeaponType: Int] {
        try guarded {
            var counts: [WeaponType: Int] = [:]
            try database.cached("SELECT weapon, count(*) FROM monster GROUP BY weapon").forEachRow { row in
                if let weapon = WeaponType(rawValue: row.text(0)) { counts[weapon] = Int(row.int(1)) }
            }
            return counts
        }
    }
}

extension SQLiteRosterStore {
    /// Calls `body` with each monster's id and folded name, in roster order,
    /// without making strings: for building in-memory name indexes.
    /// A roster that cannot be written now gives the rows whose keys may
    /// be stale by their names folded here.
    public func forEachNameKey(_ body: (Int64, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try passingThrough {
            let folded = try checkNameKeys() ? [:] : NameRekeying.folded(try foldIsCurrent() ? staleKeyedRows()
                                                                       : database.prepare(NameRekeying.selectAll).rows([], NameRekeying.Keyed.init(row:)))
            try database.cached("SELECT id, name_key FROM monster ORDER BY id").forEachRow { row in
                if var key = folded[row.int(0)] {
                    try key.withUTF8 { try body(row.int(0), $0) }
                } else {
                    try row.withUTF8(1) { key in try body(row.int(0), key) }
                }
            }
        }
    }

    /// Up to `limit` monsters in roster order starting after (or, with
    /// `before`, ending before) the given id: for reading a long list a
    /// window at a time.
    public func monsters(after id: Int64, limit: Int) throws(RosterError) -> [Monster] {
        try guarded {
            try database.cached("SELECT \(MonsterTable.columns) FROM monster WHERE id > ? ORDER BY id LIMIT ?")
                .rows([.integer(id), .integer(Int64(limit))], MonsterTable.monster(from:))
        }
    }

    public func monsters(before id: Int64, limit: Int) throws(RosterError) -> [Monster] {
        try guarded {
            try database.cached("SELECT \(MonsterTable.columns) FROM monster WHERE id < ? ORDER BY id DESC LIMIT ?")
                .rows([.integer(id), .integer(Int64(limit))], MonsterTable.monster(from:)).reversed()
        }
    }

    /// Monsters at positions `offset ..< offset + limit` of the roster.
    public func monsters(offset: Int, limit: Int) throws(RosterError) -> [Monster] {
        try guarded {
            try database.cached("SELECT \(MonsterTable.columns) FROM monster ORDER BY id LIMIT ? OFFSET ?")
                .rows([.integer(Int64(limit)), .integer(Int64(offset))], MonsterTable.monster(from:))
        }
    }

    /// The monster with this id.
    public func monster(id: Int64) throws(RosterError) -> Monster? {
        try guarded { try database.cached(MonsterTable.selectByID).firstRow([.integer(id)], MonsterTable.monster(from:)) }
    }
}

extension SQLiteRosterStore {
    /// Monsters with ids from `first` through `last`, in order.
    public func monsters(from first: Int64, through last: Int64) throws(RosterError) -> [Monster] {
        try guarded {
            try database.cached("SELECT \(MonsterTable.columns) FROM monster WHERE id BETWEEN ? AND ? ORDER BY id")
                .rows([.integer(first), .integer(last)], MonsterTable.monster(from:))
        }
    }

    /// How many monsters come before monster `id` in roster order, if it exists.
    public func position(of id: Int64) throws(RosterError) -> Int? {
        try guarded {
            guard try database.integer("SELECT count(*) FROM monster WHERE id = ?", .integer(id)) == 1 else { return nil }
            return Int(try database.integer("SELECT count(*) FROM monster WHERE id < ?", .integer(id)) ?? 0)
        }
    }
}
