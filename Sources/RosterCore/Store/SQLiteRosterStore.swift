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
public final class SQLiteRosterStore: RosterStore {
    package let database: Database
    public let path: String
    public var name: String { path }
    public var filePath: String? { path }
    /// Where this connection's changes come from, for the history: the
    /// command line unless the interactive roster says otherwise.
    public var surface: ChangeSurface = .commandLine
    /// Monsters whose names the upgrade to schema 4 found to read as
    /// another's, one sentence each: both are kept, and the command that
    /// upgraded the file tells of them once.
    public private(set) var namesReadingAlike: [String] = []
    /// Why the file was opened read-only when it is not the file or its
    /// folder that forbids writing (no descriptors left, a symbolic link
    /// for the WAL): said instead of "read-only".
    private var readOnlyReason: String?
    private var changeNotifier: FileChangeNotifier?
    private var triedChangeNotifier = false
    private var settlingUntil = 0
    /// What other programs changed since the newest history entry, as the
    /// current write transaction found it; the entry it records keeps it.
    var outsideChangeAtStart: OutsideChange?

    /// How long a write waits for another writer before giving up as busy.
    public static let busyTimeoutMilliseconds = 5000

    private init(database: Database, path: String) {
        self.database = database
        self.path = path
    }

    /// A store over a copy of `original`'s roster that speaks of its file
    /// (what a dry run on a read-only roster rehearses on).
    init(rehearsingOn copy: Database, for original: SQLiteRosterStore) {
        database = copy
        path = original.path
        surface = original.surface
    }

