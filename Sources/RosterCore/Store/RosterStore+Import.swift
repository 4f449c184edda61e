/// How an import treats monsters already on the roster.
public enum ImportMode: String, CaseIterable, Sendable {
    /// Only new names; a name already on the roster is a problem.
    case insert
    /// Match by name (ignoring case): update those, add the rest.
    case upsert
    /// The file becomes the whole roster, ids included.
    case replace
}

/// What an import did, or in a dry run would do.
public struct ImportSummary: Hashable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    public var isChange: Bool { added + updated + removed > 0 }
}

extension SQLiteRosterStore {
    /// Imports every record `reader` gives, in one transaction.
    ///
    /// Records are checked and written in one pass inside `BEGIN
    /// IMMEDIATE`. A bad record is never written; the rest of the input is
    /// still read and checked so that every problem is reported, and then
    /// the transaction is rolled back: the roster is exactly as it was. A
    /// dry run does all of it and rolls back too.
    ///
    /// When the monster table is empty at the start of the load (a new
    /// roster, or `replace`), its indexes are dropped and built again
    /// after the load, which is several times faster for large files;
    /// duplicate names then show up when the unique index is built.
    public func importMonsters(from reader: MonsterReader, mode: ImportMode, dryRun: Bool = false,
                               progress: ((_ bytesRead: Int) -> Void)? = nil) throws(RosterError) -> ImportSummary {
        let journal = try bulkJournal(dryRun: dryRun)
        defer { journal.restore() }
        do throws(RosterError) {
            defer { if dryRun { truncateWALAfterRollback() } }
            return try write(commit: !dryRun) {
                // The roster before is kept whole, in the same transaction,
                // so that undo can bring it back (see HistoryTable); a dry run
                // is rolled back and needs no copy.
                // Its rows are not counted as another program's (see OutsideChanges).
                try uncounted {
                    let snapshot = dryRun ? nil : try beginSnapshot()
                    let summary = try load(from: reader, mode: mode, progress: progress)
                    if let snapshot { try recordImport(summary, mode: mode, file: reader.input.name, snapshot: snapshot) }
                    return summary
                }
            }
        } catch {
            truncateWALAfterRollback()
            throw Self.withCountrySuggestions(Self.fileProblemsBeforeFullDisk(error, reader: reader))
        }
    }

    /// A disk that fills during an import (the old rows are copied and
    /// deleted before the first record is written) is not what to tell
    /// when the file itself is bad: the user would free space only to be
    /// told of line 2. So the rest of the file is read, without writing,
    /// and its problems, if it has any, are the answer (status 65).
    static func fileProblemsBeforeFullDisk(_ fullDisk: RosterError, reader: MonsterReader) -> RosterError {
        guard case .full = fullDisk else { return fullDisk }
        do {
            while try reader.next() != nil {}
        } catch {
            // The file cannot be read on: the full disk is what is known.
            return fullDisk
        }
        return reader.log.isEmpty ? fullDisk : problemsError(reader)
    }

    /// The problems `reader` logged: a JSON document's syntax errors first
    /// (the text is not JSON, which explains what was said of its
    /// records), then the rest in the order of their places.
    static func problemsError(_ reader: MonsterReader) -> RosterError {
        let origin = TextLocation(line: 0, column: 0)
        let problems = reader.log.problems
        let leading = reader.log.syntaxErrors
        let sorted = Array(problems.prefix(leading))
            + problems.dropFirst(leading).sorted { ($0.location ?? origin) < ($1.location ?? origin) }
        return RosterError.problems(sorted, source: reader.input.name, total: reader.log.total)
    }

    /// A refused import or a dry run rolls back, but the frames it wrote
    /// stay in the WAL (megabytes for a large roster) until a later
    /// checkpoint; each later command would read them back. So the WAL
    /// is emptied now when it is large, if no reader is in the way.
    func truncateWALAfterRollback() {
        database.checkpoint(ifWALExceeds: Self.walCheckpointBytes)
        try? database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
    }

    /// `error` with "did you mean" added to its first `suggestionLimit`
    /// unknown countries. Called once the import's transaction has ended,
    /// so that no other writer waits for the search (`MonsterDecoder` leaves it out).
    static func withCountrySuggestions(_ error: RosterError) -> RosterError {
        guard case .problems(let problems, let source, let total) = error else { return error }
        var suggestions: [String: Country?] = [:]
        for problem in problems {
            guard let text = problem.unknownCountry, suggestions[text] == nil else { continue }
            guard suggestions.count < suggestionLimit else { break }
            suggestions[text] = .some(Countries.suggestion(for: text))
        }
        guard !suggestions.isEmpty else { return error }
        return .problems(problems.map { problem in
            guard let text = problem.unknownCountry, let found = suggestions[text], let country = found else { return problem }
            return InputProblem(problem.kind, at: problem.location, field: problem.field,
                                Country.unknown(text, suggestion: country).message)
        }, source: source, total: total)
    }

    /// A load into an empty table runs in rollback-journal mode when it
    /// can: every page is then written once, where WAL writes it twice
    /// (to the log, then to the database at the checkpoint). Both modes
    /// are atomic and durable. The switch only happens when no other
    /// connection is reading the file (SQLite reports it busy otherwise,
    /// at once, and the import simply stays in WAL), and WAL comes back
    /// right after; should
    /// the process die in between, the next `SQLiteRosterStore.open` restores it.
    private func bulkJournal(dryRun: Bool) throws(RosterError) -> JournalSwitch {
        try guarded {
            guard !dryRun, try database.integer("SELECT count(*) FROM monster") == 0 else {
                return JournalSwitch(database: nil)
            }
            // Ask once, without waiting: when another connection is reading,
            // the switch is busy, and the import just stays in WAL.
            try database.execute("PRAGMA busy_timeout = 0")
            defer { try? database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)") }
            let mode = try? database.prepare("PRAGMA journal_mode = DELETE").firstRow { $0.text(0) }
            return JournalSwitch(database: mode == "delete" ? database : nil)
        }
    }

    func load(from reader: MonsterReader, mode: ImportMode,
                      progress: ((_ bytesRead: Int) -> Void)?) throws -> ImportSummary {
        try AddressSpace.checkRoomForImport()
        var load = try ImportLoad(database: database, mode: mode)
        // Bounded as the reader's log is: past the listed ones, problems
        // are only counted.
        var clashes = ProblemLog()
        let pipeline = RecordPipeline(reader: reader)
        do {
            while let batch = try pipeline.next() {
                // Valid records are written even once the import is known
                // to fail: the transaction is rolled back anyway, and
                // writing on finds every clash with the roster.
                try load.write(batch, problems: &clashes)
                progress?(batch.bytesConsumed)
                pipeline.recycle(consume batch)
            }
        } catch {
            pipeline.finish()
            throw error
        }
        pipeline.finish()
        // The reading thread is done: the reader's log is ours again.
        try load.finish(problems: &clashes)
        reader.report(clashes)
        progress?(reader.input.bytesConsumed)
        guard reader.log.isEmpty else { throw Self.problemsError(reader) }
        return try load.summary()
    }
}

/// Puts the connection back in WAL mode after a bulk load (see `bulkJournal`).
struct JournalSwitch {
    let database: Database?

    func restore() {
        try? database?.execute("PRAGMA journal_mode = WAL")
    }
}
