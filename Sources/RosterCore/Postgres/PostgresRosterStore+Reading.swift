import PostgresWire

/// Reading the roster from the server: each read one statement (one round
/// trip), rows streamed as they arrive where a roster may be large.
extension PostgresRosterStore {
    public func monsters(matching query: MonsterQuery) throws(RosterError) -> [Monster] {
        var all: [Monster] = []
        try guarded { try forEachMonster(matching: query) { all.append($0) } }
        return all
    }

    /// Streams the rows, so memory stays flat however large the roster.
    /// Errors thrown by `body` come out as they are.
    public func forEachMonster(matching query: MonsterQuery, _ body: (Monster) throws -> Void) throws {
        let query = try guarded { try resolvingNames(query) }
        let names = try guarded { try namesMatchedByComparing(query) }
        let select = QuerySQL(selecting: PostgresMonsterTable.columns, from: "roster.monster", query.allFields, .postgres,
                              namesMatchedBy: names, sortingStale: try guarded { try keysSortingStaleRows(query) })
        try readMarkerIfUnread()
        let batch = pending
        pending = []
        do {
            if !batch.isEmpty { try connection.execute(batch) }
            if names == nil, NameRecheck.needed(for: query) {
                let count = MonsterFields.all.count
                return try forEachCheckedRow(matching: query.allFields, columns: PostgresMonsterTable.columns, count: count) { row in
                    try body(try PostgresMonsterTable.monster(from: row.texts(count)))
                }
            }
            try connection.query(select.sql, select.parameters.map(\.text)) { row in
                try body(try PostgresMonsterTable.monster(from: row))
            }
        } catch let error as PostgresError {
            throw mapped(error)
        }
    }

    /// Writes each monster's record straight from the bytes the server
    /// sent, through the file's own row writers: no `Monster`, no
    /// `String` per row, and the same bytes a file's export writes.
    @discardableResult
    public func appendRecords(_ form: MonsterRecords.Form, matching query: MonsterQuery, to output: ByteOutput,
                              before: ((_ written: Int) throws -> Void)?) throws -> Int {
        try MonsterRecords.append(form, matching: query, to: output, before: before) { (body: (PostgresMonsterRow) throws -> Void) in
            try forEachRow(matching: query, body)
        }
    }

    /// The ids of the monsters `query` matches, in its order.
    public func monsterIDs(matching query: MonsterQuery) throws(RosterError) -> [Int64] {
        return try guarded {
            // Inside a write the matches are locked: a row another program
            // (psql, which takes no roster lock) changes meanwhile is
            // matched again as it is once that program commits.
            let forUpdate = isWriting && !isRehearsing
            // `name=…` alone: the lookup that resolves it finds (and locks)
            // the rows, in one round trip; nothing is left to ask.
            let namesOnly = query.order.isEmpty && !query.conditions.isEmpty
                && query.conditions.allSatisfy { $0.field == .name && $0.comparison == .equal }
            let query = try resolvingNames(query, forUpdate: forUpdate)
            if namesOnly, let named = Self.idsNamedOnly(by: query) { return named }
            func ids(_ rows: [[String?]]) -> [Int64] { rows.compactMap { ($0.first ?? nil).flatMap { Int64($0) } } }
            let names = try namesMatchedByComparing(query)
            if names == nil, NameRecheck.needed(for: query) {
                try readMarkerIfUnread()
                if !pending.isEmpty { _ = try runBatch(pending) }
                var found: [Int64] = []
                try forEachCheckedRow(matching: query, columns: "id", count: 1, forUpdate: forUpdate) { row in
                    if let id = Int64(String(decoding: row.bytes(0), as: UTF8.self)) { found.append(id) }
                }
                return found
            }
            let sortingStale = forUpdate ? [] : try keysSortingStaleRows(query)
            let select = QuerySQL(selecting: "id", from: "roster.monster", query, .postgres, namesMatchedBy: names,
                                  sortingStale: sortingStale, forUpdate: forUpdate)
            return ids(try run(select.sql, select.parameters.map(\.text)).rows)
        }
    }

