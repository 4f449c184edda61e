import PostgresWire

/// Applying an import's checked rows (`import_rows`) in its mode, to the
/// roster or, for a dry run, to a private copy of it.
///
/// A dry run applies the import to `pg_temp.import_monster`, a temporary
/// copy of the roster with its unique indexes, numbered by a temporary
/// sequence that starts where the roster's would go on: it needs only the
/// reading grants (and `TEMPORARY`, which every role has by default), and
/// says exactly what the import would do, ids included. The roster itself
/// is only read.
///
/// A replace import inserts the rows without sorting them (every read
/// of the roster goes by id, so the order rows are stored in says
/// nothing); new ids are counted in the file's order past the sequence
/// and every id given, and only when some record has none (the reader
/// says so as the rows are sent).
extension PostgresRosterStore {
    /// Where an import's rows go.
    struct ImportTarget {
        let table: String
        let sequence: String
        let isRehearsal: Bool

        static let roster = ImportTarget(table: "roster.monster", sequence: "roster.monster_id", isRehearsal: false)
        static let rehearsal = ImportTarget(table: "pg_temp.import_monster", sequence: "pg_temp.import_monster_id", isRehearsal: true)
    }

    /// Makes the dry run's copy of the roster, in the transaction that is
    /// rolled back: copied without indexes, then indexed once.
    func makeRehearsalCopy() {
        later("CREATE TEMPORARY SEQUENCE import_monster_id AS bigint")
        if schemaVersion >= PostgresSchema.givenIDsVersion {
            later("SELECT setval('pg_temp.import_monster_id', greatest(n.id - 1, 1), n.id > 1) FROM (\(nextMonsterID)) AS n (id)")
        } else {
            later("SELECT setval('pg_temp.import_monster_id', last_value, is_called) FROM roster.monster_id")
        }
        later("CREATE TEMPORARY TABLE import_monster (LIKE roster.monster INCLUDING DEFAULTS) ON COMMIT DROP")
        later("ALTER TABLE pg_temp.import_monster ALTER COLUMN id SET DEFAULT nextval('pg_temp.import_monster_id')")
        later("INSERT INTO pg_temp.import_monster SELECT * FROM roster.monster")
        later("CREATE UNIQUE INDEX ON pg_temp.import_monster (id)")
        later("CREATE UNIQUE INDEX ON pg_temp.import_monster (name_key)")
    }

    /// Moves `sequence` past the highest id `query` finds, so that no id
    /// is given out twice.
    static func advanceIDs(_ sequence: String, past query: String) -> String {
        """
        SELECT setval('\(sequence)', x.m) FROM (\(query)) AS x (m), \(sequence) s
        WHERE x.m >= 1 AND (x.m > s.last_value OR NOT s.is_called)
        """
    }

    /// Moves `target`'s sequence past the highest id `query` finds (and,
    /// since schema 16, the roster's past a sequence wound back, keeping
    /// the highest id given; see `PostgresSchema.version16`).
    func idsGiven(in target: ImportTarget, past query: String) -> String {
        guard !target.isRehearsal, schemaVersion >= PostgresSchema.givenIDsVersion else {
            return Self.advanceIDs(target.sequence, past: query)
        }
        return "SELECT roster.monster_ids_given(coalesce((\(query)), 0))"
    }

    /// `apply` for a mode whose new rows draw their ids from the
    /// sequence (insert, upsert): made again from a savepoint while
    /// another program takes the ids drawn (see `retryingTakenIDs`).
    func applyDrawingIDs(_ mode: ImportMode, to target: ImportTarget, someWithoutID: Bool) throws -> ImportSummary {
        guard !target.isRehearsal else { return try apply(mode, to: target, someWithoutID: someWithoutID) }
        later("SAVEPOINT import_ids")
        return try retryingTakenIDs(true) {
            do {
                return try apply(mode, to: target, someWithoutID: someWithoutID)
            } catch where Self.tookDrawnID(error) {
                try run("ROLLBACK TO SAVEPOINT import_ids")
                throw error
            }
        }
    }

