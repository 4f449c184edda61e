import RosterCore

/// What the process's exit status means. Scripts can rely on these.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case osError = 71
    case cannotCreate = 73
    case ioError = 74
    case busy = 75
    case noPermission = 77
    case hangup = 129
    case interrupted = 130
    case terminated = 143

    /// For `roster help exit-codes`.
    public var meaning: String {
        switch self {
        case .success: "success (an empty list is success; so is a change that changes nothing)"
        case .failure: "the operation failed: no such monster, name taken, undo or redo refused (the monster changed since), a compare-and-set that found another value, a SQLite database that is not a roster, a newer schema"
        case .usage: "the command was called wrongly: unknown command, option, weapon, colour or country, a height or date that cannot be read, missing argument"
        case .dataError: "the input data is bad: an invalid name or description, an icon that is not a picture, a malformed batch or file"
        case .noInput: "an input file does not exist or cannot be read; the database or role a postgresql:// address names does not exist"
        case .osError: "the system ran out of a resource: memory (ulimit -v)"
        case .cannotCreate: "an output file cannot be created"
        case .ioError: "reading or writing failed: the database file is damaged or not a database at all, it is read-only, or the disk failed"
        case .busy: "the database is busy with another writer; try again"
        case .noPermission: "a PostgreSQL server refused the role: a wrong password, pg_hba.conf rejecting it, or a write by a role that may only read"
        case .hangup: "the terminal went away (SIGHUP) while the interactive roster was open"
        case .interrupted: "interrupted by Ctrl-C or SIGINT (the full-screen roster reads Ctrl-C as a key: it quits as q does, with 0)"
        case .terminated: "ended by SIGTERM while the interactive roster was open"
        }
    }
}

extension RosterError {
    var exitStatus: ExitStatus {
        switch self {
        // An empty argument is a slip on the command line (an unset
        // variable), as an empty value is anywhere else: a usage error.
        case .monsterNotFound(let reference, _) where reference.isEmpty: .usage
        case .monsterNotFound, .nameTaken, .newerDatabase, .foreignDatabase, .foreignSchema, .historyRefused, .changedSince, .changedSinceAsked, .namesReadAlike: .failure
        case .invalid, .unreadableValue: .dataError
        case .notADatabase, .damaged, .readOnly, .cannotOpen, .storage, .full, .serverRefused, .rosterGone: .ioError
        case .serverUnavailable, .heldUp: .busy
        case .invalidLocation: .usage
        case .outOfMemory: .osError
        case .busy: .busy
        case .notPermitted: .noPermission
        case .interrupted: .interrupted
        case .cannotRead, .notOnServer: .noInput
        case .problems(let problems, _, _):
            problems.allSatisfy { $0.kind == .notFound } ? .failure : .dataError
        }
    }
}
