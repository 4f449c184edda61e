import PostgresWire

/// Importing into a roster on the server: all or nothing, with every check
/// roster makes on a file, the rows sent with COPY.
///
/// Inside one write transaction: the records the reader gives (checked by
/// the model's rules as it reads) go by COPY into a temporary table,
/// `import_rows`, each with its place in the file, stand-ins for records
/// with problems included so that their names and ids are checked too.
/// What clashes (see `clashes`) is reported at its place, and any problem
/// rolls everything back. Otherwise the rows are applied in the mode (see
/// `apply`) and the import is recorded as one change, the roster from
/// before kept whole (in `history_roster`) for undo. A server crash at
/// any moment leaves the old roster or the new one.
///
/// A replace import does not look for clashes before it applies: the
/// roster's unique indexes refuse a name or an id used twice as the rows
/// go in, and only then (back at a savepoint) do the clash queries say
/// where. A dry run applies to a private copy of the roster (see
/// `ImportTarget.rehearsal`), so a role that may only read can ask.
extension PostgresRosterStore {
    public func importMonsters(from reader: MonsterReader, mode: ImportMode, dryRun: Bool,
                               progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportSummary {
        do throws(RosterError) {
            var madeSchema = false
            let summary = try withImportMargin { () throws(RosterError) in try write(commit: !dryRun, locking: !dryRun) {
                madeSchema = try makeSchemaForImport(locking: !dryRun)
                // An upsert finds monsters by key. A dry run may be a
                // reader's, which cannot correct them.
                if !dryRun { try correctNameKeysIfStale() }
                let snapshot = dryRun ? nil : try beginSnapshot()
                let summary = try load(from: reader, mode: mode, into: dryRun ? .rehearsal : .roster, progress: progress)
                if let snapshot {
                    if summary.isChange {
                        try recordChange("import", summary: ChangeWording.imported(summary, mode: mode), revisions: [],
                                         file: reader.input.name, kind: "snapshot", id: snapshot.id,
                                         counts: (snapshot.countBefore, snapshot.countBefore + summary.added - summary.removed))
                        try dropOldSnapshots()
                    } else {
                        // A replace rewrote every row to change nothing: put
                        // back the rows as they were, or the rewrite, with no
                        // entry, would count as another program's write
                        // (and an undo of the import before would be refused).
                        if mode == .replace { later("ROLLBACK TO SAVEPOINT import_apply") }
                        later("DELETE FROM roster.history_roster WHERE change = $1", [String(snapshot.id)])
                    }
                }
                return summary
            } }
            if !dryRun {
                schemaMadeByImport = false
                // Said once committed, as a first run says it: a mistyped
                // database name would otherwise fill a new roster unseen.
                if madeSchema { tell?("made a new roster in database \(settings.database) on \(settings.serverDescription)") }
            }
            return summary
        } catch {
            throw SQLiteRosterStore.withCountrySuggestions(error)
        }
    }

    public func previewImport(from reader: MonsterReader, mode: ImportMode, limit: Int,
                              progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportPreview {
        do throws(RosterError) {
            return try write(commit: false, locking: false) {
                _ = try makeSchemaForImport(locking: false)
                let summary = try load(from: reader, mode: mode, into: .rehearsal, progress: progress)
                let differs = PostgresMonsterTable.dataFields.map { "b.\($0.key) IS DISTINCT FROM a.\($0.key)" }.joined(separator: " OR ")
                // Before: the roster, only read; after: the dry run's copy.
                let changed = """
                    SELECT coalesce(b.id, a.id) AS id FROM roster.monster b FULL JOIN pg_temp.import_monster a ON a.id = b.id
                    WHERE a.id IS NULL OR b.id IS NULL OR \(differs)
                    """
                let total = Int(try integer("SELECT count(*) FROM (\(changed)) c") ?? 0)
                let columns = MonsterFields.keys
                let rows = try run("""
                    SELECT \(columns.map { "b.\($0)" }.joined(separator: ", ")), \(columns.map { "a.\($0)" }.joined(separator: ", "))
                    FROM (\(changed) ORDER BY id LIMIT $1) c
                    LEFT JOIN roster.monster b ON b.id = c.id LEFT JOIN pg_temp.import_monster a ON a.id = c.id ORDER BY c.id
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
        guard let id = try integer("SELECT \(PostgresSchema.nextHistoryID)") else { throw RosterError.damaged(path: name) }
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

    private func load(from reader: MonsterReader, mode: ImportMode, into target: ImportTarget,
                      progress: ((_ bytesRead: Int) -> Void)?) throws -> ImportSummary {
        if target.isRehearsal { makeRehearsalCopy() }
        try run("""
            CREATE TEMPORARY TABLE import_rows (
                ordinal bigint NOT NULL, id bigint, given bigint NOT NULL, stand_in boolean NOT NULL,
                name text NOT NULL, name_key text COLLATE "C" NOT NULL, description text NOT NULL, icon text NOT NULL,
                name_color text NOT NULL, weapon text NOT NULL, height text, origin text, activated text
            ) ON COMMIT DROP
            """)
        var places = ImportPlaces()
        var someWithoutID = false
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
                    if !record.hasID { someWithoutID = true }
                    try copy.write(line)
                }
                progress?(batch.bytesConsumed)
                pipeline.recycle(consume batch)
            }
        }
        progress?(reader.input.bytesConsumed)
        /// Every clash, reported with the reader's problems: then nothing is applied.
        func refuseClashes() throws {
            // A temporary table is never analysed by autovacuum: without
            // statistics the clash queries would be planned for a tiny table.
            try run("ANALYZE import_rows")
            reader.report(try clashes(mode: mode, places: places, table: target.table))
            guard reader.log.isEmpty else { throw SQLiteRosterStore.problemsError(reader) }
        }
        guard mode == .replace else {
            later("CREATE INDEX ON import_rows (name_key)")
            try rekeyRowsNamedOtherwise(in: target, mode: mode)
            try refuseClashes()
            return try applyDrawingIDs(mode, to: target, someWithoutID: someWithoutID)
        }
        // Only a record without an id is matched to a monster by its key.
        if someWithoutID { try rekeyRowsNamedOtherwise(in: target, mode: mode) }
        if !reader.log.isEmpty { try refuseClashes() }
        // The sequence moves past the file's ids before they go in (see
        // `apply`), and is not rolled back with them.
        let sequence = try run("SELECT last_value, is_called FROM \(target.sequence)").rows.first ?? []
        later("SAVEPOINT import_apply")
        do {
            return try apply(mode, to: target, someWithoutID: someWithoutID)
        } catch PostgresError.server(let failure) where failure.sqlState == .uniqueViolation {
            try refuseTaken(failure, in: target, sequenceWas: sequence, clashes: refuseClashes)
        }
    }

    /// After a replace import's rows met a row of the same id or key,
    /// rolled back to its savepoint: a name or an id the file uses twice
    /// is said at its places; an id another program inserted meanwhile
    /// (one of the file's, or one the import counted, after the import
    /// removed the roster's rows) in a sentence, nothing changed (75: the
    /// roster this import would keep for undo was read before that row
    /// came, so the import is not applied again here).
    private func refuseTaken(_ failure: ServerError, in target: ImportTarget, sequenceWas sequence: [String?],
                             clashes refuseClashes: () throws -> Void) throws -> Never {
        try run("ROLLBACK TO SAVEPOINT import_apply")
        // A refused import uses up no id: the sequence goes back, unless
        // another program took an id past where it was meanwhile (or
        // the role may not set it: only draw from it, since schema 14).
        if sequence.count == 2, let last = sequence[0], let called = sequence[1] {
            try run("""
                SELECT setval('\(target.sequence)', $1::bigint, $2::boolean) FROM \(target.sequence) s
                WHERE s.last_value > $1::bigint AND NOT EXISTS (SELECT 1 FROM \(target.table) WHERE id > $1::bigint)
                AND has_sequence_privilege('\(target.sequence)', 'UPDATE')
                """, [last, called])
        }
        try refuseClashes()
        let error = PostgresError.server(failure)
        guard Self.tookDrawnID(error), !target.isRehearsal else { throw error }
        throw RosterError.serverUnavailable("the roster at \(name) was not replaced: another program inserted a monster with an id the import gives while it ran; nothing was changed")
    }

    /// One row of COPY's text format: tab-separated, `\N` for NULL, and
    /// the backslash, tab, newline and carriage return escaped. A field
    /// with none of those (nearly all) is copied whole, and numbers are
    /// written as digits without making a String: this runs a million
    /// times on the thread the import waits for.
    private static func appendCopyLine(_ record: ImportedRecord, ordinal: Int, to line: inout [UInt8]) {
        func number(_ value: Int64) {
            line.append(UInt8(ascii: "\t"))
            appendDecimal(value, to: &line)
        }
        func field(_ text: String?) {
            line.append(UInt8(ascii: "\t"))
            guard let text else {
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(ascii: "N"))
                return
            }
            withUTF8Bytes(of: text) { bytes in
                guard bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
                    line.append(contentsOf: bytes)
                    return
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "\\"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                    case UInt8(ascii: "\t"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                    case UInt8(ascii: "\n"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                    case UInt8(ascii: "\r"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                    default: line.append(byte)
                    }
                }
            }
        }
        appendDecimal(Int64(ordinal), to: &line)
        if record.hasID { number(record.monster.id) } else { field(nil) }
        number(Int64(bitPattern: record.given))
        line.append(UInt8(ascii: "\t"))
        line.append(record.isStandIn ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        field(record.monster.name)
        field(record.nameKey)
        // The other fields, without the name key `values(of:)` would fold again.
        for data in PostgresMonsterTable.dataFields.dropFirst() {
            switch data.value(record.monster) {
            case .integer(let value): number(value)
            case .text(let text): field(text)
            case .null: field(nil)
            }
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// `value` in decimal digits.
    private static func appendDecimal(_ value: Int64, to line: inout [UInt8]) {
        if value < 0 { line.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { line.append(buffer[index]) }
        }
    }
}
