import TextSafety
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong with the roster, each told as one sentence.
///
/// Messages may contain text from the user or the database; whoever prints
/// them to a terminal escapes control characters first.
public enum RosterError: Error, Sendable, CustomStringConvertible {
    /// No monster has that name or id. `suggestion` is a close name, if any.
    case monsterNotFound(String, suggestion: String?)
    /// Another monster already has that name (ignoring case).
    /// The name given, and the stored name it reads the same as, when known.
    case nameTaken(String, existing: String? = nil)
    /// A value breaks the model's rules.
    case invalid([FieldProblem])
    /// The file was written by a newer roster with a schema this one does not know.
    case newerDatabase(path: String, version: Int32)
    /// A SQLite database, but not a roster.
    case foreignDatabase(path: String)
    /// Not a SQLite database at all.
    case notADatabase(path: String)
    /// A roster database that is truncated or corrupt.
    case damaged(path: String)
    /// A value another program stored past the table's checks (with
    /// SQLite's checks off), which roster cannot read: the monster's id,
    /// the field, and the value (cut short). The file is not damaged.
    case unreadableValue(id: Int64, field: String, value: String)
    /// The database or its folder cannot be written.
    case readOnly(path: String, reason: String? = nil)
    /// Another program holds the write lock for longer than we wait.
    case busy(path: String)
    /// The file or its folder could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// Any other storage failure.
    case storage(path: String, DatabaseError)
    /// The operation was interrupted (Ctrl-C), with what is known of a
    /// change under way ("…; nothing was changed").
    case interrupted(String)
    /// Input data had these problems; nothing was changed. `source` names
    /// the input in reports (`stdin`, a file name); `total` counts every
    /// problem when only the first ones are listed.
    case problems([InputProblem], source: String = "stdin", total: Int? = nil)
    /// An input file cannot be read (it is missing, a folder, unreadable).
    case cannotRead(path: String, reason: String)
    /// Undo or redo would overwrite work done since: the sentence says whose.
    /// `citing` holds the changes it names, each as `#12 ` and its line,
    /// so that an interface can tell them as it tells its history (a
    /// change of picture by the pictures' names rather than by files).
    case historyRefused(String, citing: [HistoryEntry] = [])
    /// The monster was changed by someone else since the caller read it
    /// (`current` is how it is now; `fields` the keys that differ from
    /// what the caller started from). Nothing was saved.
    case changedSince(current: Monster, fields: [String])
    /// A change did not fit: the disk (or the file size limit) is full.
    /// The transaction was rolled back.
    case full(path: String, reason: String)
    /// Memory ran out for a large allocation (an import's buffers).
    case outOfMemory
    /// A monster changed (or another took its name) between the question
    /// and the answer, or, when nobody was asked (`--yes`), between roster
    /// looking it up and removing it; nothing was done.
    case changedSinceAsked(String, asked: Bool = true)
    /// The roster's server cannot be reached, or was lost part way: the
    /// sentence names the server (never a password). Try again later;
    /// nothing was changed.
    case serverUnavailable(String)
    /// The server refused or failed the request (not being reachable
    /// aside): the sentence says why and names the server.
    case serverRefused(String)
    /// The server has no database, or no role, by the name the roster's
    /// address gives: the sentence says which, and names the server.
    case notOnServer(String)
    /// Where the roster is cannot be read (a `postgresql://` URI, a PG*
    /// variable, the password file): the sentence says what to fix.
    case invalidLocation(String)
    /// The database has a schema named `roster` that is not roster's.
    case foreignSchema(server: String)
    /// The roster an interface showed is no longer on its server (the
    /// database dropped and made again, another server answering): the
    /// sentence says so, and nothing is read from or written to it.
    case rosterGone(String)
    /// A name that reads as several monsters' names (roster itself never
    /// lets two names read alike now; another program, or a roster whose
    /// fold read fewer letters alike, may have): the sentence lists them
    /// by id. Nothing is done to any of them.
    case namesReadAlike(String)
    /// Another session held a lock roster needed (the PostgreSQL schema's
    /// migration lock) past the busy timeout: the sentence says who.
    /// Try again later; nothing was changed.
    case heldUp(String)
    /// The server refused the role: a wrong password, `pg_hba.conf`
    /// rejecting it, or a write by a role that may only read. The sentence
    /// names the server and the role, never the password.
    case notPermitted(String)

    /// "Cat-Bot was not removed: another program changed it after you
    /// were asked", the outcome first; `who` names the other program
    /// where the store knows it ("postgres on carol@ci").
    public static func notRemoved(_ name: String, asked: Bool = true, by who: String = "another program") -> String {
        "\(name) was not removed: \(who) changed it after \(asked ? "you were asked" : "roster looked it up")"
    }

