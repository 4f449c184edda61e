import PostgresWire

/// What a write tells when its connection is lost after its COMMIT was
/// sent: the server may have saved the change and only its reply was lost
/// (a network cut, a proxy restarting, the server process ended just after
/// the commit), so "nothing was changed" would be a guess, and a script
/// that retries on exit 75 would make the change twice (a second undo
/// takes back one more, acknowledged, change).
///
/// Every write draws a token of its own (16 bytes from the system's random
/// source, in hex) and sets it in its transaction (`roster.write_token`),
/// from where its history entry takes it (schema version 9). When the
/// COMMIT's round trip loses the server, the store connects again, once,
/// takes the write lock (so that the lost transaction has ended, saved or
/// rolled back) and looks the token up:
/// - found: the change was saved; the write answers as usual, and `tell`
///   says that the reply was lost but the change was saved;
/// - not found: nothing was changed, which the usual sentence says (75);
/// - the server still unreachable, or no entry to look for (an older
///   schema): the change may or may not have been saved, and `roster
///   history` tells which (75, never "nothing was changed");
/// - a write that records no entry (`history --clear`): roster cannot
///   tell, and says so rather than that it could not ask (75);
/// - an import into a database that had no roster, which made the schema
///   in its own transaction: no schema means nothing was saved (see
///   `lostImportMadeSchema`), and where it cannot ask, the sentence
///   points at psql, as any roster command would make a default roster.
/// A server that stopped answering (`stoppedAnswering`) is looked up the
/// same way, and its sentences say it stopped answering.
/// A connection lost before COMMIT was sent needs none of this: the server
/// rolls such a transaction back.
extension PostgresRosterStore {
    /// 32 hexadecimal digits from the system's random source.
    static func newWriteToken() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(random.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Called with the error that ended the round trip carrying COMMIT.
    /// Returns the saved change's history id; throws `error` itself when
    /// it is not a lost server or the change was not saved, and a sentence
    /// saying the change may or may not have been saved when that cannot
    /// be told. A wait the person stopped (Ctrl-C) is looked up the same
    /// way, within a few seconds, and always throws: `interrupted`, with
    /// what is known.
    func settleLostCommit(after error: PostgresError) throws -> Int64 {
        let interrupted: Bool
        if case .interrupted = error { interrupted = true } else { interrupted = false }
        guard interrupted || Self.meansLostConnection(error) else { throw error }
        pending = []
        let lost: String
        if case .stoppedAnswering(let server, let milliseconds) = error {
            lost = Self.stoppedAnswering(server: server, milliseconds: milliseconds) + " after the change was sent to be saved"
        } else if interrupted {
            lost = "stopped waiting for PostgreSQL at \(settings.serverDescription) (interrupted) after the change was sent to be saved"
        } else {
            lost = "lost the connection to PostgreSQL at \(name) after the change was sent to be saved"
        }
        /// Uncertain: a server out of reach (exit 75), or the person gone (130).
        func uncertain(_ sentence: String) -> RosterError {
            interrupted ? .interrupted(sentence) : .serverUnavailable(sentence)
        }
        // A roster the lost write was making is only there if it was
        // saved, and any roster command would make one (the default
        // roster) if it is not: psql is asked instead.
        let whereToLook = schemaMadeByImport ? "psql's `\\dn` lists a schema named roster if it was"
            : "`roster history` shows whether it was"
        // Clearing the history records no entry, so there is no token to
        // look for: roster cannot tell, whether or not the server answers.
        guard recordsEntry else {
            throw uncertain("\(lost), and roster cannot tell whether it was "
                + "(this change leaves no history entry to look for): it may or may not have been saved; `roster history` shows which")
        }
        let id: Int64?
        do {
            id = try interrupted ? withShortLookUp(savedEntryOfLostWrite) : savedEntryOfLostWrite(settings)
        } catch {
            rollBack()
            let once = interrupted ? "" : ", once the server answers"
            throw uncertain("\(lost), and could not ask it again: the change may or may not have been saved; \(whereToLook)\(once)")
        }
        // Not found, or the lost write made no roster: nothing was saved.
        guard let id else { throw error }
        if case .stoppedAnswering(let server, let milliseconds) = error {
            tell?(Self.stoppedAnswering(server: server, milliseconds: milliseconds) + ", but the change was saved (history entry \(id))")
        } else if interrupted {
            throw RosterError.interrupted("\(lost), and it was saved (history entry \(id))")
        } else {
            tell?("lost the connection to PostgreSQL at \(name) before it answered, but the change was saved (history entry \(id))")
        }
        return id
    }

    /// Connects again with `settings`, ends the lost session, and looks
    /// the lost write's token up under the write lock (so that the lost
    /// transaction has ended, saved or rolled back): its history id, or
    /// nil when it was not saved (nor the roster a lost import made).
    /// Throws when it cannot ask.
    private func savedEntryOfLostWrite(_ settings: ConnectionSettings) throws -> Int64? {
        let lostSession = connection.processID
        try adopt(Result { () throws(PostgresError) in try PostgresConnection.connect(settings) })
        try endLostSession(lostSession)
        if try schemaMadeByImport && !lostImportMadeSchema() { return nil }
        let found = try connection.execute([
            BoundStatement("BEGIN"),
            BoundStatement("SELECT set_config('lock_timeout', $1, true)", ["\(max(0, busyTimeoutMilliseconds))ms"]),
            BoundStatement(PostgresSchema.writeLock),
            BoundStatement("SELECT id FROM roster.history WHERE write_token = $1", [writeToken]),
            BoundStatement("COMMIT"),
        ])[3].rows
        return found.first?.first.flatMap { $0 }.flatMap { Int64($0) }
    }

    /// Runs a look-up for a person who asked to stop: connecting and each
    /// answer bounded by a few seconds, not the connect timeout and the
    /// busy timeout's margin. A second Ctrl-C stops it too.
    private func withShortLookUp<T>(_ lookUp: (ConnectionSettings) throws -> T) throws -> T {
        var quick = settings
        quick.connectTimeout = min(quick.connectTimeout, shortLookUpSeconds)
        let kept = answerMarginMilliseconds
        answerMarginMilliseconds = shortLookUpSeconds * 1000
        defer {
            answerMarginMilliseconds = kept
            configure(connection)
        }
        return try lookUp(quick)
    }

    /// How long a look-up after Ctrl-C may take to connect, and to hear
    /// each answer, by default (`shortLookUpSeconds`).
    static let defaultShortLookUpSeconds = 3

    /// Ends the lost session on the server if it is still there (a
    /// network gone silent, a server process stalled): a request of its
    /// that the server has yet to read must not commit after the look-up
    /// has said it was not saved, and the write lock it may hold is let go
    /// at once. Only a session of this role and application, as the lost
    /// one was.
    private func endLostSession(_ processID: Int32) throws {
        // From PostgreSQL 14 the call waits (a few seconds at most) until the
        // session has ended and let its locks go, which the look-up then takes.
        let major = connection.serverParameters["server_version"].flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        let waiting = major >= 14 ? ", 3000" : ""
        try connection.query("""
            SELECT pg_catalog.pg_terminate_backend(pid\(waiting)) FROM pg_catalog.pg_stat_activity
            WHERE pid = $1 AND pid <> pg_catalog.pg_backend_pid() AND usename = current_user
              AND application_name = current_setting('application_name')
            """, [String(processID)])
    }

    /// For an import into a database that had no roster: whether the lost
    /// write's schema is there. The import made it under the migration
    /// lock, so once that lock is had here the lost transaction has ended,
    /// saved or rolled back; a schema still missing means it was not saved
    /// (and the look-up for its entry, in tables that are not there, could
    /// tell nothing).
    private func lostImportMadeSchema() throws -> Bool {
        try connection.transaction {
            try takeMigrationLock { sql, values in _ = try connection.query(sql, values) }
            return try connection.query("SELECT to_regclass('roster.roster_schema') IS NOT NULL").firstValue == "t"
        }
    }
}
