/// Changes to the monsters made by programs that bypass roster (the
/// sqlite3 shell, a script of its own), noticed so that undoing an import
/// never overwrites them.
///
/// The undo of most changes compares each monster it touched with what
/// the change left. An import touches the whole roster and is undone by
/// swapping whole tables, so it could only compare the number of
/// monsters. Instead the file counts every row inserted, updated or
/// deleted in the monster table, by any program: triggers on the table
/// keep the count in `monster_changes`, with the latest monster touched
/// and how. Each history entry records the count its change left
/// (`history.changes`) and, when the count had moved since the entry
/// before it, what moved it (`outside_*`: how many rows, the latest
/// monster's name and what happened to it). A move that no entry
/// accounts for is another program's change.
///
/// An import, and the undo or redo of one, rewrite the whole table. They
/// drop the triggers (and `MonsterSequence`'s) at the start of their work and create them again at
/// its end, inside their transaction: a million rows cost no count, and
/// the tables they swap by renaming would otherwise carry the triggers
/// away. Schema changes are transactional, so no other connection ever
/// writes to the table without them, and a crash leaves them in place.
enum OutsideChanges {
    static let triggerNames = ["monster_counted_insert", "monster_counted_update", "monster_counted_delete",
                               "monster_sequence_insert", "monster_sequence_update",
                               "monster_key_written_alone", "monster_shadow_key_moved"]

    /// The triggers as migrations 5, 7, 10 and 12 made them: an import that drops
    /// them must leave the file as a fresh one would be, and a migration
    /// that changes one names its new text here.
    static let createTriggers = ShippedMigrations.version5Triggers + "\n" + ShippedMigrations.version7Triggers
        + "\n" + ShippedMigrations.version10Triggers + "\n" + ShippedMigrations.version12Triggers

    static let dropTriggers = triggerNames.map { "DROP TRIGGER IF EXISTS \($0);" }.joined(separator: "\n")

    /// The count now, with the newest entry's, in one read.
    static let selectCounts = """
        SELECT c.count, \(HistoryText.read("c.name", bound: HistoryText.fieldBound, onServer: false)),
            \(HistoryText.read("c.kind", bound: HistoryText.wordBound, onServer: false)),
            (SELECT changes FROM history ORDER BY id DESC LIMIT 1)
        FROM monster_changes c
        """

    /// The change after entry `?` that another program made, as its entry kept it.
    static let selectRecorded = """
        SELECT outside_changes, \(HistoryText.read("outside_name", bound: HistoryText.fieldBound, onServer: false)),
            \(HistoryText.read("outside_kind", bound: HistoryText.wordBound, onServer: false))
        FROM history WHERE id > ? AND outside_changes != 0 ORDER BY id LIMIT 1
        """
}

/// What an open interface compares to learn whether the roster changed:
/// the newest history entry (a change through roster adds one, undo and
/// redo too; a cleared history loses it, and ids are never given twice)
/// and the count of changes to the monsters (another program's, which
/// add no entry). A commit that moves neither, as a checkpoint, changed
/// nothing anyone sees.
struct DataMark: Hashable {
    var newestEntry: Int64
    var monsterChanges: Int64

    static let select = "SELECT (SELECT coalesce(max(id), 0) FROM history), (SELECT count FROM monster_changes)"
}

/// Rows of the monster table that another program changed: how many, and
/// the latest of them.
struct OutsideChange: Hashable {
    var rows: Int64
    var latestName: String?
    /// `added`, `changed` or `removed`.
    var latestKind: String?

    /// As the file's triggers kept it, each text no longer than
    /// `HistoryText` reads it (another program may write these tables too).
    init(rows: Int64, latestName: String?, latestKind: String?) {
        self.rows = rows
        self.latestName = latestName.map { HistoryText.kept($0, bound: HistoryText.fieldBound) }
        self.latestKind = latestKind.map { HistoryText.kept($0, bound: HistoryText.wordBound) }
    }

    /// `Cat-Bot was changed by another program after the import`, with
    /// how many more there were.
    func sentence(after event: String) -> String {
        guard let latestName, let latestKind else {
            return "the roster was changed by another program after \(event)"
        }
        let others = rows - 1
        let more = others <= 0 ? "" : " (and \(others) other change\(others == 1 ? "" : "s") to the roster)"
        return "\(latestName) was \(latestKind) by another program after \(event)\(more)"
    }
}

extension SQLiteRosterStore {
    /// What other programs changed since the newest history entry, read
    /// at the start of a write transaction (the first entry the
    /// transaction records keeps it); nil when nothing.
    func outsideChangeSinceNewestEntry() throws -> OutsideChange? {
        try database.cached(OutsideChanges.selectCounts).firstRow { row -> OutsideChange? in
            guard !row.isNull(3), row.int(0) != row.int(3) else { return nil }
            return OutsideChange(rows: row.int(0) - row.int(3), latestName: row.optionalText(1), latestKind: row.optionalText(2))
        } ?? nil
    }

    /// What shows that the roster changed (see `DataMark`), read in one
    /// statement; nil when the file has no count to read.
    func dataMark() -> DataMark? {
        try? database.cached(DataMark.select).firstRow { DataMark(newestEntry: $0.int(0), monsterChanges: $0.int(1)) }
    }

    /// The count the triggers keep, now.
    func monsterChangeCount() throws -> Int64 {
        try database.integer("SELECT count FROM monster_changes") ?? 0
    }

    /// The first change another program made to the monsters after history
    /// entry `id`: recorded with a later entry, or made since the newest.
    func outsideChange(after id: Int64) throws -> OutsideChange? {
        if let recorded = try database.cached(OutsideChanges.selectRecorded).firstRow([.integer(id)], { OutsideChange(rows: $0.int(0), latestName: $0.optionalText(1), latestKind: $0.optionalText(2)) }) {
            return recorded
        }
        return try outsideChangeSinceNewestEntry()
    }

    /// Runs `body`, a rewrite of the whole monster table, without the
    /// counting triggers (see `OutsideChanges`).
    func uncounted<T>(_ body: () throws -> T) throws -> T {
        try database.execute(OutsideChanges.dropTriggers)
        let result = try body()
        // The ids the rewrite gave, which no trigger saw.
        try database.execute(MonsterSequence.coverHighestID)
        try database.execute(OutsideChanges.createTriggers)
        return result
    }
}
