#if canImport(Glibc)
import Glibc
#endif
import CSQLite

extension SQLiteRosterStore {
    /// The store a dry run rehearses on. A dry run writes inside a
    /// transaction and rolls it back, so it needs a file it could write;
    /// when this one is read-only (someone else's roster, a read-only
    /// mount) the change is rehearsed on a copy of the roster instead,
    /// which says exactly what the real change would do and leaves the
    /// file untouched. The copy is SQLite's private temporary database (a
    /// file in `TMPDIR`, `/var/tmp` or `/tmp`, gone when it is closed),
    /// not one in memory: its pages go to disk past a small cache, so a
    /// roster of a million monsters needs no 150 MB of memory to preview.
    public func forDryRun() throws(RosterError) -> any RosterStore {
        guard database.isReadOnly else { return self }
        let copy: Database
        do {
            copy = try Database.temporary()
            // Temporary files, whatever the library's build default says.
            try copy.execute("PRAGMA temp_store = FILE")
            try database.copyWhole(into: copy)
            try copy.execute("PRAGMA foreign_keys = ON")
        } catch where Self.isTemporaryFolderFailure(error) {
            throw .cannotOpen(path: path, reason: "it is read-only, so a dry run rehearses on a temporary copy of it, and the temporary folder (TMPDIR, else /var/tmp or /tmp) has no room for one")
        } catch {
            // Told as any other failure of this roster is.
            return try guarded { () throws -> any RosterStore in throw error }
        }
        return SQLiteRosterStore(rehearsingOn: copy, for: self)
    }

    /// Whether the temporary copy failed for want of a folder or of room
    /// in it, rather than by a fault of the roster being read.
    private static func isTemporaryFolderFailure(_ error: DatabaseError) -> Bool {
        error.primaryCode == SQLITE_FULL || error.extendedCode == ResultCode.SQLITE_IOERR_GETTEMPPATH.rawValue
            || (error.primaryCode == SQLITE_IOERR && (error.systemErrno == ENOSPC || error.systemErrno == EDQUOT))
    }
}

extension Database {
    /// Copies every page of the main database into `target` (SQLite's
    /// online backup), from one read snapshot.
    func copyWhole(into target: Database) throws(DatabaseError) {
        guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
            throw DatabaseError(connection: target.handle, code: sqlite3_errcode(target.handle))
        }
        let code = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        // SQLite leaves a backup's error on the connection written to.
        guard code == SQLITE_DONE else { throw DatabaseError(connection: target.handle, code: code) }
    }
}