    /// The version of the SQLite library the roster runs on (`3.40.1`).
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Opens (creating if needed) the roster at `path`.
    public static func open(path: String) throws(RosterError) -> SQLiteRosterStore {
        try checkLength(of: path)
        // SQLite follows a symbolic link by reading it and opening where it
        // leads, so the kernel's `fs.protected_symlinks` never sees it: a
        // link another user left in /tmp would have root's roster create
        // or write the file of their choosing. The rule `export -o` keeps.
        let resolved: String
        do {
            resolved = try AtomicFile.followingLinks(path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        if let reason = FileSystem.companionOfAnotherFile(resolved) ?? FileSystem.companionNotAFile(resolved) {
            throw .cannotOpen(path: path, reason: reason)
        }
        // A file with several names has a log per name: read, never
        // written (see `LinkedFiles`). Its header may count pages only
        // another name's log holds, so it is not judged truncated here.
        if let reason = LinkedFiles.reason(resolved) {
            switch try DatabaseFile.inspect(path) {
            case .notSQLite: throw .notADatabase(path: path)
            default: return try openReadOnly(path: path, because: reason)
            }
        }
        let state = try DatabaseFile.inspectSettled(path, patience: busyTimeoutMilliseconds)
        var createdFolders: [String] = []
        var createdFile = false
        switch state {
        case .notSQLite: throw .notADatabase(path: path)
        case .truncated: throw .damaged(path: path)
        case .missing:
            // A umask that takes the owner's read or write bits would make
            // a roster its own user cannot open (and, as root, one that
            // only root can): say so before anything is made.
            let mask = FileSystem.currentUmask()
            if mask & 0o600 != 0 {
                throw .cannotOpen(path: path, reason: "it does not exist yet, and the umask \(FileSystem.octal(mask)) would create it without its owner's read and write permission; set a umask such as 022 or 077 first")
            }
            createdFolders = try FileSystem.createParentDirectories(of: path)
            // SQLite would report a missing file after failing to create
            // it; say what is really wrong.
            if !FileSystem.canWrite(folderOf: path) {
                FileSystem.removeFolders(createdFolders)
                throw .cannotOpen(path: path, reason: "it does not exist yet, and it cannot be created in a folder that is read-only")
            }
            // Made here, `0666` less the umask as any new file is: SQLite
            // would make it `0644` less the umask, never writable by a
            // group, and it gives the -wal and -shm the file's own mode,
            // so a roster shared by a group could never be.
            createdFile = FileSystem.createEmptyFile(path)
        case .empty, .sqlite: break
        }
        // The kernel's `protected_regular` rule, as `export -o` keeps it:
        // another user's file in a shared sticky folder (/tmp) is read, as
        // they let it be, but never written (SQLite's opening it for
        // writing would slip past the kernel's own check).
        if state != .missing, AtomicFile.isAnotherUsersFileInSharedFolder(resolved) {
            return try openReadOnly(path: path, because: "it is a file another user made in a shared folder, and roster does not write to it")
        }
        // A roster that could not be made leaves no folders made for it.
        do throws(RosterError) {
            return try open(state: state, path: path)
        } catch {
            if createdFile { FileSystem.removeIfEmpty(path) }
            FileSystem.removeFolders(createdFolders)
            throw error
        }
    }

    private static func open(state: DatabaseFile.State, path: String) throws(RosterError) -> SQLiteRosterStore {
        return try opening(path) {
            do {
                let database = try Database(path: path, options: [.readWrite, .create])
                let store = SQLiteRosterStore(database: database, path: path)
                try store.prepareConnection()
                return store
            } catch let error as DatabaseError where state == .sqlite && (error.isReadOnly || error.primaryCode == SQLITE_CANTOPEN) {
                // A WAL database in a folder we cannot write: SQLite cannot
                // create its shared-memory file, so reading needs the file
                // opened as immutable. Nobody can be writing it in WAL mode
                // either, as that needs the same folder.
                let database = try Database(path: immutableURI(path), options: [.readOnly, .uri])
                let store = SQLiteRosterStore(database: database, path: path)
                store.readOnlyReason = FileSystem.whyNotWritable(path, errno: error.systemErrno)
                try store.prepareConnection()
                return store
            }
        }
    }

    /// Opens the roster read-only, whatever its permissions say: a write
    /// is refused with `reason`, and a dry run rehearses on a copy.
    private static func openReadOnly(path: String, because reason: String) throws(RosterError) -> SQLiteRosterStore {
        try opening(path) {
            let store = SQLiteRosterStore(database: try readOnlyConnection(path), path: path)
            store.readOnlyReason = reason
            try store.prepareConnection()
            return store
        }
    }

    /// A connection that only reads `path`. A read-only connection still
    /// creates the -wal and -shm files a WAL database lacks; with no WAL
    /// there is nothing to replay, so the main file is read as immutable
    /// instead.
    private static func readOnlyConnection(_ path: String) throws -> Database {
        FileSystem.exists(path + "-wal") && FileSystem.exists(path + "-shm")
            ? try Database(path: uri(path, query: "mode=ro"), options: [.readOnly, .uri])
            : try Database(path: immutableURI(path), options: [.readOnly, .uri])
    }

    /// Opens an existing roster only to read it, creating and writing
    /// nothing (no file, folder, migration or WAL file): nil when there is
    /// no roster at `path`, or it is an empty file. Shell completion asks
    /// through this, so that a typo after `--db` never becomes a roster.
    public static func openForReading(path: String) throws(RosterError) -> SQLiteRosterStore? {
        try checkLength(of: path)
        switch try DatabaseFile.inspect(path) {
        case .missing, .empty: return nil
        case .notSQLite: throw .notADatabase(path: path)
        case .truncated: throw .damaged(path: path)
        case .sqlite: break
        }
        return try opening(path) {
            let store = SQLiteRosterStore(database: try readOnlyConnection(path), path: path)
            try store.prepareConnection()
            return store
        }
    }

    /// Runs `open`, saying what went wrong as a roster error about `path`.
    private static func opening(_ path: String, _ open: () throws -> SQLiteRosterStore) throws(RosterError) -> SQLiteRosterStore {
        do {
            return try open()
        } catch let error as RosterError {
            throw error
        } catch let error as DatabaseError {
            throw RosterError.from(error, path: path)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// A command that wrote checkpoints the WAL when it ends once the WAL
    /// holds more than this (about 32 changed pages). Every program that
    /// opens the roster reads the whole WAL back to rebuild its index (no
    /// connection keeps that index alive between two commands, and SQLite
    /// then forgets what was already checkpointed), so the WAL is kept
    /// short. Each frame costs every later command about 3 µs before it
    /// reads anything (a read-only command with 61 frames to replay took
    /// 0.2 ms more CPU than with none); halving the WAL from 256 KiB
    /// checkpoints every 11 changes instead of every 22, which did not
    /// move the median of a changing `set-weapon`, while 64 KiB slowed it
    /// by a seventh.
    static let walCheckpointBytes = 128 << 10

    deinit {
        if database.hasCommittedWrite {
            database.checkpoint(ifWALExceeds: Self.walCheckpointBytes)
        }
    }

    /// Settings of this connection, none of which reads the file.
    /// `synchronous = FULL` syncs the WAL at every commit, so a change is
    /// on disk before roster says it is made: one sync per change, as the
    /// WAL is no longer checkpointed (synced again) when the command ends.
    private static let connectionSettings = """
        PRAGMA busy_timeout = \(busyTimeoutMilliseconds);
        PRAGMA foreign_keys = ON;
        PRAGMA synchronous = FULL
        """

    private func prepareConnection() throws {
        try database.execute(Self.connectionSettings)
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
            if identity.version < Schema.currentVersion { throw explained(.readOnly(path: path)) }
            return
        }
        if identity.journalMode != "wal" {
            try switchToWAL()
        }
        if identity.version < Schema.currentVersion {
            try Schema.migrate(database)
            if identity.version < 4 && identity.version > 0 {
                namesReadingAlike = try NameRekeying.collisions(in: database).map {
                    "\($0.name) (id \($0.id)) now reads as the same name as \($0.keptName) (id \($0.keptID)); "
                        + "its id still finds it: rename one (roster edit \($0.id) --name NEW)"
                }
            }
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

    /// Plain pragmas, each read once: the same facts from the
    /// `pragma_…` table functions would cost SQLite a virtual table (and a
    /// CREATE TABLE to parse) per value, more than the rest of opening.
    private func readIdentity() throws -> Identity {
        func integer(_ sql: String) throws -> Int64 {
            let value = try database.prepare(sql).firstRow { row in row.int(0) }
            guard let value else { throw RosterError.damaged(path: path) }
            return value
        }
        // One snapshot: a roster another program is creating at this moment
        // must not look half foreign.
        return try database.readTransaction {
            let objectCount = try integer("SELECT count(*) FROM sqlite_schema")
            let journalMode = try database.prepare("PRAGMA journal_mode").firstRow { $0.text(0) }
            return Identity(applicationID: Int32(truncatingIfNeeded: try integer("PRAGMA application_id")),
                            version: Int32(truncatingIfNeeded: try integer("PRAGMA user_version")),
                            objectCount: objectCount,
                            journalMode: journalMode ?? "")
        }
    }

    /// Runs `body`, turning SQLite's errors into the roster's.
    func guarded<T>(_ body: () throws -> T) throws(RosterError) -> T {
        do {
            return try body()
        } catch let error as RosterError {
            throw explained(error)
        } catch let error as DatabaseError {
            throw explained(RosterError.from(error, path: path))
        } catch let error as IOFailure where error.isOutOfMemory {
            // An import's buffers (`LargeAllocation`); the transaction rolled back.
            throw RosterError.outOfMemory
        } catch {
            throw RosterError.storage(path: path, DatabaseError(.SQLITE_ERROR, message: "\(error)"))
        }
    }

    /// `.readOnly`, told with its real reason when there is one.
    private func explained(_ error: RosterError) -> RosterError {
        guard case .readOnly = error else { return error }
        if let readOnlyReason { return .cannotOpen(path: path, reason: readOnlyReason) }
        if let reason = FileSystem.companionNotWritable(path) { return .readOnly(path: path, reason: reason) }
        // The kernel says EROFS for a write asked of a read-only mount.
        if access(path, W_OK) != 0 && errno == EROFS {
            return .readOnly(path: path, reason: "it is on a read-only file system")
        }
        return error
    }

    /// Runs `body`, turning SQLite's errors into the roster's and letting
    /// every other error through unchanged.
    func passingThrough<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw explained(RosterError.from(error, path: path))
        }
    }

    /// Runs a write in `BEGIN IMMEDIATE`; with `commit: false` (a dry run)
    /// everything is done and checked, then rolled back.
    func write<T>(commit: Bool = true, _ body: () throws -> T) throws(RosterError) -> T {
        try guarded {
            try database.writeTransaction(commit: commit) {
                // A name given to the file since it was opened, checked
                // under the write lock.
                if commit, let reason = database.ownPaths.main.flatMap(LinkedFiles.reason) {
                    throw RosterError.readOnly(path: path, reason: reason)
                }
                outsideChangeAtStart = try outsideChangeSinceNewestEntry()
                try rederiveNameKeysIfNeeded()
                let result = try body()
                // roster's own writes keep every key right.
                try noteNameKeysChecked()
                return result
            }
        }
    }

    /// How long a write waits for another writer. The interactive roster
    /// waits less than scripts do: a frozen screen is worse than "busy,
    /// try again".
    public func setBusyTimeout(milliseconds: Int) throws(RosterError) {
        try guarded { try database.execute("PRAGMA busy_timeout = \(max(0, milliseconds))") }
    }

    /// Whether the roster file this store opened is no longer at its path
    /// (removed, renamed, or another file put in its place): what it reads
    /// is then nobody's roster, and every write is refused.
    public var hasMoved: Bool { database.fileHasMoved }

    /// Counts changes made by any connection (`PRAGMA data_version`):
    /// when it moves, the roster changed. Empties the notifier first: a
    /// write after this look wakes the watcher again.
    public func changeCounter() throws(RosterError) -> Int64 {
        if changeNotifier?.drain() == true {
            settlingUntil = MonotonicMilliseconds.now() + FileChangeNotifier.settlingMilliseconds
        }
        return try guarded { try database.integer("PRAGMA data_version") ?? 0 }
    }

    /// How an interface learns of other programs' changes: when the kernel
    /// says the file or its log was written (`FileChangeNotifier`), else
    /// by asking every so often. Made on first asking: commands never ask.
    public var changeWatch: ChangeWatch {
        if changeNotifier == nil, !triedChangeNotifier {
            triedChangeNotifier = true
            changeNotifier = FileChangeNotifier(path: path)
        }
        // Just after a write was seen, its commit may not show yet: ask
        // every so often for a moment, then sleep on the descriptor again.
        if MonotonicMilliseconds.now() < settlingUntil { return .everySoOften }
        return changeNotifier.map { .whenReadable($0.descriptor) } ?? .everySoOften
    }

    public var location: RosterLocation { .file(path) }
}

/// Milliseconds on a clock that never jumps, for timeouts.
enum MonotonicMilliseconds {
    static func now() -> Int {
        var value = timespec()
        clock_gettime(CLOCK_MONOTONIC, &value)
        return Int(value.tv_sec) * 1000 + Int(value.tv_nsec) / 1_000_000
    }
}