    public var description: String {
        switch self {
        case .monsterNotFound(let reference, let suggestion):
            // A name is never only digits, so digits (or #digits) are an id.
            if let id = MonsterRules.id(in: reference) { return "no monster has id \(id)" }
            if reference.isEmpty { return "an empty name names no monster; give a name or an id" }
            let digits = reference.hasPrefix("#") ? reference.dropFirst() : Substring(reference)
            if !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                return "no monster has id \(digits)"
            }
            var text = "no monster is named \(Quote.code(reference))"
            if let suggestion {
                text += "; did you mean \(Quote.code(suggestion))?"
            } else if reference.hasPrefix("-"), MonsterRules.id(in: "#" + reference) != nil {
                text += " (an id below 1 is written with #: #\(reference))"
            }
            return text
        case .nameTaken(let name, let existing):
            guard let existing, existing != name else { return "a monster named \(Quote.code(name)) already exists" }
            return MonsterRules.nameTakenSentence(name, by: existing)
        case .invalid(let problems):
            return problems.map(\.message).joined(separator: "; ")
        case .newerDatabase(let path, let version):
            return "\(path) was written by a newer version of roster (schema \(version)); upgrade roster to open it"
        case .foreignDatabase(let path):
            return "\(path) is a SQLite database, but not a roster; roster leaves it untouched"
        case .notADatabase(let path):
            return "\(path) is not a roster database (it is not a SQLite file at all); roster leaves it untouched"
        case .damaged(let path):
            return "the roster database \(path) is damaged (truncated or corrupt); roster leaves it untouched"
        case .unreadableValue(let id, let field, let value):
            return "the roster holds a \(field) for monster id \(id) that roster cannot read, \(Quote.code(value)), "
                + "which another program stored past the table's checks; nothing was changed"
        case .readOnly(let path, let reason):
            return "the roster database \(path) cannot be written: \(reason ?? "the file or its folder is read-only")"
        case .busy:
            return "the roster database is busy: another program is writing; try again"
        case .cannotOpen(let path, let reason):
            return "cannot open the roster database \(path): \(reason)"
        case .storage(let path, let error):
            return "the roster database \(path) failed: \(error.message)"
        case .interrupted(let sentence):
            return sentence
        case .cannotRead(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .historyRefused(let sentence, _), .namesReadAlike(let sentence):
            return sentence
        case .changedSince(let current, let fields):
            let now = fields.compactMap { key in
                MonsterFields.field(key).map { field in
                    // In the words every other message uses: `Smoke`, not `smoke`.
                    "\(key == "name_color" ? "colour" : key) is now \(field.told(current))"
                }
            }
            return "\(current.name) is not as this change expected: its \(now.joined(separator: ", its ")); nothing was changed"
        case .full(let path, let reason):
            return "the change did not fit in the roster database \(path): \(reason); nothing was changed"
        case .outOfMemory:
            return "there is not enough memory to finish (is ulimit -v too small?); nothing was changed"
        case .changedSinceAsked(let name, let asked):
            return Self.notRemoved(name, asked: asked)
        case .serverUnavailable(let sentence), .serverRefused(let sentence), .invalidLocation(let sentence),
             .notOnServer(let sentence), .notPermitted(let sentence), .heldUp(let sentence):
            // The client's sentences end with a full stop; the roster's do not.
            return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        case .rosterGone(let sentence):
            return sentence
        case .foreignSchema(let server):
            return "the schema roster in \(server) is not roster's (it has no roster version marker); roster leaves it untouched"
        case .problems(let problems, let source, let total):
            let count = total ?? problems.count
            // Problems with the command's own arguments are not "input".
            if source == "roster" { return "nothing was changed" }
            return "nothing was changed: the input has \(count) problem\(count == 1 ? "" : "s")"
        }
    }

    /// Why a roster file that another program moved away cannot be
    /// written: the connection still has the old file open.
    public static let fileMovedReason = "another program moved, removed or replaced it since roster opened it; nothing was changed"

    /// Turns a SQLite error into the sentence a user should read.
    static func from(_ error: DatabaseError, path: String) -> RosterError {
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_READONLY where error.extendedCode == ResultCode.SQLITE_READONLY_DBMOVED.rawValue:
            return .readOnly(path: path, reason: fileMovedReason)
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly(path: path)
        case SQLITE_CORRUPT: return .damaged(path: path)
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_INTERRUPT: return .interrupted("interrupted")
        case SQLITE_CANTOPEN:
            if error.systemErrno == EMFILE || error.systemErrno == ENFILE {
                return .cannotOpen(path: path, reason: "too many files are open (ulimit -n is too small)")
            }
            if error.systemErrno == EACCES || error.systemErrno == EROFS { return .readOnly(path: path) }
            let reason = error.systemErrno == 0
                ? error.message
                : IOFailure(operation: "open", path: path, errno: error.systemErrno).reason
            return .cannotOpen(path: path, reason: reason)
        case SQLITE_FULL:
            return .full(path: path, reason: error.systemErrno == EFBIG ? "the file size limit was reached (ulimit -f)" : "the disk is full")
        case SQLITE_NOMEM: return .outOfMemory
        case SQLITE_IOERR:
            // The -shm file beside the roster could not grow: said before
            // the errno (ENOSPC) is read as a change that did not fit, since
            // even a command that changes nothing (`list`) needs it.
            if error.extendedCode == ResultCode.SQLITE_IOERR_SHMSIZE.rawValue {
                // The index needs 32 KiB whatever the roster's size.
                var limit = rlimit()
                if error.systemErrno == EFBIG || (getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur < 32 << 10) {
                    return .cannotOpen(path: path, reason: "its shared-memory file \(path)-shm needs 32 KiB, more than the file size limit allows (ulimit -f)")
                }
                return .cannotOpen(path: path, reason: "its shared-memory file \(path)-shm cannot grow (the disk may be full)")
            }
            switch error.systemErrno {
            case ENOSPC: return .full(path: path, reason: "the disk is full")
            case EFBIG: return .full(path: path, reason: "the file size limit was reached (ulimit -f)")
            case EMFILE, ENFILE: return .cannotOpen(path: path, reason: "too many files are open (ulimit -n is too small)")
            default: break
            }
            return .storage(path: path, error)
        default: return .storage(path: path, error)
        }
    }
}