    /// The ids a query of resolved names alone matches (its only conditions
    /// the ids `name=` made, no sort): the ids every one of them holds, in
    /// roster order; nil for any other query.
    static func idsNamedOnly(by query: MonsterQuery) -> [Int64]? {
        guard query.order.isEmpty, !query.conditions.isEmpty else { return nil }
        var common: Set<Int64>?
        for condition in query.conditions {
            guard condition.field == .id, condition.comparison == .equal, case .ids(let ids) = condition.value else { return nil }
            common = common.map { $0.intersection(ids) } ?? Set(ids)
        }
        return common.map { $0.sorted() }
    }

    /// Calls `body` with each row `query` asks for as the server sent it,
    /// in its order, with the query's fields as columns. A row with
    /// another number of columns, or one `PostgresMonsterRow.isSound`
    /// refuses, is damage, as it is for `forEachMonster`.
    func forEachRow(matching query: MonsterQuery, _ body: (PostgresMonsterRow) throws -> Void) throws {
        let query = try guarded { try resolvingNames(query) }
        let fields = query.recordFields
        let names = try guarded { try namesMatchedByComparing(query) }
        let select = QuerySQL(selecting: fields.map(\.key).joined(separator: ", "), from: "roster.monster", query, .postgres,
                              namesMatchedBy: names, sortingStale: try guarded { try keysSortingStaleRows(query) })
        try readMarkerIfUnread()
        let batch = pending
        pending = []
        let columnCount = fields.count
        do {
            if !batch.isEmpty { try connection.execute(batch) }
            if names == nil, NameRecheck.needed(for: query) {
                return try forEachCheckedRow(matching: query, columns: fields.map(\.key).joined(separator: ", "), count: columnCount) { row in
                    guard PostgresMonsterRow.isSound(row, fields: fields) else { throw RosterError.damaged(path: "a row of roster.monster") }
                    try body(PostgresMonsterRow(columns: row))
                }
            }
            try connection.query(select.sql, select.parameters.map(\.text), eachRowBytes: { columns in
                guard columns.count == columnCount, PostgresMonsterRow.isSound(columns, fields: fields) else { throw RosterError.damaged(path: "a row of roster.monster") }
                try body(PostgresMonsterRow(columns: columns))
            })
        } catch let error as PostgresError {
            throw mapped(error)
        }
    }

    public func count() throws(RosterError) -> Int {
        try guarded { Int(try integer("SELECT count(*) FROM roster.monster") ?? 0) }
    }

    public func find(_ reference: String) throws(RosterError) -> Monster? {
        try guarded { try lookUp(reference) }
    }

    /// The monster `reference` names: by id (`8`, `#8`) or by name
    /// ignoring case, through its folded key, which is re-derived first
    /// when another program may have left it wrong (see
    /// `PostgresRosterStore+NameKeys`): roster never acts on another
    /// monster than the one named.
    func lookUp(_ reference: String, forUpdate: Bool = false) throws -> Monster? {
        try lookUpAll([reference], forUpdate: forUpdate)[reference]
    }

    func monster(withID id: Int64) throws -> Monster? {
        try run(PostgresMonsterTable.selectByID, [String(id)]).rows.first
            .map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
    }

    /// Names close to each of the first `suggestionLimit` references: the
    /// names sorting near each (and near it less its last scalars), as the
    /// file does for a large roster, so only a few rows cross the network.
    public func suggestNames(for references: [String]) throws(RosterError) -> [String: String] {
        var asked: [String] = []
        for reference in references where !asked.contains(reference) {
            guard asked.count < RosterLimits.suggestionLimit else { break }
            asked.append(reference)
        }
        guard !asked.isEmpty else { return [:] }
        return try guarded {
            var found: [String: String] = [:]
            for reference in asked {
                let key = MonsterRules.nameKey(reference)
                guard !key.isEmpty else { continue }
                var scalars = Array(key.unicodeScalars)
                var names: [String] = []
                var seen: Set<String> = []
                for _ in 0...min(3, scalars.count - 1) {
                    let probe = String(String.UnicodeScalarView(scalars))
                    let rows = try run("""
                        (SELECT name FROM roster.monster WHERE name_key >= $1 ORDER BY name_key LIMIT 20)
                        UNION ALL
                        (SELECT name FROM roster.monster WHERE name_key < $1 ORDER BY name_key DESC LIMIT 20)
                        """, [probe]).rows
                    for case let name?? in rows.map(\.first) where seen.insert(name).inserted { names.append(name) }
                    scalars.removeLast()
                }
                found[reference] = NameIndex(names: names).suggestion(for: reference)
            }
            return found
        }
    }

