import PostgresWire

/// The history on the server: written inside each write's transaction
/// (the entry, then each monster it touched, then a NOTIFY on the channel
/// `roster` carrying the entry's id, for interfaces that listen), read by
/// `history`, `undo` and `redo`. Every entry says who made the change: the
/// database user (the server fills it in) and the person's machine.
extension PostgresRosterStore: HistoryReading {
    /// The channel every change is announced on, with its history id.
    public static let notificationChannel = "roster"

    /// Each text cut as `HistoryText` reads it: a writer role may insert entries.
    static let entryColumns = HistoryText.entryColumns(at: #"to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')"#, onServer: true)
        + ", \(HistoryText.read("database_user", bound: HistoryText.wordBound, onServer: true))"
        + ", \(HistoryText.read("client", bound: HistoryText.wordBound, onServer: true))"

    // MARK: Writing

    /// Records a change worked out by `RecordedChange`, sent with the
    /// commit; nothing for none.
    func record(_ change: RecordedChange?) throws {
        if let change { try recordChange(change.command, summary: change.summary, revisions: change.revisions) }
    }

    /// Records a change of whole rows, sent with the commit. `id` is the
    /// entry's id when the caller drew it already (an import's snapshot).
    func recordChange(_ command: String, summary: String, revisions: [MonsterRevision], reverses: Int64? = nil,
                      file: String? = nil, kind: String = "rows", id: Int64? = nil,
                      counts: (before: Int, after: Int)? = nil) throws {
        recordsEntry = true
        let entry: [String?] = [client, surface.rawValue, command, file, summary, kind, reverses.map(String.init),
                                counts.map { String($0.before) }, counts.map { String($0.after) }]
        // The entry and its rows go in the queue's history part, before
        // the change's writes still waiting (see `StatementQueue`).
        var recorded: [BoundStatement] = []
        func enqueue(_ sql: String, _ parameters: [String?]) { recorded.append(BoundStatement(sql, parameters)) }
        if let id {
            enqueue("""
                INSERT INTO roster.history (id, client, surface, command, file, summary, kind, reverses, count_before, count_after)
                VALUES ($10, $1, $2, $3, $4, $5, $6, $7, $8, $9)
                """, entry + [String(id)])
        } else {
            enqueue("""
                INSERT INTO roster.history (client, surface, command, file, summary, kind, reverses, count_before, count_after)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                """, entry)
        }
        let change = id.map { "\($0)" } ?? PostgresSchema.lastHistoryID
        // Past `HistoryTable.largestNumber` the change is refused, its
        // entry and writes rolled back: the cast fails, and names why.
        enqueue("SELECT (CASE WHEN \(change) <= \(HistoryTable.largestNumber) THEN '0' ELSE $1 END)::int",
                [Self.noNumberLeftMark])
        if revisions.count == 1, let revision = revisions.first {
            // One monster, the usual change: plain values, which a new
            // server process plans in a fraction of the arrays' time.
            let fields = PostgresMonsterTable.dataFields
            let values: [String?] = ["0", String(revision.monsterID), revision.before == nil ? "f" : "t", revision.after == nil ? "f" : "t"]
                + Self.sideValues(revision.before) + Self.sideValues(revision.after)
            enqueue("""
                INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists,
                    \(fields.map { "before_\($0.key)" }.joined(separator: ", ")),
                    \(fields.map { "after_\($0.key)" }.joined(separator: ", ")))
                VALUES (\(change), \(values.indices.map { "$\($0 + 1)" }.joined(separator: ", ")))
                """, values)
        } else if !revisions.isEmpty {
            // Every revision in one statement, its columns as arrays: a
            // change of 200,000 monsters is one INSERT, not 400 of 500 rows.
            let fields = PostgresMonsterTable.dataFields
            let sides = revisions.map { Self.sideValues($0.before) + Self.sideValues($0.after) }
            let arrays = [Self.arrayLiteral(revisions.indices.map { String($0) }),
                          Self.arrayLiteral(revisions.map { String($0.monsterID) }),
                          Self.arrayLiteral(revisions.map { $0.before == nil ? "f" : "t" }),
                          Self.arrayLiteral(revisions.map { $0.after == nil ? "f" : "t" })]
                + (0..<(2 * fields.count)).map { column in Self.arrayLiteral(sides.map { $0[column] }) }
            enqueue("""
                INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists,
                    \(fields.map { "before_\($0.key)" }.joined(separator: ", ")),
                    \(fields.map { "after_\($0.key)" }.joined(separator: ", ")))
                SELECT \(change), * FROM unnest($1::int[], $2::bigint[], $3::boolean[], $4::boolean[],
                    \((5..<(5 + 2 * fields.count)).map { "$\($0)::text[]" }.joined(separator: ", ")))
                """, arrays)
        }
        if !isRehearsing { queue.queueHistory(recorded) }
        // The history keeps the newest changes: at most `bound` entries
        // (fewer when `history --clear` or an older schema's sequence left a gap).
        // Numbered past `countedBound` (after a number another program
        // wrote), the entries within it stay: they hold the numbers roster
        // counted to, which `history --clear` keeps given.
        func counted(_ column: String) -> String { "(\(column) > \(HistoryTable.countedBound) OR \(change) <= \(HistoryTable.countedBound))" }
        later("DELETE FROM roster.history WHERE id <= \(change) - $1 AND \(counted("id"))", [String(HistoryTable.bound)])
        later("DELETE FROM roster.history_roster WHERE change <= \(change) - $1 AND \(counted("change"))", [String(HistoryTable.bound)])
        later("SELECT pg_notify($1, (\(change))::text)", [Self.notificationChannel])
    }

    /// What the server's refusal of a change number past the largest
    /// quotes (`invalid input syntax for type integer: "…"`).
    static let noNumberLeftMark = "no number is left for a new change"

    /// One side of a revision: the data fields as text, or NULLs.
    private static func sideValues(_ monster: Monster?) -> [String?] {
        guard let monster else { return Array(repeating: nil, count: PostgresMonsterTable.dataFields.count) }
        return PostgresMonsterTable.dataFields.map { field in
            switch field.value(monster) {
            case .integer(let number): String(number)
            case .text(let text): text
            case .null: nil
            }
        }
    }

    // MARK: Reading

    public func history(touching reference: String?, limit: Int?) throws(RosterError) -> [HistoryEntry] {
        try guarded {
            let limitText = limit.map { String(max(0, $0)) }
            guard let reference else {
                return try run("SELECT \(Self.entryColumns) FROM roster.history ORDER BY id DESC LIMIT $1", [limitText])
                    .rows.map(Self.entry(from:)).map(toldHere)
            }
            let ids = try monsterIDs(knownAs: reference)
            // Imports, and their undos and redos, touch the whole roster.
            return try run("""
                SELECT \(Self.entryColumns) FROM roster.history h
                WHERE h.kind <> 'rows'
                   OR EXISTS (SELECT 1 FROM roster.history o WHERE o.id = h.reverses AND o.kind <> 'rows')
                   OR EXISTS (SELECT 1 FROM roster.history_row r WHERE r.change = h.id AND r.monster = ANY($1::bigint[]))
                ORDER BY id DESC LIMIT $2
                """, [Self.arrayLiteral(ids.map(String.init)), limitText]).rows.map(Self.entry(from:)).map(toldHere)
        }
    }

    public func revisions(of entry: HistoryEntry) throws(RosterError) -> [MonsterRevision] {
        try guarded { try revisions(ofChange: entry.id) }
    }

    public func historyMentions(_ reference: String) throws(RosterError) -> Bool {
        try guarded {
            let ids = try monsterIDs(knownAs: reference)
            return try run("SELECT EXISTS (SELECT 1 FROM roster.history_row WHERE monster = ANY($1::bigint[]))",
                           [Self.arrayLiteral(ids.map(String.init))]).firstValue == "t"
        }
    }

    public func historyCount() throws(RosterError) -> Int {
        try guarded { Int(try integer("SELECT count(*) FROM roster.history") ?? 0) }
    }

    /// Empties the history (its rows and kept rosters go with it); its ids
    /// stay given out, as the counter goes on, up to the bound a clear
    /// keeps (`HistoryTable.countedBound`): a counter another program
    /// wound past it goes back to the highest number within it.
    public func clearHistory() throws(RosterError) -> Int {
        try write {
            if schemaVersion >= 5 { later(Self.rememberLastID) }
            later("DELETE FROM roster.history_roster")
            return Int(try integer("WITH gone AS (DELETE FROM roster.history RETURNING 1) SELECT count(*) FROM gone") ?? 0)
        }
    }

    /// The counter as `clearHistory` leaves it: what it and the history
    /// hold within `HistoryTable.countedBound`, the greater.
    static let rememberLastID = """
        UPDATE roster.history_counter SET last_id = greatest(
            CASE WHEN last_id <= \(HistoryTable.countedBound) THEN last_id ELSE 0 END,
            (SELECT coalesce(max(id), 0) FROM roster.history WHERE id <= \(HistoryTable.countedBound)))
        """

    // MARK: Inside a transaction

    func entry(id: Int64) throws -> HistoryEntry? {
        try run("SELECT \(Self.entryColumns) FROM roster.history WHERE id = $1", [String(id)]).rows.first
            .map(Self.entry(from:)).map(toldHere)
    }


    func revisions(ofChange id: Int64) throws -> [MonsterRevision] {
        let fields = PostgresMonsterTable.dataFields
        return try run("""
            SELECT monster, before_exists, after_exists,
                monster, \(fields.map { HistoryText.read("before_\($0.key)", bound: HistoryText.fieldBound, onServer: true) }.joined(separator: ", ")),
                monster, \(fields.map { HistoryText.read("after_\($0.key)", bound: HistoryText.fieldBound, onServer: true) }.joined(separator: ", "))
            FROM roster.history_row WHERE change = $1 ORDER BY position
            """, [String(id)]).rows.map { (row) throws(RosterError) in
            let width = MonsterFields.all.count
            guard let monster = row[0].flatMap({ Int64($0) }) else { throw RosterError.damaged(path: name) }
            return MonsterRevision(monsterID: monster,
                                   before: row[1] == "t" ? try PostgresMonsterTable.monster(from: row, startingAt: 3) : nil,
                                   after: row[2] == "t" ? try PostgresMonsterTable.monster(from: row, startingAt: 3 + width) : nil)
        }
    }

    /// The ids of the monster `reference` names now, and of every monster
    /// a change recorded under that name.
    private func monsterIDs(knownAs reference: String) throws -> Set<Int64> {
        try monsterIDs(knownAs: reference, now: try lookUp(reference)) { body in
            for row in try run("SELECT DISTINCT monster, \(HistoryText.names(onServer: true)) FROM roster.history_row").rows {
                guard let id = row[0].flatMap({ Int64($0) }) else { continue }
                for case let name? in [row[1], row[2]] { body(id, name) }
            }
        }
    }

    static func entry(from row: [String?]) throws(RosterError) -> HistoryEntry {
        func number(_ column: Int) -> Int64? { row[column].flatMap { Int64($0) } }
        guard row.count == 13, let id = number(0), let at = row[1].flatMap(Timestamp.init(iso8601:)),
              let surface = row[2].flatMap(ChangeSurface.init(rawValue:)),
              let command = row[3], let summary = row[5], let kind = row[6] else {
            throw .damaged(path: "a row of roster.history")
        }
        func kept(_ text: String, _ bound: Int = HistoryText.wordBound) -> String { HistoryText.kept(text, bound: bound) }
        var entry = HistoryEntry(id: id, at: at, surface: surface, command: kept(command),
                                 file: row[4].map { kept($0, HistoryText.fileBound) },
                                 summary: kept(summary, HistoryText.summaryBound),
                                 isUndone: row[7] == "t", reverses: number(8),
                                 isSnapshot: kind == "snapshot", isSnapshotDropped: kind == "snapshot-dropped",
                                 countBefore: number(9).map(Int.init), countAfter: number(10).map(Int.init))
        entry.author = "\(row[11].map { kept($0) } ?? "?") on \(row[12].map { kept($0) } ?? "?")"
        return entry
    }
}
