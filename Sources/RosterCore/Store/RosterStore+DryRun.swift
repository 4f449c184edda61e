import CSQLite

extension RosterStore {
    /// The store a dry run rehearses on. A dry run writes inside a
    /// transaction and rolls it back, so it needs a file it could write;
    /// when this one is read-only (someone else's roster, a read-only
    /// mount) the change is rehearsed on a copy of the roster in memory
    /// instead, which says exactly what the real change would do and
    /// leaves the file untouched.
    public func forDryRun() throws(RosterError) -> RosterStore {
        guard database.isReadOnly else { return self }
        return try guarded {
            let copy = try Database(path: ":memory:", options: [.readWrite, .create])
            try database.copyWhole(into: copy)
            try copy.execute("PRAGMA foreign_keys = ON")
            return RosterStore(rehearsingOn: copy, for: self)
        }
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
        guard code == SQLITE_DONE else { throw DatabaseError(connection: handle, code: code) }
    }
}
