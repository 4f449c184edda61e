import CSQLite
#if canImport(Glibc)
import Glibc
#endif

extension SQLiteRosterStore {
    /// Whether `path` names one of the files SQLite keeps beside the
    /// roster: its write-ahead log, the log's index, or a rollback
    /// journal, whether there now or not. Writing an export over the log
    /// throws away every change since the last checkpoint (the roster
    /// reads back as it was then, and says nothing); over the index, it
    /// parts this program from the others writing the file at once; a
    /// journal that is not SQLite's is taken for one, or deleted.
    public func isCompanionFile(_ path: String) -> Bool {
        let companions = database.companionPaths
        var target = stat()
        if stat(path, &target) == 0 {
            return companions.contains { companion in
                var status = stat()
                return stat(companion, &status) == 0 && status.st_dev == target.st_dev && status.st_ino == target.st_ino
            }
        }
        // Not there yet: the same name in the same folder, the folder's
        // links resolved as SQLite resolves them for its own names.
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return false }
        defer { free(resolved) }
        let folderPath = String(cString: resolved)
        let full = folderPath == "/" ? "/" + name : folderPath + "/" + name
        return companions.contains(full)
    }
}

extension Database {
    /// The log, index and journal SQLite names for this connection's
    /// file; none for a database in memory.
    var companionPaths: [String] {
        guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return [] }
        let main = String(cString: name)
        var paths = [main + "-shm"]
        if let wal = sqlite3_filename_wal(name) { paths.append(String(cString: wal)) }
        if let journal = sqlite3_filename_journal(name) { paths.append(String(cString: journal)) }
        return paths
    }
}
