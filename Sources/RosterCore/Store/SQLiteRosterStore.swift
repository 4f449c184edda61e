import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// The roster in its SQLite file: one connection, its transactions, and
/// how an interface learns of other programs' changes. Opening the file,
/// which checks it before anything is written to it, is in
/// `SQLiteRosterStore+Opening`; reading and writing monsters in
/// `RosterStore+Reading` and `RosterStore+Writing`.
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
    public internal(set) var namesReadingAlike: [String] = []
    /// Set when the roster was made in a file that was there, empty: one
    /// sentence saying it has no monsters, and why.
    var emptyFileNote: String?
    /// Whether this connection built the roster, with its default monsters,
    /// in a file that held none (see `open(path:tell:)`).
    var builtDefaultRoster = false
    public var notesOnOpening: [String] { (emptyFileNote.map { [$0] } ?? []) + namesReadingAlike }
    /// A file's write has nothing to tell beside its answer (it commits in
    /// this process, or fails and says so): never called, kept as every
    /// store keeps it.
    public var tell: ((String) -> Void)?
    /// Why the file was opened read-only when it is not the file or its
    /// folder that forbids writing (no descriptors left, a symbolic link
    /// for the WAL): said instead of "read-only".
    var readOnlyReason: String?
    private var changeNotifier: FileChangeNotifier?
    private var triedChangeNotifier = false
    private var settlingUntil = 0
    /// What other programs changed since the newest history entry, as the
    /// current write transaction found it; the entry it records keeps it.
    var outsideChangeAtStart: OutsideChange?
    /// Whether a write transaction of `write` is under way: a key found
    /// wrong is then derived again in it.
    var isWriting = false
    /// What `changeCounter` last saw: the file's `data_version`, what the
    /// roster's data showed (see `DataMark`), and the number it gives.
    var seenDataVersion: Int64?
    var seenData: DataMark?
    var announcedChange: Int64 = 0

    /// How long a write waits for another writer before giving up as busy.
    public static let busyTimeoutMilliseconds = 5000

    init(database: Database, path: String) {
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

    /// A refused import or a dry run empties the WAL at once when it holds
    /// more than this: every program that opens the roster reads the whole
    /// WAL back to rebuild its index, about 3 µs a frame. Every command
    /// empties it as it ends anyway (`close()`).
    static let walCheckpointBytes = 128 << 10

    deinit { close() }

    /// Leaves the roster file whole as roster ends: every change is copied
    /// from the WAL into the file, so that the file alone, copied while no
    /// roster runs, is the whole roster (see `Database.finishWAL`).
    public func close() {
        database.finishWAL()
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
    func explained(_ error: RosterError) -> RosterError {
        guard case .readOnly = error else { return error }
        if let readOnlyReason { return .cannotOpen(path: path, reason: readOnlyReason) }
        if let reason = FileSystem.companionIsLink(path) { return .cannotOpen(path: path, reason: reason) }
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
            isWriting = true
            defer { isWriting = false }
            var marks: (before: DataMark?, after: DataMark?)?
            let result = try database.writeTransaction(commit: commit) {
                // A name given to the file since it was opened, checked
                // under the write lock.
                if commit, let reason = database.ownPaths.main.flatMap(LinkedFiles.reason) {
                    throw RosterError.readOnly(path: path, reason: reason)
                }
                outsideChangeAtStart = try outsideChangeSinceNewestEntry()
                let before = seenDataVersion == nil ? nil : dataMark()
                try rederiveNameKeysIfNeeded()
                let result = try body()
                // roster's own writes keep every key right.
                try noteNameKeysChecked()
                if commit, seenDataVersion != nil { marks = (before, dataMark()) }
                return result
            }
            // This store's own change is not another program's; one made
            // before it and not looked at yet still is.
            if let marks, marks.before == seenData { seenData = marks.after }
            return result
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

    /// A number that moves when another program changed the roster.
    /// `PRAGMA data_version` says another connection committed, one cheap
    /// statement a look; only then is the data read (`DataMark`), and the
    /// number moves only when it shows a change: a command's closing
    /// checkpoint (`Database.finishWAL`) moves `data_version` and nothing
    /// else. Empties the notifier first: a write after this look wakes
    /// the watcher again.
    public func changeCounter() throws(RosterError) -> Int64 {
        if changeNotifier?.drain() == true {
            settlingUntil = MonotonicMilliseconds.now() + FileChangeNotifier.settlingMilliseconds
        }
        return try guarded {
            let version = try database.integer("PRAGMA data_version") ?? 0
            guard version != seenDataVersion else { return announcedChange }
            let first = seenDataVersion == nil
            let mark = dataMark()
            // Data that cannot be read (an older file opened read-only) shows nothing: any commit counts.
            if !first, mark == nil || mark != seenData { announcedChange &+= 1 }
            seenDataVersion = version
            seenData = mark
            return announcedChange
        }
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
