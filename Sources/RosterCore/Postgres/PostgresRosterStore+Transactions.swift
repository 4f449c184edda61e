import PostgresWire

/// How the PostgreSQL store wraps its statements in transactions.
///
/// A write is one transaction that takes the roster's write lock first
/// (`PostgresSchema.writeLock`, waiting at most the busy timeout) and marks
/// itself as roster's (`roster.writing`) so the outside-change trigger
/// stays quiet; its `BEGIN` and lock travel with its first statement that
/// needs an answer. A rehearsal (a dry run) reads in a read-only snapshot
/// and drops the writes, so a reader role can ask what a change would do.
extension PostgresRosterStore {
    /// Runs a write: one transaction that takes the write lock first and,
    /// unless `commit` is false (a dry run, which is then rolled back),
    /// commits with the statements still pending.
    ///
    /// `rehearse` is for a dry run whose answer the client works out from
    /// what it reads (set-weapon, edit, remove, add): it runs in a
    /// read-only snapshot, takes neither the write lock nor row locks, and
    /// drops the writes it would have sent, so a role that may only read
    /// can ask what a change would do, and nobody waits on it.
    ///
    /// `locking: false` is for an import's dry run, which writes only
    /// temporary tables: it reads one snapshot instead of taking the write
    /// lock, which needs a grant a reader lacks.
    ///
    /// `drawsIDs` is for a write that draws new monsters' ids (`add`): if
    /// another program inserted a row with the id drawn before this write
    /// sent its own (a script numbering by `max(id) + 1`), the write is
    /// rolled back and made again whole, with an id drawn anew.
    func write<T>(commit: Bool = true, rehearse: Bool = false, locking: Bool = true, drawsIDs: Bool = false,
                  _ body: () throws -> T) throws(RosterError) -> T {
        isWriting = !rehearse
        isRehearsing = rehearse
        defer {
            isWriting = false
            isRehearsing = false
        }
        if rehearse {
            return try guarded {
                pending = [BoundStatement("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")]
                do {
                    let value = try body()
                    pending = []
                    if connection.transactionStatus != .idle { try run("ROLLBACK") }
                    return value
                } catch {
                    rollBack()
                    throw error
                }
            }
        }
        return try guarded {
            try catchingInterrupt { try retryingTakenIDs(drawsIDs) { try writeOnce(commit: commit, locking: locking, body) } }
        }
    }

    /// One try of a write (see `write`).
    private func writeOnce<T>(commit: Bool, locking: Bool, _ body: () throws -> T) throws -> T {
        pending = openingWrite(locking: locking)
        let value: T
        do {
            value = try body()
            if commit {
                let tag: String?
                var ownEntry: Int64?
                do {
                    if recordsEntry && schemaVersion >= 10 {
                        // The entry's number, read as it commits (same round trip):
                        // a copy of the roster found later is told by it (`+Identity`).
                        let results = try runBatch(pending + [BoundStatement("SELECT \(PostgresSchema.lastHistoryID)"), BoundStatement("COMMIT")])
                        ownEntry = results.dropLast().last?.firstValue.flatMap { $0 }.flatMap { Int64($0) }
                        tag = results.last?.commandTag
                    } else {
                        tag = try run("COMMIT").commandTag
                    }
                } catch let lost as PostgresError {
                    // Saved despite the lost reply, or thrown (see `settleLostCommit`).
                    _ = try settleLostCommit(after: lost)
                    tag = "COMMIT"
                }
                if tag == "ROLLBACK" { throw PostgresError.misuse("the transaction failed part way, so it was rolled back") }
                noteOwnWrite(entry: ownEntry)
            } else {
                try run("ROLLBACK")
            }
        } catch {
            rollBack()
            throw error
        }
        return value
    }

    /// Starts a write: a new token for its history entry (see
    /// `settleLostCommit`), and BEGIN with the write lock (or, not
    /// `locking`, a snapshot).
    func openingWrite(locking: Bool = true) -> [BoundStatement] {
        writeToken = Self.newWriteToken()
        recordsEntry = false
        return writeOpening(locking: locking)
    }

    /// How every write begins: BEGIN, then the write lock. An import into
    /// a database that has no roster yet takes the lock once it has made
    /// the schema (see `makeSchemaForImport`).
    func writeOpening(locking: Bool) -> [BoundStatement] {
        [
            BoundStatement(locking ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ"),
            // roster.writing: this change is roster's, announced with its
            // history id; the outside-change trigger stays quiet.
            // roster.write_token: its history entry's token. The
            // settings come first, so the lock waits no longer than the
            // busy timeout. A write is bounded by that wait and the answer
            // timeout, so a statement_timeout set for the role (meant for
            // runaway queries) does not cut it short; and should roster
            // vanish mid-write, the server drops the write, and the lock,
            // once it has been idle as long as roster would wait.
            BoundStatement("""
                SELECT set_config('lock_timeout', $1, true), set_config('roster.writing', 'on', true), \
                set_config('roster.write_token', $2, true), set_config('statement_timeout', '0ms', true), \
                set_config('idle_in_transaction_session_timeout', $3, true)
                """, ["\(max(0, busyTimeoutMilliseconds))ms", writeToken, "\(answerTimeoutMilliseconds)ms"]),
        ] + (locking && !schemaMadeByImport ? [BoundStatement(PostgresSchema.writeLock)] : [])
    }

    /// Reads in one snapshot (an export, a page of the list while others write).
    func readTransaction<T>(_ body: () throws -> T) throws(RosterError) -> T {
        try guarded {
            pending = [BoundStatement("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")]
            do {
                let value = try body()
                if pending.isEmpty { try run("COMMIT") } else { pending = [] }
                return value
            } catch {
                rollBack()
                throw error
            }
        }
    }

    /// Ends a transaction that failed: nothing of it stays.
    func rollBack() {
        pending = []
        guard !connection.isClosed, connection.transactionStatus != .idle else { return }
        _ = try? connection.simpleQuery("ROLLBACK")
    }
}
