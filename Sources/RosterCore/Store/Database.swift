import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection.
///
/// Deliberately not `Sendable`: a connection is used by one thread at a
/// time. Statements used repeatedly come from a cache keyed by their SQL, so
/// each is compiled once per connection. Every write goes through
/// `writeTransaction`, which begins with `BEGIN IMMEDIATE` so that a write
/// never discovers half-way that another process got there first (in WAL
/// mode a deferred transaction that later writes fails at once with
/// `SQLITE_BUSY_SNAPSHOT`), and rolls back when its body throws.
///
/// Closing leaves the database file whole: `finishWAL()` (run by the
/// store when a command or the interface ends) copies the WAL back into the
/// file and truncates it to nothing, so that the file alone holds every
/// acknowledged change once roster exits, and `cp roster.db backup.db`
/// copies them all. SQLite's own checkpoint at close is turned off: it
/// would delete the WAL and its index at the end of every command, even a
/// read, and the next command would create both again; an empty WAL costs
/// the next command nothing to replay. While a command runs, the WAL is
/// checkpointed when it grows past SQLite's `wal_autocheckpoint`, and by
/// `checkpoint(ifWALExceeds:)`.
package final class Database {
    let handle: OpaquePointer
    package let path: String
    private var statementCache: [String: Statement] = [:]
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        package static let readOnly = OpenOptions(rawValue: SQLITE_OPEN_READONLY)
        package static let readWrite = OpenOptions(rawValue: SQLITE_OPEN_READWRITE)
        package static let create = OpenOptions(rawValue: SQLITE_OPEN_CREATE)
        package static let uri = OpenOptions(rawValue: SQLITE_OPEN_URI)
    }

    /// Process-wide settings, applied once before the first connection.
    private static let configured: Bool = roster_sqlite_disable_memory_statistics() == SQLITE_OK

    /// Opens the file at `path`. A path is always a path: SQLite reads
    /// some names as something else (`:memory:` a database that vanishes
    /// at exit, `` an anonymous temporary one, `file:x.db?nolock=1` a URI
    /// whose parameters turn off locking or pick a VFS, with SQLite built
    /// to read URIs as Debian's is), so the name SQLite is given always
    /// starts with `/` or `./`, which it reads only as a path. With
    /// `.uri`, `path` is a URI roster built itself.
    package convenience init(path: String, options: OpenOptions) throws(DatabaseError) {
        let name = options.contains(.uri) ? path : Self.fileName(path)
        try self.init(sqliteName: name, reportedPath: path, options: options)
    }

    /// SQLite's private temporary database: a file in `TMPDIR` (or
    /// `/var/tmp`, `/tmp`) that goes when the connection closes.
    package static func temporary() throws(DatabaseError) -> Database {
        try Database(sqliteName: "", reportedPath: "", options: [.readWrite, .create])
    }

    /// `path` as a name SQLite can only read as a path.
    static func fileName(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    private init(sqliteName name: String, reportedPath path: String, options: OpenOptions) throws(DatabaseError) {
        _ = Self.configured
        var handle: OpaquePointer?
        let flags = options.rawValue | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(connection: handle, code: code)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.path = path
        roster_sqlite_keep_wal_on_close(handle)
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Whether SQLite opened the file read-only (it falls back to read-only
    /// when the file cannot be written).
    package var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether the file this connection opened is no longer the one at
    /// its path: another program removed or renamed it, or put another
    /// file in its place (a backup restored with `mv`, a sync tool's
    /// rename). SQLite goes on writing into the file it has open, where
    /// nobody will find the change; in WAL mode it does not refuse, as it
    /// does with a rollback journal (`SQLITE_READONLY_DBMOVED`).
    package var fileHasMoved: Bool {
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    package var changes: Int { Int(sqlite3_changes64(handle)) }
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs SQL without parameters, possibly several statements.
    package func execute(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(connection: handle, code: code, sql: sql)
        }
    }

    /// A statement compiled once per connection and reused.
    package func cached(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statementCache[sql] {
            return statement
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// The SQL of every statement compiled once and kept: what the
    /// connection has been asked, for a test to ask SQLite how it runs each.
    package var cachedStatements: [String] { Array(statementCache.keys) }

    /// A statement compiled for one use.
    package func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The first column of the first row, as an integer.
    package func integer(_ sql: String, _ values: SQLValue...) throws -> Int64? {
        try cached(sql).firstRow(values) { $0.int(0) }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back if it throws.
    /// With `commit: false` (a dry run) the work is done and checked, then
    /// rolled back, and its result returned all the same.
    package func writeTransaction<T>(commit: Bool = true, _ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let changesBefore = sqlite3_total_changes64(handle)
        do {
            let result = try body()
            let changedRows = sqlite3_total_changes64(handle) != changesBefore
            // Checked last, under the write lock: a file moved away during
            // a long import would take the whole import with it.
            if commit && changedRows && fileHasMoved {
                throw DatabaseError(.SQLITE_READONLY_DBMOVED, message: "the database file was moved, removed or replaced")
            }
            try execute(commit ? "COMMIT" : "ROLLBACK")
            return result
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// Runs `body` inside one read transaction, so that everything it reads
    /// comes from the same snapshot.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer {
            if isInTransaction { try? execute("COMMIT") }
        }
        return try body()
    }

    /// Copies the WAL back into the database and empties it when the WAL
    /// file is larger than `limit` bytes. Best effort, and never waits: a
    /// reader still on an older snapshot keeps the WAL, and a later
    /// command checkpoints instead.
    package func checkpoint(ifWALExceeds limit: Int) {
        guard let size = walSize, size > limit else { return }
        try? execute("PRAGMA busy_timeout = 0; PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// At the end of a command or of the interface: copies every frame of
    /// the WAL into the database file and truncates the WAL, so that the
    /// file alone is the whole roster. A WAL that is already empty (a
    /// command that only read) costs one `stat`. Waits a moment for
    /// another writer, never long: a roster still writing checkpoints when
    /// it ends, and a reader on an older snapshot keeps the frames it
    /// reads until its own end. A read-only connection cannot checkpoint
    /// and is left as it is.
    package func finishWAL() {
        guard let size = walSize, size > 0, !isReadOnly, !isInTransaction else { return }
        try? execute("PRAGMA busy_timeout = \(Self.finishingWaitMilliseconds); PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// How long `finishWAL` waits for a writer or a reader to get out of
    /// the way: a write holds the lock for a few milliseconds.
    static let finishingWaitMilliseconds = 200

    /// The size of the WAL file in bytes; nil for a database without one
    /// (a dry run's copy in memory) or when it is not there.
    private var walSize: Int? {
        guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0,
              let walPath = sqlite3_filename_wal(name) else { return nil }
        var status = stat()
        guard stat(walPath, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

}
