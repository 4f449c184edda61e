import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Opening a roster file, which checks the file before anything is
/// written to it: a file that is not a SQLite database, a truncated one, a
/// SQLite database that is not a roster, or a roster from a newer version
/// is refused and left byte for byte as it was. Only a missing file, an
/// empty one, or an empty SQLite database becomes a new roster, and only a
/// missing one gets the default monsters (see `RosterCreationLock`). A file
/// roster must not write (several names, another user's in a shared
/// folder, a folder it cannot write) is opened read-only, and says why.
extension SQLiteRosterStore {
    /// Opens (creating if needed) the roster at `path`. `tell` hears
    /// "made a new roster at …" when this open made the roster: when its
    /// own transaction found the file without a schema and built one, not
    /// when the file merely was missing a moment before. Several programs
    /// that start on a new file at once all find it missing; only the one
    /// whose transaction built the roster made it.
    public static func open(path: String, tell: ((String) -> Void)? = nil) throws(RosterError) -> SQLiteRosterStore {
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
        var creation: RosterCreationLock?
        defer { creation?.release() }
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
            // A path through folders that did not exist named nothing the
            // checks above could look at: `nosuch/../r.db-wal` is r.db's
            // log once `nosuch` is there. Opened again now that it is, so
            // every check sees what the path names; the folders made go
            // again if the roster is refused.
            if !createdFolders.isEmpty {
                do {
                    return try open(path: path, tell: tell)
                } catch {
                    FileSystem.removeFolders(createdFolders)
                    throw error
                }
            }
            // SQLite would report a missing file after failing to create
            // it; say what is really wrong.
            if !FileSystem.canWrite(folderOf: path) {
                FileSystem.removeFolders(createdFolders)
                throw .cannotOpen(path: path, reason: "it does not exist yet, and it cannot be created in a folder that is read-only")
            }
            // Held until the roster is whole: another roster that finds
            // the file still empty waits, rather than taking it for an
            // empty file of someone else's.
            creation = RosterCreationLock.forMaking(resolved, patience: busyTimeoutMilliseconds)
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
            // Made here even when SQLite creates the file, as it does
            // where `path` is the user's own link to a file not made yet.
            let store = try open(state: state, path: path, madeHere: state == .missing)
            if store.builtDefaultRoster { tell?("made a new roster at \(path)") }
            return store
        } catch {
            if createdFile { FileSystem.removeIfEmpty(path) }
            FileSystem.removeFolders(createdFolders)
            throw error
        }
    }

    private static func open(state: DatabaseFile.State, path: String, madeHere: Bool) throws(RosterError) -> SQLiteRosterStore {
        return try opening(path) {
            do {
                let database = try Database(path: path, options: [.readWrite, .create])
                let store = SQLiteRosterStore(database: database, path: path)
                try store.prepareConnection(madeHere: madeHere)
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

    /// Settings of this connection, none of which reads the file.
    /// `synchronous = FULL` syncs the WAL at every commit, so a change is
    /// on disk before roster says it is made: one sync per change, as the
    /// WAL is no longer checkpointed (synced again) when the command ends.
    private static let connectionSettings = """
        PRAGMA busy_timeout = \(busyTimeoutMilliseconds);
        PRAGMA foreign_keys = ON;
        PRAGMA synchronous = FULL
        """

    /// `madeHere`: this roster created the file, which then gets the
    /// default monsters; a file that was there, empty, gets none.
    private func prepareConnection(madeHere: Bool = false) throws {
        try database.execute(Self.connectionSettings)
        // Read first: this is where a damaged or foreign file shows itself,
        // before anything could be written to it.
        var identity = try readIdentity()
        var withoutDefaults = false
        if identity.holdsNothing && !madeHere && !database.isReadOnly {
            // Perhaps another roster is making it at this moment.
            RosterCreationLock.waitForMakers((try? AtomicFile.followingLinks(path)) ?? path, patience: Self.busyTimeoutMilliseconds)
            identity = try readIdentity()
            withoutDefaults = identity.holdsNothing
        }
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
            let found = try Schema.migrate(database, withoutDefaultRoster: withoutDefaults)
            // Version 0 was found inside the transaction that built version 1.
            builtDefaultRoster = found == 0 && !withoutDefaults
            if withoutDefaults && found == 0 {
                emptyFileNote = "\(path) was empty, so it is now a roster with no monsters (the default monsters go only into a file roster creates); "
                    + "if it was meant as a copy of a roster, copy that roster again while no roster runs"
            }
            if identity.version < 4 && identity.version > 0 {
                namesReadingAlike = try NameRekeying.collisions(in: database).map {
                    "\($0.name) (id \($0.id)) now reads as the same name as \($0.keptName) (id \($0.keptID)); "
                        + "its id still finds it: rename one (roster edit '#\($0.id)' --name NEW)"
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

        /// An empty file, or a SQLite database with nothing in it.
        var holdsNothing: Bool { applicationID == 0 && version == 0 && objectCount == 0 }
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
}
