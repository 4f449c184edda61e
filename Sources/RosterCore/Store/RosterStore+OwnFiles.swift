import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Which files are the roster's own: the database, and the files SQLite
/// keeps beside it (its write-ahead log, the log's index, a rollback
/// journal), whether there now or not.
///
/// Writing an export over the database turns the roster into JSON; over
/// the log, it throws away every change since the last checkpoint (the
/// roster reads back as it was then, and says nothing); over the index,
/// it parts this program from the others writing the file at once; a
/// journal that is not SQLite's is taken for one, or deleted. So a target
/// is compared by identity, never by spelling: by its inode when it is
/// there, and by its place (the inode of its folder, and its name) either
/// way, after any missing folders on its way were made and any symbolic
/// links at its end followed.
public enum RosterOwnFile: Equatable, Sendable {
    /// The roster database itself.
    case database
    /// The log, its index or the journal.
    case companion
}

extension SQLiteRosterStore {
    /// Whether `path` names one of the roster's own files, and which.
    /// Make the folders on the way to `path` first: a folder not there
    /// yet gives no place to compare.
    public func ownFile(at path: String) -> RosterOwnFile? {
        let files = database.ownPaths
        let target = (try? AtomicFile.followingLinks(path)) ?? path
        if let identity = FileIdentity(target) ?? FileIdentity(path) {
            if let main = files.main, FileIdentity(main) == identity { return .database }
            if files.companions.contains(where: { FileIdentity($0) == identity }) { return .companion }
        }
        let places = Set([FilePlace(target), FilePlace(path)].compactMap { $0 })
        guard !places.isEmpty else { return nil }
        if let main = files.main, let place = FilePlace(main), places.contains(place) { return .database }
        if files.companions.contains(where: { FilePlace($0).map(places.contains) ?? false }) { return .companion }
        return nil
    }

    /// `ownFile(at:) == .companion`.
    public func isCompanionFile(_ path: String) -> Bool {
        ownFile(at: path) == .companion
    }
}

extension Database {
    /// The database's file, and the log, index and journal SQLite names
    /// for it, as SQLite resolved them; none for a database in memory.
    var ownPaths: (main: String?, companions: [String]) {
        guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return (nil, []) }
        let main = String(cString: name)
        var paths = [main + "-shm"]
        if let wal = sqlite3_filename_wal(name) { paths.append(String(cString: wal)) }
        if let journal = sqlite3_filename_journal(name) { paths.append(String(cString: journal)) }
        return (main, paths)
    }
}
