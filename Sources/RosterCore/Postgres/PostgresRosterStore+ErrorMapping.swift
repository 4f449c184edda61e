import PostgresWire
import TextSafety

/// How the PostgreSQL store turns its protocol client's errors into the
/// roster's one-sentence errors.
///
/// The SQLSTATE decides the exit code (a lost server 75, a lock wait or
/// timeout 75, a refused permission or a read-only database 77, names the server does not have 66);
/// the sentence names the server, database and role as given, never the
/// password, and never trusts the server's text to name what was asked for.
extension PostgresRosterStore {
    /// The roster's sentence for a client error. "nothing was changed"
    /// only where something could have been: a write that lost its
    /// server part way (before its COMMIT was sent, or after it when the
    /// write's token shows it was not saved: see `settleLostCommit`). A read, or a command that could not connect at
    /// all, names the server and says no more.
    static func mapped(_ error: PostgresError, settings: ConnectionSettings, writing: Bool) -> RosterError {
        let server = settings.description
        let unchanged = writing ? "; nothing was changed" : ""
        switch error {
        case .unreachable, .connectionLost:
            return .serverUnavailable(sentence(error.description) + unchanged)
        case .stoppedAnswering(_, let milliseconds):
            return .serverUnavailable(stoppedAnswering(server: settings.serverDescription, milliseconds: milliseconds) + unchanged)
        case .interrupted:
            // A read, or a write before its COMMIT was sent (after it, see
            // `settleLostCommit`): nothing was changed either way.
            return .interrupted("stopped waiting for PostgreSQL at \(settings.serverDescription) (interrupted); nothing was changed")
        case .invalidSettings(let text):
            return .invalidLocation(sentence(text))
        case .insecure, .protocolViolation, .misuse:
            return .serverRefused(sentence(error.description))
        case .server(let failure):
            let state = failure.sqlState
            // A lock wait past the busy limit, and a transaction the server
            // gave up on for another's sake: try again, as for a busy file.
            if state == .lockNotAvailable || state == .serializationFailure || state == .deadlockDetected {
                return .busy(path: server)
            }
            // Cancelled for the server's own reasons: nobody is writing.
            // A write sets no statement_timeout (see `writeOpening`), so
            // this is a read the role's or database's one cut short, or an
            // administrator's pg_cancel_backend.
            if state == .queryCanceled {
                let (cause, advice) = failure.message.contains("statement timeout")
                    ? ("the statement_timeout set for role \(Quote.code(settings.user)) or its database cut it short", "ask for a longer one")
                    : (failure.message, "try again")
                return .heldUp("PostgreSQL at \(settings.serverDescription) cancelled roster's statement (\(cause))\(unchanged); \(advice)")
            }
            // A sequence at its end: a monster was given the largest id (an
            // import, another program's insert, even one removed since), or
            // a writer moved the ids given there (`monster_ids_given`), and
            // ids are never given twice. (Past it, in schema 16's functions
            // that look past every id held: out of range.) Only the owner can
            // give the ids between the highest held and the end again.
            if state == SQLState("2200H")
                || state == SQLState("22003") && failure.fields[UInt8(ascii: "W")]?.contains("monster_id") == true {
                return .serverRefused("the roster at \(server) has no monster id left to give: the ids given reached the largest PostgreSQL keeps (9223372036854775807: a monster given that id, even one removed since, or another program moving the ids given there), and roster never gives an id twice\(unchanged); the roster's owner can give the ids past the highest one held again (docs/sharing.md, \u{201C}When no id is left\u{201D})")
            }
            // The history's counter past the largest bigint (a history row
            // another role wrote with id 9223372036854775807), or a change
            // number past the largest roster gives (`recordChange`'s
            // check): said as a file says it, not as the server's
            // "bigint out of range" or the cast that refused it.
            if state == SQLState("22003") && failure.fields[UInt8(ascii: "W")]?.contains("next_history_id") == true
                || state == SQLState("22P02") && failure.message.contains(Self.noNumberLeftMark) {
                return .invalid([FieldProblem(field: "history", message: HistoryTable.noIDLeft)])
            }
            if state == SQLState("22P02") && failure.message.contains(PostgresMonsterTable.keptMark) {
                return .notPermitted("the roster at \(server) kept a monster roster was removing: the server deleted fewer rows than asked "
                    + "(a row-level security policy on roster.monster?)\(unchanged)")
            }
            if meansLostConnection(error) {
                return .serverUnavailable("lost the connection to PostgreSQL at \(server): \(failure.message)\(unchanged)")
            }
            // The marker's guard (schema 14) refusing a role that is not its
            // owner: said as the guard means it, not as a role that may
            // only read, which this one may not be.
            if state == .insufficientPrivilege && failure.message.hasPrefix(PostgresSchema.markerGuardMark) {
                return .notPermitted("the roster at \(server) refused to change its version marker for the role \(Quote.code(settings.user)): "
                    + "only the marker's owner may change it, beyond the keys a writer derived\(unchanged)")
            }
            if state == .insufficientPrivilege || state == .readOnlySQLTransaction {
                // A role refused a write is refused permission (77); a
                // server that takes no writes at all (a standby) is read-only.
                if writing && state == .insufficientPrivilege {
                    return .notPermitted("the roster at \(server) cannot be written: the database role \(Quote.code(settings.user)) may only read it (\(failure.message)); nothing was changed")
                }
                if writing {
                    // default_transaction_read_only, or a standby: no role may write.
                    return .notPermitted("the roster at \(server) cannot be written: the database takes no writes (\(failure.message)); nothing was changed")
                }
                // Reading a table, or making the schema: the server's words say which.
                return .notPermitted("the roster at \(server) cannot be opened: the database role \(Quote.code(settings.user)) was refused (\(failure.message))")
            }
            // Names the person gave that the server does not have: said
            // with the names as given, not the server's text.
            if state == .invalidCatalogName {
                return .notOnServer("database \(Quote.code(settings.database)) does not exist on \(settings.serverDescription)")
            }
            if state == .invalidAuthorizationSpecification, failure.message.hasPrefix("role "), failure.message.hasSuffix(" does not exist") {
                return .notOnServer("role \(Quote.code(settings.user)) does not exist on \(settings.serverDescription)")
            }
            // A wrong password, or pg_hba.conf rejecting the role: told by
            // host and role as given (the server's words after them).
            if state == .invalidPassword || state == .invalidAuthorizationSpecification {
                return .notPermitted("PostgreSQL at \(settings.serverDescription) refused role \(Quote.code(settings.user)) "
                    + "(database \(settings.database)): \(failure.message)")
            }
            return .serverRefused("the roster at \(server) failed: \(failure.message) (SQLSTATE \(state.code))")
        }
    }

