/// Whole rosters kept for undoing imports (see `HistoryTable`).
///
/// A snapshot table is made from the monster table's own `CREATE TABLE`,
/// so it has the same columns in the same order, STRICT and CHECKs
/// included, but no index. Undo and redo swap it with the monster table
/// by renaming, so a million monsters cost no more to swap than six; only
/// the name index is built again.
struct PendingSnapshot {
    let id: Int64
    let countBefore: Int
}

extension SQLiteRosterStore {
    /// Copies the roster into the snapshot table of the next history entry.
    func beginSnapshot() throws -> PendingSnapshot {
        let id = try nextHistoryID()
        let table = HistoryTable.snapshotTable(id)
        // A table left by a history cleared outside roster would be in the way.
        try dropSnapshotTable(id)
        try database.execute(try monsterTableDefinition(named: table))
        try database.execute("INSERT INTO \(table) SELECT * FROM monster")
        let count = Int(try database.integer("SELECT count(*) FROM \(table)") ?? 0)
        return PendingSnapshot(id: id, countBefore: count)
    }

    /// The snapshot of change `id` becomes the roster, and the roster its snapshot.
    func swapRoster(withSnapshotOf id: Int64) throws {
        let table = HistoryTable.snapshotTable(id)
        let indexes = try database.prepare("""
            SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'monster' AND sql IS NOT NULL
            """).rows { (name: $0.text(0), sql: $0.text(1)) }
        for index in indexes {
            try database.execute("DROP INDEX \"\(index.name.replacing("\"", with: "\"\""))\"")
        }
        try database.execute("""
            ALTER TABLE monster RENAME TO history_roster_swap;
            ALTER TABLE \(table) RENAME TO monster;
            ALTER TABLE history_roster_swap RENAME TO \(table);
            """)
        // Building an index sorts every key: two helper threads halve it.
        try database.execute("PRAGMA threads = 2")
        defer { try? database.execute("PRAGMA threads = 0") }
        for index in indexes { try database.execute(index.sql) }
    }

    /// Whether change `id`'s kept roster is still in the file: another
    /// program may have dropped its table.
    func hasSnapshotTable(_ id: Int64) throws -> Bool {
        try database.cached("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
            .firstRow([.text(HistoryTable.snapshotTable(id))]) { _ in true } ?? false
    }

    func dropSnapshotTable(_ id: Int64) throws {
        try database.execute("DROP TABLE IF EXISTS \(HistoryTable.snapshotTable(id))")
    }

    /// Every snapshot table in the file, by its entry's id.
    func snapshotTableIDs() throws -> [Int64] {
        try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'history_roster_[0-9]*'")
            .rows { Int64($0.text(0).dropFirst("history_roster_".count)) }
            .compactMap { $0 }
    }

    /// `CREATE TABLE <name> (…)` with the monster table's columns and checks.
    private func monsterTableDefinition(named name: String) throws -> String {
        guard let sql = try database.cached("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'monster'")
            .firstRow([], { $0.text(0) }),
              let columns = sql.firstIndex(of: "(") else {
            throw RosterError.damaged(path: path)
        }
        return "CREATE TABLE \(name) " + sql[columns...]
    }
}
