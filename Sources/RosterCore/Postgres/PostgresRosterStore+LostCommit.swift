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
///   tell, and says so rather than that it could not ask (75).
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
    /// be told.
    func settleLostCommit(after error: PostgresError) throws -> Int64 {
        guard Self.meansLostConnection(error) else { throw error }
        pending = []
        let uncertain = RosterError.serverUnavailable(
            "lost the connection to PostgreSQL at \(name) after the change was sent to be saved, and could not ask it again: "
                + "the change may or may not have been saved; `roster history` shows whether it was, once the server answers")
        // Clearing the history records no entry, so there is no token to
        // look for: roster cannot tell, whether or not the server answers.
        guard recordsEntry else {
            throw RosterError.serverUnavailable(
                "lost the connection to PostgreSQL at \(name) after the change was sent to be saved, and roster cannot tell whether it was "
                    + "(this change leaves no history entry to look for): it may or may not have been saved; `roster history` shows which")
        }
        let found: [[String?]]
        do {
            try adopt(Result { () throws(PostgresError) in try PostgresConnection.connect(settings) })
            found = try connection.execute([
                BoundStatement("BEGIN"),
                BoundStatement("SELECT set_config('lock_timeout', $1, true)", ["\(max(0, busyTimeoutMilliseconds))ms"]),
                BoundStatement(PostgresSchema.writeLock),
                BoundStatement("SELECT id FROM roster.history WHERE write_token = $1", [writeToken]),
                BoundStatement("COMMIT"),
            ])[3].rows
        } catch {
            rollBack()
            throw uncertain
        }
        guard let id = found.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else { throw error }
        tell?("lost the connection to PostgreSQL at \(name) before it answered, but the change was saved (history entry \(id))")
        return id
    }
}