    /// Applies the checked rows in `mode` to `target`; the counts.
    /// `someWithoutID`: some record gives no id (a replace import then draws new ones).
    func apply(_ mode: ImportMode, to target: ImportTarget, someWithoutID: Bool) throws -> ImportSummary {
        let data = PostgresMonsterTable.dataColumns
        let table = target.table
        // Each key written with the name it was derived from (schema 11).
        let keyed = keyedNames ? ", keyed_name" : "", name = keyedNames ? ", name" : ""
        var summary = ImportSummary()
        // New rows are numbered past a sequence wound back (schema 16).
        if mode != .replace, !target.isRehearsal, schemaVersion >= PostgresSchema.givenIDsVersion {
            later(idsGiven(in: target, past: "SELECT 0"))
        }
        switch mode {
        case .insert:
            summary.added = try run("""
                INSERT INTO \(table) (\(data), name_key\(keyed)) SELECT \(data), name_key\(name) FROM import_rows ORDER BY ordinal
                """).rowCount ?? 0
        case .upsert:
            // Only the fields the file gives change; the name stays as stored.
            let sets = PostgresMonsterTable.dataFields.enumerated().filter { $0.element.key != "name" }.map { index, field in
                "\(field.key) = CASE WHEN i.given & \(Int64(1) << Int64(index + 1)) <> 0 THEN i.\(field.key) ELSE m.\(field.key) END"
            }
            let differs = PostgresMonsterTable.dataFields.enumerated().filter { $0.element.key != "name" }.map { index, field in
                "(i.given & \(Int64(1) << Int64(index + 1)) <> 0 AND i.\(field.key) IS DISTINCT FROM m.\(field.key))"
            }
            let matched = try integer("SELECT count(*) FROM import_rows i JOIN \(table) m ON m.name_key = i.name_key") ?? 0
            summary.updated = try run("""
                UPDATE \(table) m SET \(sets.joined(separator: ", "))
                FROM import_rows i WHERE m.name_key = i.name_key AND (\(differs.joined(separator: " OR ")))
                """).rowCount ?? 0
            summary.unchanged = Int(matched) - summary.updated
            summary.added = try run("""
                INSERT INTO \(table) (\(data), name_key\(keyed)) SELECT \(data), name_key\(name) FROM import_rows i
                WHERE NOT EXISTS (SELECT 1 FROM \(table) m WHERE m.name_key = i.name_key) ORDER BY ordinal
                """).rowCount ?? 0
        case .replace:
            later("CREATE TEMPORARY TABLE import_previous ON COMMIT DROP AS SELECT \(PostgresMonsterTable.columns), name_key FROM \(table)")
            later("ANALYZE import_previous")
            let previous = Int(try integer("SELECT count(*) FROM import_previous") ?? 0)
            if someWithoutID {
                // A record without an id keeps the id of the old monster with
                // its name, unless the file gives that id to another; else a
                // new one, in the file's order past every id given.
                try run("""
                    UPDATE import_rows i SET id = p.id FROM import_previous p
                    WHERE i.id IS NULL AND p.name_key = i.name_key AND NOT EXISTS (SELECT 1 FROM import_rows o WHERE o.id = p.id)
                    """)
                // Counted past the sequence and every id the file gives, not
                // drawn from the sequence, which moves past them all at once
                // below (the write lock keeps other writers out).
                let given = target.isRehearsal || schemaVersion < PostgresSchema.givenIDsVersion
                    ? "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM \(target.sequence)"
                    : "SELECT n.id - 1 FROM (\(nextMonsterID)) AS n (id)"
                let highest = try integer("SELECT greatest((\(given)), (SELECT coalesce(max(id), 0) FROM import_rows))") ?? 0
                try run("""
                    UPDATE import_rows i SET id = $1::bigint + n.rank
                    FROM (SELECT ordinal, row_number() OVER (ORDER BY ordinal) AS rank FROM import_rows WHERE id IS NULL) n
                    WHERE i.ordinal = n.ordinal
                    """, [String(highest)])
            }
            // Names that read alike, spelled otherwise, kept as the
            // roster they were exported from kept them (see `ImportLoad.pairKeys`).
            if !someWithoutID {
                later("""
                    UPDATE import_rows i SET name_key = i.name_key || chr(10) || i.id
                    FROM (SELECT name_key, min(id) AS lowest FROM import_rows GROUP BY name_key
                          HAVING count(*) > 1 AND count(DISTINCT convert_to(name, 'UTF8')) = count(*)) g
                    WHERE i.name_key = g.name_key AND i.id <> g.lowest
                    """)
            }
            // Rows the role may not read (row-level security) are left alone: a bare DELETE would take them too.
            later("DELETE FROM \(table) WHERE id IS NOT NULL")
            later(PostgresMonsterTable.noneKept(in: table), [PostgresMonsterTable.keptMark])
            // The sequence past the file's ids before they go in: schema
            // 12's trigger then moves it for none of them. (A sequence is
            // not rolled back: `load` gives it back if the rows are refused.)
            try run(idsGiven(in: target, past: "SELECT max(id) FROM import_rows"))
            let total = try run("""
                INSERT INTO \(table) (id, \(data), name_key\(keyed)) SELECT id, \(data), name_key\(name) FROM import_rows
                """).rowCount ?? 0
            let same = PostgresMonsterTable.dataFields.map { "NOT (m.\($0.key) IS DISTINCT FROM p.\($0.key))" }.joined(separator: " AND ")
            let counts = previous == 0 ? nil : try run("""
                SELECT count(*), count(*) FILTER (WHERE \(same)) FROM \(table) m JOIN import_previous p ON p.id = m.id
                """).rows.first
            let matched = counts?[0].flatMap { Int($0) } ?? 0
            summary.unchanged = counts?[1].flatMap { Int($0) } ?? 0
            summary.updated = matched - summary.unchanged
            summary.added = total - matched
            summary.removed = previous - matched
        }
        // Ids given by the file stay given: the sequence goes on past them.
        try run(idsGiven(in: target, past: "SELECT max(id) FROM \(table)"))
        return summary
    }
}
