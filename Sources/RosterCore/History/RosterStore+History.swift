/// Reading and clearing the roster's history.
extension SQLiteRosterStore: HistoryReading {
    /// Changes newest first: at most `limit`, and with `touching`, only
    /// those that touched that monster (by id, or by any name it had in a
    /// change). Imports touch the whole roster, so they are always listed.
    public func history(touching reference: String? = nil, limit: Int? = nil) throws(RosterError) -> [HistoryEntry] {
        try guarded {
            try database.readTransaction {
                guard let reference else {
                    return try database.cached("SELECT \(HistoryTable.entryColumns) FROM history ORDER BY id DESC LIMIT ?")
                        .rows([.integer(Int64(limit ?? -1))], Self.entry(from:)).map(toldHere)
                }
                let ids = try monsterIDs(knownAs: reference)
                var entries: [HistoryEntry] = []
                let touching = try database.cached("SELECT 1 FROM history_row WHERE change = ? AND monster = ? LIMIT 1")
                try database.cached("SELECT \(HistoryTable.entryColumns) FROM history ORDER BY id DESC").forEachRow { row in
                    if let limit, entries.count >= limit { return }
                    let entry = try Self.entry(from: row)
                    let wholeRoster = try touchesWholeRoster(entry)
                    let touched = try ids.contains { id in
                        try touching.firstRow([.integer(entry.id), .integer(id)]) { _ in true } != nil
                    }
                    if wholeRoster || touched {
                        entries.append(entry)
                    }
                }
                return try entries.map(toldHere)
            }
        }
    }

    /// The monsters one change touched, as it found and left each; empty
    /// for an import (it kept the whole roster instead).
    public func revisions(of entry: HistoryEntry) throws(RosterError) -> [MonsterRevision] {
        try guarded { try revisions(ofChange: entry.id) }
    }

    /// Whether a recorded change touched the monster `reference` names
    /// (by id, or by a name it had then), though it may be gone now.
    public func historyMentions(_ reference: String) throws(RosterError) -> Bool {
        try guarded {
            let touched = try database.cached("SELECT 1 FROM history_row WHERE monster = ? LIMIT 1")
            return try monsterIDs(knownAs: reference).contains { id in
                try touched.firstRow([.integer(id)]) { _ in true } != nil
            }
        }
    }

    /// How many changes the history holds.
    public func historyCount() throws(RosterError) -> Int {
        try guarded { Int(try database.integer("SELECT count(*) FROM history") ?? 0) }
    }

    /// Empties the history: nothing before now can be undone. Returns how
    /// many changes it held.
    @discardableResult
    public func clearHistory() throws(RosterError) -> Int {
        try write {
            let count = Int(try database.integer("SELECT count(*) FROM history") ?? 0)
            for id in try snapshotTableIDs() { try dropSnapshotTable(id) }
            try database.execute(HistoryTable.rememberLastID)
            try database.execute("DELETE FROM history_row; DELETE FROM history")
            return count
        }
    }

    /// The bound on the history, for help and the README.
    public static var historyBound: Int { HistoryTable.bound }
    /// How many imports keep the roster from before them.
    public static var keptImportSnapshots: Int { HistoryTable.keptSnapshots }

    // MARK: Inside a transaction

    func entry(id: Int64) throws -> HistoryEntry? {
        try database.cached("SELECT \(HistoryTable.entryColumns) FROM history WHERE id = ?")
            .firstRow([.integer(id)], Self.entry(from:)).map(toldHere)
    }


    func revisions(ofChange id: Int64) throws -> [MonsterRevision] {
        let width = Int32(MonsterFields.all.count)
        return try database.cached(HistoryTable.selectRows).rows([.integer(id)]) { row in
            MonsterRevision(monsterID: row.int(0),
                            before: row.int(1) == 1 ? try MonsterTable.monster(from: row, startingAt: 3) : nil,
                            after: row.int(2) == 1 ? try MonsterTable.monster(from: row, startingAt: 3 + width) : nil)
        }
    }

    /// An import, or the undo or redo of one.
    func touchesWholeRoster(_ entry: HistoryEntry) throws -> Bool {
        if entry.isSnapshot || entry.isSnapshotDropped { return true }
        guard let reversed = entry.reverses, let original = try self.entry(id: reversed) else { return false }
        return original.isSnapshot || original.isSnapshotDropped
    }

    /// The ids of the monster `reference` names now, and of every monster
    /// a change recorded under that name.
    private func monsterIDs(knownAs reference: String) throws -> Set<Int64> {
        try monsterIDs(knownAs: reference, now: try lookUp(reference)) { body in
            try database.cached("SELECT DISTINCT monster, \(HistoryText.names(onServer: false)) FROM history_row").forEachRow { row in
                for column: Int32 in [1, 2] where !row.isNull(column) { body(row.int(0), row.text(column)) }
            }
        }
    }

    static func entry(from row: Row) throws -> HistoryEntry {
        guard let at = Timestamp(iso8601: row.text(1)),
              let surface = ChangeSurface(rawValue: row.text(2)),
              let kind = HistoryTable.Kind(rawValue: row.text(6)) else {
            throw DatabaseError(.SQLITE_CORRUPT, message: "a history row holds an invalid value")
        }
        return HistoryEntry(id: row.int(0), at: at, surface: surface,
                            command: HistoryText.kept(row.text(3), bound: HistoryText.wordBound),
                            file: row.optionalText(4).map { HistoryText.kept($0, bound: HistoryText.fileBound) },
                            summary: HistoryText.kept(row.text(5), bound: HistoryText.summaryBound), isUndone: row.int(7) == 1,
                            reverses: row.isNull(8) ? nil : row.int(8),
                            isSnapshot: kind == .snapshot, isSnapshotDropped: kind == .snapshotDropped,
                            countBefore: row.isNull(9) ? nil : Int(row.int(9)),
                            countAfter: row.isNull(10) ? nil : Int(row.int(10)))
    }
}
