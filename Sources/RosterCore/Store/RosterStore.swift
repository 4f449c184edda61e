import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// The roster in its SQLite file.
///
/// Opening checks the file before anything is written to it: a file that is
/// not a SQLite database, a truncated one, a SQLite database that is not a
/// roster, or a roster from a newer version is refused and left byte for
/// byte as it was. Only a missing file, an empty one, or an empty SQLite
/// database becomes a new roster.
public final class RosterStore {
    public let database: Database
    public let path: String
    /// Where this connection's changes come from, for the history: the
    /// command line unless the interactive roster says otherwise.
    public var surface: ChangeSurface = .commandLine

    /// How long a write waits for another writer before giving up as busy.
    public static let busyTimeoutMilliseconds = 5000

    private init(database: Database, path: String) {
        self.database = database
        self.path = path
    }

    /// Opens (creating if needed) the roster at `path`.
    public static func open(path: String) throws(RosterError) -> RosterStore {
        let state = try DatabaseFile.inspectSettled(path, patience: busyTimeoutMilliseconds)
        switch state {
        case .notSQLite: throw .notADatabase(path: path)
        case .truncated: throw .damaged(path: path)
        case .missing:
            try FileSystem.createParentDirectories(of: path)
            // SQLite would report a missing file after failing to create
            // it; say what is really wrong.
            if !FileSystem.canWrite(folderOf: path) {
                throw .cannotOpen(path: path, reason: "it does not exist yet, and it cannot be created in a folder that is read-only")
            }
        case .empty, .sqlite: break
        }
        do {
            do {
                let database = try Database(path: path, options: [.readWrite, .create])
                let store = RosterStore(database: database, path: path)
                try store.prepareConnection()
                return store
            } catch let error as DatabaseError where state == .sqlite && (error.isReadOnly || error.primaryCode == SQLITE_CANTOPEN) {
                // A WAL database in a folder we cannot write: SQLite cannot
                // create its shared-memory file, so reading needs the file
                // opened as immutable. Nobody can be writing it in WAL mode
                // either, as that needs the same folder.
                let database = try Database(path: immutableURI(path), options: [.readOnly, .uri])
                let store = RosterStore(database: database, path: path)
                try store.prepareConnection()
                return store
            }
        } catch let error as RosterError {
            throw error
        } catch let error as DatabaseError {
            throw RosterError.from(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// `file:PATH?immutable=1`, with the characters a URI reserves escaped.
    private static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            default:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + encoded + "?immutable=1"
    }

    private func prepareConnection() throws {
        try database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds); PRAGMA foreign_keys = ON")
        // Read first: this is where a damaged or foreign file shows itself,
        // before anything could be written to it.
        let identity = try readIdentity()
        if identity.applicationID == Schema.applicationID {
            if identity.version > Schema.currentVersion {
                throw RosterError.newerDatabase(path: path, version: identity.version)
            }
        } else if identity.applicationID != 0 || identity.version != 0 || identity.objectCount != 0 {
            throw RosterError.foreignDatabase(path: path)
        }
        if database.isReadOnly {
            if identity.version < Schema.currentVersion { throw RosterError.readOnly(path: path) }
            return
        }
        if identity.journalMode != "wal" {
            try switchToWAL()
        }
        try database.execute("PRAGMA synchronous = NORMAL")
        if identity.version < Schema.currentVersion {
            try Schema.migrate(database)
        }
    }

    /// Changing the journal mode needs the file to itself, and SQLite does
    /// not wait for that the way it waits for a write lock: when several
    /// programs open a new roster at once, all but one are told "busy" at
    /// once. So wait here, until the switch is made by us or by another.
    private func switchToWAL() throws {
        let deadline = MonotonicMilliseconds.now() + Self.busyTimeoutMilliseconds
        while true {
            do {
                try database.execute("PRAGMA journal_mode = WAL")
                return
            } catch {
                // Typed: a DatabaseError.
                guard error.isBusy, MonotonicMilliseconds.now() < deadline else { throw error }
                usleep(10_000)
                let mode = try database.cached("PRAGMA journal_mode").firstRow { $0.text(0) }
                if mode == "wal" { return }
            }
        }
    }

    private struct Identity {
        var applicationID: Int32
        var version: Int32
        var objectCount: Int64
        var journalMode: String
    }

    private func readIdentity() throws -> Identity {
        let row = try database.prepare("""
            SELECT (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema),
                   (SELECT journal_mode FROM pragma_journal_mode)
            """).firstRow { row in
            Identity(applicationID: Int32(truncatingIfNeeded: row.int(0)),
                     version: Int32(truncatingIfNeeded: row.int(1)),
                     objectCount: row.int(2),
                     journalMode: row.text(3))
        }
        guard let row else { throw RosterError.damaged(path: path) }
        return row
    }

    /// Runs `body`, turning SQLite's errors into the roster's.
    func guarded<T>(_ body: () throws -> T) throws(RosterError) -> T {
        do {
            return try body()
        } catch let error as RosterError {
            throw error
        } catch let error as DatabaseError {
            throw RosterError.from(error, path: path)
        } catch {
            throw RosterError.storage(path: path, DatabaseError(extendedCode: 1, message: "\(error)"))
        }
    }

    /// Runs `body`, turning SQLite's errors into the roster's and letting
    /// every other error through unchanged.
    func passingThrough<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw RosterError.from(error, path: path)
        }
    }

    /// Runs a write in `BEGIN IMMEDIATE`; with `commit: false` (a dry run)
    /// everything is done and checked, then rolled back.
    func write<T>(commit: Bool = true, _ body: () throws -> T) throws(RosterError) -> T {
        try guarded {
            do {
                return try database.writeTransaction {
                    let result = try body()
                    if !commit { throw DryRun(result: result) }
                    return result
                }
            } catch let dryRun as DryRun<T> {
                return dryRun.result
            }
        }
    }

    /// How long a write waits for another writer. The interactive roster
    /// waits less than scripts do: a frozen screen is worse than "busy,
    /// try again".
    public func setBusyTimeout(milliseconds: Int) throws(RosterError) {
        try guarded { try database.execute("PRAGMA busy_timeout = \(max(0, milliseconds))") }
    }

    /// Counts changes made by any connection: when it moves, the roster changed.
    public func dataVersion() throws(RosterError) -> Int64 {
        try guarded { try database.integer("PRAGMA data_version") ?? 0 }
    }
}

/// Thrown out of a dry run's transaction to roll it back, carrying the result.
struct DryRun<T>: Error, @unchecked Sendable {
    let result: T
}

/// Milliseconds on a clock that never jumps, for timeouts.
enum MonotonicMilliseconds {
    static func now() -> Int {
        var value = timespec()
        clock_gettime(CLOCK_MONOTONIC, &value)
        return Int(value.tv_sec) * 1000 + Int(value.tv_nsec) / 1_000_000
    }
}
