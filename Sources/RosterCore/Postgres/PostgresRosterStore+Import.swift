import PostgresWire

/// Importing into a roster on the server: all or nothing, with every check
/// roster makes on a file, the rows sent with COPY.
///
/// Inside one write transaction: the records the reader gives (checked by
/// the model's rules as it reads) go by COPY into a temporary table,
/// `import_rows`, each with its place in the file, stand-ins for records
/// with problems included so that their names and ids are checked too.
/// Then a few statements find what clashes (a name or an id the file uses
/// twice, a name already on the roster in `insert` mode, a new monster
/// without the fields it needs in `upsert` mode), each reported at its
/// place; any problem rolls everything back. Otherwise a few more apply
/// the mode and the import is recorded as one change, the roster from
/// before kept whole (in `history_roster`) for undo. A server crash at any
/// moment leaves the old roster or the new one.
extension PostgresRosterStore {
    public func importMonsters(from reader: MonsterReader, mode: ImportMode, dryRun: Bool,
                               progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportSummary {
        do throws(RosterError) {
            return try write(commit: !dryRun) {
                let snapshot = dryRun ? nil : try beginSnapshot()
                let summary = try load(from: reader, mode: mode, progress: progress)
                if let snapshot {
                    if summary.isChange {
                        try recordChange("import", summary: ChangeWording.imported(summary, mode: mode), revisions: [],
                                         file: reader.input.name, kind: "snapshot", id: snapshot.id,
                                         counts: (snapshot.countBefore, snapshot.countBefore + summary.added - summary.removed))
                        try dropOldSnapshots()
                    } else {
                        later("DELETE FROM roster.history_roster WHERE change = $1", [String(snapshot.id)])
                    }
                }
                return summary
            }
        } catch {
            throw SQLiteRosterStore.withCountrySuggestions(error)
        }
    }

    public func previewImport(from reader: MonsterReader, mode: ImportMode, limit: Int,
                              progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportPreview {
        do throws(RosterError) {
            return try write(commit: false) {
                later("CREATE TEMPORARY TABLE preview_before ON COMMIT DROP AS SELECT \(PostgresMonsterTable.columns) FROM roster.monster")
                let summary = try load(from: reader, mode: mode, progress: progress)
                let differs = PostgresMonsterTable.dataFields.map { "b.\($0.key) IS DISTINCT FROM a.\($0.key)" }.joined(separator: " OR ")
                let changed = """
                    SELECT coalesce(b.id, a.id) AS id FROM preview_before b FULL JOIN roster.monster a ON a.id = b.id
                    WHERE a.id IS NULL OR b.id IS NULL OR \(differs)
                    """
                let total = Int(try integer("SELECT count(*) FROM (\(changed)) c") ?? 0)
                let columns = MonsterFields.keys
                let rows = try run("""
                    SELECT \(columns.map { "b.\($0)" }.joined(separator: ", ")), \(columns.map { "a.\($0)" }.joined(separator: ", "))
                    FROM (\(changed) ORDER BY id LIMIT $1) c
                    LEFT JOIN preview_before b ON b.id = c.id LEFT JOIN roster.monster a ON a.id = c.id ORDER BY c.id
                    """, [String(max(0, limit))]).rows
                let differences = try rows.map { (row) throws(RosterError) in
                    MonsterDifference(before: row[0] == nil ? nil : try PostgresMonsterTable.monster(from: row),
                                      after: row[columns.count] == nil ? nil : try PostgresMonsterTable.monster(from: row, startingAt: columns.count))
                }
                return ImportPreview(summary: summary, differences: differences, total: total)
            }
        } catch {
            throw SQLiteRosterStore.withCountrySuggestions(error)
        }
    }

    // MARK: Keeping the roster from before

    struct Snapshot {
        let id: Int64
        let countBefore: Int
    }

    /// Keeps the roster as it is, under the id the import's entry will have.
    private func beginSnapshot() throws -> Snapshot {
        guard let id = try integer("SELECT nextval('roster.history_id')") else { throw RosterError.damaged(path: name) }
        let columns = "id, name, name_key, description, icon, name_color, weapon, height, origin, activated"
        let copied = try run("INSERT INTO roster.history_roster (change, \(columns)) SELECT $1, \(columns) FROM roster.monster",
                             [String(id)]).rowCount ?? 0
        return Snapshot(id: id, countBefore: copied)
    }

    /// Only the newest imports keep the roster from before them.
    private func dropOldSnapshots() throws {
        later("""
            WITH old AS (
                UPDATE roster.history SET kind = 'snapshot-dropped'
                WHERE kind = 'snapshot' AND id < $1
                  AND id NOT IN (SELECT id FROM roster.history WHERE kind = 'snapshot' ORDER BY id DESC LIMIT $2)
                RETURNING id)
            DELETE FROM roster.history_roster WHERE change IN (SELECT id FROM old)
            """, [String(Int64.max), String(HistoryTable.keptSnapshots - 1)])
    }

    // MARK: Loading

    /// Where each record of the file is, by its ordinal: to place a problem.
    private struct Places {
        var name: [TextLocation] = []
        var id: [TextLocation] = []
    }

    private func load(from reader: MonsterReader, mode: ImportMode,
                      progress: ((_ bytesRead: Int) -> Void)?) throws -> ImportSummary {
        try run("""
            CREATE TEMPORARY TABLE import_rows (
                ordinal bigint NOT NULL, id bigint, given bigint NOT NULL, stand_in boolean NOT NULL,
                name text NOT NULL, name_key text COLLATE "C" NOT NULL, description text NOT NULL, icon text NOT NULL,
                name_color text NOT NULL, weapon text NOT NULL, height text, origin text, activated text
            ) ON COMMIT DROP
            """)
        var places = Places()
        let pipeline = RecordPipeline(reader: reader)
        defer { pipeline.finish() }
        try connection.copyIn("COPY import_rows FROM STDIN") { copy in
            var line: [UInt8] = []
            line.reserveCapacity(1024)
            while let batch = try pipeline.next() {
                for record in batch.records {
                    line.removeAll(keepingCapacity: true)
                    Self.appendCopyLine(record, ordinal: places.name.count, to: &line)
                    places.name.append(record.nameLocation)
                    places.id.append(record.idLocation)
                    try copy.write(line)
                }
                progress?(batch.bytesConsumed)
                pipeline.recycle(consume batch)
            }
        }
        progress?(reader.input.bytesConsumed)
        try run("CREATE INDEX ON import_rows (name_key)")
        for problem in try clashes(mode: mode, places: places) { reader.report(problem) }
        guard reader.log.isEmpty else { throw SQLiteRosterStore.problemsError(reader) }
        return try apply(mode)
    }

    /// One row of COPY's text format: tab-separated, `\N` for NULL, and
    /// the backslash, tab, newline and carriage return escaped.
    private static func appendCopyLine(_ record: ImportedRecord, ordinal: Int, to line: inout [UInt8]) {
        func field(_ text: String?) {
            line.append(UInt8(ascii: "\t"))
            guard let text else {
                line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                return
            }
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: line.append(byte)
                }
            }
        }
        line.append(contentsOf: String(ordinal).utf8)
        field(record.hasID ? String(record.monster.id) : nil)
        field(String(Int64(bitPattern: record.given)))
        field(record.isStandIn ? "t" : "f")
        field(record.monster.name)
        field(record.nameKey)
        // The other fields, without the name key `values(of:)` would fold again.
        for data in PostgresMonsterTable.dataFields.dropFirst() {
            switch data.value(record.monster) {
            case .integer(let number): field(String(number))
            case .text(let text): field(text)
            case .null: field(nil)
            }
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// Every clash of the file with itself or the roster, at its place.
    private func clashes(mode: ImportMode, places: Places) throws -> [InputProblem] {
        var problems: [InputProblem] = []
        // Each kind of clash lists at most as many as the report keeps:
        // a file of a million duplicates must not fill memory with them.
        let limit = String(ProblemLog.limit)
        func place(_ ordinal: String?, _ kind: KeyPath<Places, [TextLocation]>) -> TextLocation? {
            guard let ordinal = ordinal.flatMap({ Int($0) }), ordinal < places[keyPath: kind].count else { return nil }
            return places[keyPath: kind][ordinal]
        }
        // A name the file uses twice, at each use after the first.
        for row in try run("""
            SELECT i.ordinal, i.name, f.ordinal, f.name FROM (
                SELECT ordinal, name, name_key, min(ordinal) OVER (PARTITION BY name_key) AS first FROM import_rows) i
            JOIN import_rows f ON f.ordinal = i.first WHERE i.ordinal <> i.first ORDER BY i.ordinal LIMIT $1
            """, [limit]).rows {
            problems.append(InputProblem(.conflict, at: place(row[0], \.name), field: "name",
                                         LoadedRecords.nameUsedEarlier(row[1] ?? "", spelledThere: row[3] ?? "", at: place(row[2], \.name))))
        }
        switch mode {
        case .replace:
            for row in try run("""
                SELECT i.ordinal, i.id, f.ordinal FROM (
                    SELECT ordinal, id, min(ordinal) OVER (PARTITION BY id) AS first FROM import_rows WHERE id IS NOT NULL) i
                JOIN import_rows f ON f.ordinal = i.first WHERE i.ordinal <> i.first ORDER BY i.ordinal LIMIT $1
                """, [limit]).rows {
                problems.append(InputProblem(.conflict, at: place(row[0], \.id), field: "id",
                                             "the id \(row[1] ?? "") is also used \(LoadedRecords.place(place(row[2], \.id)))"))
            }
        case .insert:
            for row in try run("""
                SELECT i.ordinal, i.name, m.name FROM import_rows i JOIN roster.monster m ON m.name_key = i.name_key
                WHERE i.ordinal = (SELECT min(ordinal) FROM import_rows d WHERE d.name_key = i.name_key) ORDER BY i.ordinal LIMIT $1
                """, [limit]).rows {
                problems.append(InputProblem(.conflict, at: place(row[0], \.name), field: "name",
                                             MonsterRules.nameTakenSentence(row[1] ?? "", by: row[2] ?? "") + "; use --mode upsert to update it"))
            }
        case .upsert:
            break
        }
        if mode != .replace {
            // A record that adds a monster must give every field one needs.
            let required = Int64(bitPattern: MonsterDecoder.requiredByModel)
            for row in try run("""
                SELECT i.ordinal, i.given FROM import_rows i
                WHERE NOT i.stand_in AND (i.given & $1) <> $1
                  AND NOT EXISTS (SELECT 1 FROM roster.monster m WHERE m.name_key = i.name_key)
                ORDER BY i.ordinal LIMIT $2
                """, [String(required), limit]).rows {
                guard let ordinal = row[0].flatMap({ Int($0) }), let given = row[1].flatMap({ Int64($0) }) else { continue }
                var record = ImportedRecord(monster: MonsterFields.blank, hasID: false, given: UInt64(bitPattern: given), nameKey: "",
                                            idLocation: places.id[ordinal], nameLocation: places.name[ordinal])
                record.isStandIn = false
                if let problem = ImportLoad.incompleteNewMonster(record) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Moves the monster sequence past the highest id `query` finds, so
    /// that no id is given out twice.
    private static func advanceIDs(past query: String) -> String {
        """
        SELECT setval('roster.monster_id', x.m) FROM (\(query)) AS x (m), roster.monster_id s
        WHERE x.m >= 1 AND (x.m > s.last_value OR NOT s.is_called)
        """
    }

    /// Applies the checked rows in `mode`; the counts.
    private func apply(_ mode: ImportMode) throws -> ImportSummary {
        let data = PostgresMonsterTable.dataColumns
        var summary = ImportSummary()
        switch mode {
        case .insert:
            summary.added = try run("""
                INSERT INTO roster.monster (\(data), name_key) SELECT \(data), name_key FROM import_rows ORDER BY ordinal
                """).rowCount ?? 0
        case .upsert:
            // Only the fields the file gives change; the name stays as stored.
            let sets = PostgresMonsterTable.dataFields.enumerated().filter { $0.element.key != "name" }.map { index, field in
                "\(field.key) = CASE WHEN i.given & \(Int64(1) << Int64(index + 1)) <> 0 THEN i.\(field.key) ELSE m.\(field.key) END"
            }
            let differs = PostgresMonsterTable.dataFields.enumerated().filter { $0.element.key != "name" }.map { index, field in
                "(i.given & \(Int64(1) << Int64(index + 1)) <> 0 AND i.\(field.key) IS DISTINCT FROM m.\(field.key))"
            }
            let matched = try integer("SELECT count(*) FROM import_rows i JOIN roster.monster m ON m.name_key = i.name_key") ?? 0
            summary.updated = try run("""
                UPDATE roster.monster m SET \(sets.joined(separator: ", "))
                FROM import_rows i WHERE m.name_key = i.name_key AND (\(differs.joined(separator: " OR ")))
                """).rowCount ?? 0
            summary.unchanged = Int(matched) - summary.updated
            summary.added = try run("""
                INSERT INTO roster.monster (\(data), name_key) SELECT \(data), name_key FROM import_rows i
                WHERE NOT EXISTS (SELECT 1 FROM roster.monster m WHERE m.name_key = i.name_key) ORDER BY ordinal
                """).rowCount ?? 0
        case .replace:
            try run("CREATE TEMPORARY TABLE import_previous ON COMMIT DROP AS SELECT \(PostgresMonsterTable.columns), name_key FROM roster.monster")
            // A record without an id keeps the id of the old monster with
            // its name, unless the file gives that id to another; else a new one.
            try run("""
                UPDATE import_rows i SET id = p.id FROM import_previous p
                WHERE i.id IS NULL AND p.name_key = i.name_key AND NOT EXISTS (SELECT 1 FROM import_rows o WHERE o.id = p.id)
                """)
            try run(Self.advanceIDs(past: "SELECT max(id) FROM import_rows"))
            try run("UPDATE import_rows SET id = nextval('roster.monster_id') WHERE id IS NULL")
            try run("DELETE FROM roster.monster")
            let total = try run("""
                INSERT INTO roster.monster (id, \(data), name_key) SELECT id, \(data), name_key FROM import_rows ORDER BY ordinal
                """).rowCount ?? 0
            let same = PostgresMonsterTable.dataFields.map { "NOT (m.\($0.key) IS DISTINCT FROM p.\($0.key))" }.joined(separator: " AND ")
            let counts = try run("""
                SELECT count(*), count(*) FILTER (WHERE \(same)) FROM roster.monster m JOIN import_previous p ON p.id = m.id
                """).rows.first
            let matched = counts?[0].flatMap { Int($0) } ?? 0
            summary.unchanged = counts?[1].flatMap { Int($0) } ?? 0
            summary.updated = matched - summary.unchanged
            summary.added = total - matched
            summary.removed = Int(try integer("SELECT count(*) FROM import_previous") ?? 0) - matched
        }
        // Ids given by the file stay given: the sequence goes on past them.
        try run(Self.advanceIDs(past: "SELECT max(id) FROM roster.monster"))
        return summary
    }
}
