#if canImport(Glibc)
import Glibc
#endif
import RosterCore

/// An import into a roster file that does not exist yet: the file is built
/// beside its final name, emptied of the default roster a new file starts
/// with, and given that name only once the import has succeeded. A failed
/// import, or a dry run, leaves no file behind; the roster made holds
/// exactly what was imported.
enum NewRoster {
    static func build<Result>(at path: String, keep: Bool,
                              _ importing: (any RosterStore) throws -> Result) throws -> Result {
        let building = AbandonedImports.buildingPath(for: path, pid: getpid())
        // Folders made for the new file go with it when it is not kept.
        let createdFolders = try FileSystem.createParentDirectories(of: path)
        var kept = false
        defer {
            removeDatabaseFiles(building)
            if !kept { FileSystem.removeFolders(createdFolders) }
        }
        let result = try withStore(at: building) { store in
            _ = try store.importMonsters(from: MonsterReader(input: ChunkedInput(bytes: [], name: "nothing"),
                                                             format: .ndjson, raw: false), mode: .replace)
            // The new file's history starts with the import, not with
            // taking away a default roster nobody asked for.
            try store.clearHistory()
            try store.restartNumberingOfNewRoster()
            return try importing(store)
        }
        guard keep else { return result }
        // link() never replaces: a roster another program made meanwhile stays.
        if link(building, path) != 0 {
            let failure = IOFailure(operation: "create", path: path, errno: errno)
            throw errno == EEXIST
                ? RosterError.cannotOpen(path: path, reason: "another program created it during the import; nothing was imported, so try again")
                : RosterError.cannotOpen(path: path, reason: failure.description)
        }
        kept = true
        return result
    }

    /// Runs `body` on the roster at `path`, then closes it, so that SQLite
    /// folds its write-ahead log into the file before the file is named.
    private static func withStore<Result>(at path: String, _ body: (SQLiteRosterStore) throws -> Result) throws -> Result {
        let store = try SQLiteRosterStore.open(path: path)
        return try body(store)
    }

    private static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
