/// Writing the history, always inside the write transaction of the change
/// it records: a crash leaves both or neither.
extension SQLiteRosterStore {
    /// Records a change worked out by `RecordedChange`; nothing for none.
    func record(_ change: RecordedChange?) throws {
        guard let change else { return }
        try recordChange(change.command, summary: change.summary, revisions: change.revisions)
    }

    /// Records a change of whole rows; `revisions` holds each monster the
    /// change touched. Returns the entry's id.
    @discardableResult
    func recordChange(_ command: String, summary: String, revisions: [MonsterRevision],
                      reverses: Int64? = nil) throws -> Int64 {
        let id = try insertEntry(id: nil, command: command, file: nil, summary: summary, kind: .rows,
                                 reverses: reverses, counts: nil)
        let insert = try database.cached(HistoryTable.insertRow)
        for (position, revision) in revisions.enumerated() {
            var values: [SQLValue] = [.integer(id), .integer(Int64(position)), .integer(revision.monsterID),
                                      .integer(revision.before == nil ? 0 : 1), .integer(revision.after == nil ? 0 : 1)]
            values += Self.sideValues(revision.before)
            values += Self.sideValues(revision.after)
            try insert.run(values)
        }
        try trimHistory(newest: id)
        return id
    }

    /// Records an import kept as a snapshot (`beginSnapshot` made its table).
    func recordSnapshot(_ snapshot: PendingSnapshot, file: String, summary: String, countAfter: Int) throws {
        try insertEntry(id: snapshot.id, command: "import", file: file, summary: summary, kind: .snapshot,
                        reverses: nil, counts: (snapshot.countBefore, countAfter))
        try trimHistory(newest: snapshot.id)
        try dropOldSnapshots()
    }

    @discardableResult
    private func insertEntry(id: Int64?, command: String, file: String?, summary: String, kind: HistoryTable.Kind,
                             reverses: Int64?, counts: (before: Int, after: Int)?) throws -> Int64 {
        let values: [SQLValue] = [
            .text(Timestamp.now.iso8601), .text(surface.rawValue), .text(command), file.map(SQLValue.text) ?? .null,
            .text(summary), .text(kind.rawValue), reverses.map(SQLValue.integer) ?? .null,
            counts.map { .integer(Int64($0.before)) } ?? .null, counts.map { .integer(Int64($0.after)) } ?? .null,
        ] + (try countValues())
        let id = try id ?? nextHistoryID()
        try database.cached(HistoryTable.insertEntry).run([.integer(id)] + values)
        return id
    }

    /// The id the next change gets: past every id the history holds or
    /// held, and at most `HistoryTable.largestNumber`.
    func nextHistoryID() throws -> Int64 {
        let highest = try database.cached(HistoryTable.highestGivenID).firstRow([]) { $0.int(0) } ?? 0
        guard highest < HistoryTable.largestNumber else {
            throw RosterError.invalid([FieldProblem(field: "history", message: HistoryTable.noIDLeft)])
        }
        return max(0, highest) + 1
    }

    /// The count of monster rows written, as this change leaves it, and
    /// what other programs changed before the change began (only the
    /// first entry a transaction records: nobody else writes until it ends).
    private func countValues() throws -> [SQLValue] {
        let outside = outsideChangeAtStart
        outsideChangeAtStart = nil
        return [.integer(try monsterChangeCount()), .integer(outside?.rows ?? 0),
                outside?.latestName.map(SQLValue.text) ?? .null, outside?.latestKind.map(SQLValue.text) ?? .null]
    }

    /// One side of a revision as `history_row` stores it: the data fields, or NULLs.
    private static func sideValues(_ monster: Monster?) -> [SQLValue] {
        HistoryTable.fields.map { field in
            guard let monster else { return .null }
            switch field.value(monster) {
            case .integer(let number): return .integer(number)
            case .text(let text): return .text(text)
            case .null: return .null
            }
        }
    }

    /// Keeps the newest `HistoryTable.bound` changes. Ids increase by one
    /// per change, so the oldest kept follows from the newest.
    private func trimHistory(newest id: Int64) throws {
        let oldestKept = id - Int64(HistoryTable.bound) + 1
        guard oldestKept > 1 else { return }
        // Numbered past `countedBound` (after a number another program
        // wrote), the entries within it stay: they hold the numbers roster
        // counted to, which `history --clear` keeps given.
        let floor = id > HistoryTable.countedBound ? HistoryTable.countedBound : 0
        let snapshots = try database.cached("SELECT id FROM history WHERE id < ? AND id > ? AND kind = 'snapshot'")
            .rows([.integer(oldestKept), .integer(floor)]) { $0.int(0) }
        for snapshot in snapshots { try dropSnapshotTable(snapshot) }
        try database.cached("DELETE FROM history_row WHERE change < ? AND change > ?").run(.integer(oldestKept), .integer(floor))
        try database.cached("DELETE FROM history WHERE id < ? AND id > ?").run(.integer(oldestKept), .integer(floor))
    }

    /// Only the newest imports keep their earlier rosters.
    private func dropOldSnapshots() throws {
        let old = try database.prepare("SELECT id FROM history WHERE kind = 'snapshot' ORDER BY id DESC LIMIT -1 OFFSET ?")
            .rows([.integer(Int64(HistoryTable.keptSnapshots))]) { $0.int(0) }
        for id in old {
            try dropSnapshotTable(id)
            try database.cached("UPDATE history SET kind = 'snapshot-dropped' WHERE id = ?").run(.integer(id))
        }
    }
}

extension SQLiteRosterStore {
    /// Records an import as one change, or forgets its snapshot when it changed nothing.
    func recordImport(_ summary: ImportSummary, mode: ImportMode, file: String, snapshot: PendingSnapshot) throws {
        guard summary.isChange else {
            try dropSnapshotTable(snapshot.id)
            return
        }
        try recordSnapshot(snapshot, file: file, summary: ChangeWording.imported(summary, mode: mode),
                           countAfter: snapshot.countBefore + summary.added - summary.removed)
    }
}