    /// Whether `error` means the session is gone (a network cut, the
    /// server or its process ended), not that a statement was refused.
    static func meansLostConnection(_ error: PostgresError) -> Bool {
        switch error {
        case .connectionLost, .stoppedAnswering: return true
        case .server(let failure):
            let state = failure.sqlState
            return state.errorClass == "08" || state == .adminShutdown || state == .crashShutdown || state == .cannotConnectNow
        default: return false
        }
    }

    /// The sentence for a server silent past the answer timeout.
    static func stoppedAnswering(server: String, milliseconds: Int) -> String {
        "PostgreSQL at \(server) stopped answering: nothing came for \(PostgresError.seconds(milliseconds)) s "
            + "(the network may have dropped the connection)"
    }

    /// `mapped` for this store, as its statement stands (a write or not).
    func mapped(_ error: PostgresError) -> RosterError {
        Self.mapped(error, settings: settings, writing: isWriting)
    }

    /// Any error a request threw, as the roster's.
    func rosterError(_ error: any Error) -> RosterError {
        switch error {
        case let error as RosterError: error
        case let error as PostgresError: mapped(error)
        case let error as IOFailure where error.isOutOfMemory: .outOfMemory
        default: .serverRefused("the roster at \(name) failed: \(error)")
        }
    }

    /// A client sentence in the roster's voice: lower-case first, no full stop.
    static func sentence(_ text: String) -> String {
        var text = text
        if text.hasSuffix(".") { text.removeLast() }
        // A first word with capitals inside (`PostgreSQL`, `SSL`) is a name, kept as it is.
        let firstWord = text.prefix { $0 != " " }
        guard let first = text.first, first.isUppercase, !firstWord.dropFirst().contains(where: \.isUppercase) else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