    public func weaponCounts() throws(RosterError) -> [WeaponType: Int] {
        try guarded {
            var counts: [WeaponType: Int] = [:]
            for row in try run("SELECT weapon, count(*) FROM roster.monster GROUP BY weapon").rows {
                if let key = row[0], let weapon = WeaponType(rawValue: key), let count = row[1].flatMap({ Int($0) }) {
                    counts[weapon] = count
                }
            }
            return counts
        }
    }

    /// The rows whose keys may be stale (`keyed_name`, see
    /// `PostgresRosterStore+NameKeys`) by their names folded here.
    public func forEachNameKey(_ body: (Int64, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try guarded {}
        try readMarkerIfUnread()
        do {
            let folded = try guarded { NameRekeying.folded(try staleKeyedRows() ?? []) }
            try connection.query("SELECT id, name_key FROM roster.monster ORDER BY id") { row in
                guard let id = row[0].flatMap({ Int64($0) }), let key = row[1] else { return }
                try withUTF8Bytes(of: folded[id] ?? key) { bytes in try body(id, bytes) }
            }
        } catch let error as PostgresError {
            throw Self.mapped(error, settings: settings, writing: false)
        }
    }

    public func monsters(after id: Int64, limit: Int) throws(RosterError) -> [Monster] {
        try page("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id > $1 ORDER BY id LIMIT $2",
                 [String(id), String(max(0, limit))])
    }

    public func monsters(before id: Int64, limit: Int) throws(RosterError) -> [Monster] {
        try page("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id < $1 ORDER BY id DESC LIMIT $2",
                 [String(id), String(max(0, limit))]).reversed()
    }

    public func monsters(offset: Int, limit: Int) throws(RosterError) -> [Monster] {
        try page("SELECT \(PostgresMonsterTable.columns) FROM roster.monster ORDER BY id LIMIT $1 OFFSET $2",
                 [String(max(0, limit)), String(max(0, offset))])
    }

    public func monster(id: Int64) throws(RosterError) -> Monster? {
        try guarded { try monster(withID: id) }
    }

    public func monsters(from first: Int64, through last: Int64) throws(RosterError) -> [Monster] {
        try page("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id BETWEEN $1 AND $2 ORDER BY id",
                 [String(first), String(last)])
    }

    /// One query for the lot: a filtered list's window is scattered ids,
    /// and one round trip each would cost a keystroke dozens.
    public func monsters(ids: [Int64]) throws(RosterError) -> [Monster] {
        guard !ids.isEmpty else { return [] }
        return try page("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id = ANY($1::bigint[])",
                        ["{" + ids.map(String.init).joined(separator: ",") + "}"])
    }

    public func position(of id: Int64) throws(RosterError) -> Int? {
        try guarded {
            let row = try run("""
                SELECT (SELECT count(*) FROM roster.monster WHERE id = $1), (SELECT count(*) FROM roster.monster WHERE id < $1)
                """, [String(id)]).rows.first
            guard let row, row[0] == "1", let before = row[1].flatMap({ Int($0) }) else { return nil }
            return before
        }
    }

    private func page(_ sql: String, _ parameters: [String?]) throws(RosterError) -> [Monster] {
        try guarded {
            try run(sql, parameters).rows.map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
        }
    }

    // MARK: Export

    /// Writes every monster in `format` from one snapshot (a read-only
    /// repeatable-read transaction), streaming the rows.
    public func export(_ format: ExportFormat, to output: ByteOutput, options: ExportOptions) throws {
        try readMarkerIfUnread()
        try connection.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            try writeExport(format, to: output, options: options) {
                try run("SELECT DISTINCT icon COLLATE \"C\" FROM roster.monster ORDER BY 1").rows.compactMap { $0.first ?? nil }
            }
        }
    }
}
