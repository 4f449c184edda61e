/// The SQL of the roster's history, in one place.
///
/// `history` holds one row per change, newest last. A change is kept in
/// one of two ways:
///
/// - `rows`: `history_row` holds each monster it touched, the whole row
///   before and after (keyed by change only: an index by monster would
///   cost every change a write, for lookups that are rare and scan at
///   most the bounded history) (`before_exists` / `after_exists` say whether the
///   monster existed then: an add has no before, a removal no after).
///   Undo checks that each monster is still as the change left it, then
///   writes the before side back, the id included.
/// - `snapshot`: an import keeps the whole roster from before it in a
///   table of the monster table's own shape, `history_roster_<id>`, rather
///   than a million history rows. Undo and redo swap that table with the
///   monster table by renaming (a handful of page writes whatever the
///   size), then build the name index on the one that became the roster.
///   Only the newest `keptSnapshots` imports keep their rosters
///   (`snapshot-dropped` then): each may be as large as the roster.
///
/// Undo and redo are changes too (`command` `undo` / `redo`, `reverses`
/// the change they undid or redid); `undone` marks an original change
/// that is undone now.
///
/// A later migration that changes the monster table must change every
/// `history_roster_<id>` table the same way, and the `before_`/`after_`
/// columns of `history_row`.
enum HistoryTable {
    /// How many changes the history keeps; older ones are trimmed in the
    /// transaction that records a new one.
    static let bound = 10_000
    /// How many imports keep the roster from before them.
    static let keptSnapshots = 10

    enum Kind: String {
        case rows
        case snapshot
        case snapshotDropped = "snapshot-dropped"
    }

    static let fields = MonsterTable.dataFields

    // The tables are created by version 3's and 6's migrations, frozen
    // in `ShippedMigrations`.

    /// The highest id the history holds or held: the next change gets
    /// the one after it (see `SQLiteRosterStore.nextHistoryID`).
    static let highestGivenID = """
        SELECT max(coalesce((SELECT max(id) FROM history), 0), coalesce((SELECT last FROM history_sequence), 0))
        """

    /// The largest change number roster gives: 2^53 - 1, as for monster
    /// ids, the largest whole number every JSON reader keeps exact (a
    /// reader of `history --format json` would take two changes past it
    /// for one). Counting one a change, no roster gets near it: only a
    /// number another program wrote leads there, and then no number is
    /// left until `history --clear` gives the numbers a way on (`countedBound`).
    static let largestNumber = MonsterFields.largestExactID

    static let noIDLeft = "no number is left for a new change: the roster's history already reaches #\(largestNumber), "
        + "the largest whole number every JSON reader keeps exact, after a number another program wrote; "
        + "`roster history --clear` empties the history and numbers changes on from roster's own"

    /// The highest change number roster keeps given out across a clear:
    /// 2^52, half of `largestNumber`. Counting one a change, no roster
    /// gets near it; a number past it was written (or a counter wound to
    /// it) by another program, or given after such a number. A clear
    /// forgets those, so the numbering goes on from the highest one
    /// within the bound, and numbers roster counted to are still never
    /// given twice. (Were the bound `largestNumber` itself, a number
    /// planted just below it would leave, once roster gave the last, no
    /// number for any change even after a clear.)
    static let countedBound: Int64 = 1 << 52

    /// Before the history is emptied: its ids stay given out, up to `countedBound`.
    static let rememberLastID = """
        UPDATE history_sequence SET last = max(CASE WHEN last <= \(countedBound) THEN last ELSE 0 END,
            coalesce((SELECT max(id) FROM history WHERE id <= \(countedBound)), 0))
        """

    /// The last four columns are schema 5's (see `OutsideChanges`).
    static let insertEntry = """
        INSERT INTO history (id, at, surface, command, file, summary, kind, reverses, count_before, count_after,
            changes, outside_changes, outside_name, outside_kind)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let insertRow = """
        INSERT INTO history_row (change, position, monster, before_exists, after_exists,
            \(fields.map { "before_\($0.key)" }.joined(separator: ", ")),
            \(fields.map { "after_\($0.key)" }.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: 5 + 2 * fields.count).joined(separator: ", ")))
        """
    /// Each text cut as `HistoryText` reads it: another program may have written it.
    static let entryColumns = HistoryText.entryColumns(at: HistoryText.read("at", bound: HistoryText.wordBound, onServer: false),
                                                       onServer: false)
    /// Binds the change; columns `monster, before_exists, after_exists`,
    /// then the before row and the after row, each in `MonsterTable.columns` order.
    static let selectRows = """
        SELECT monster, before_exists, after_exists,
            monster, \(fields.map { "before_\($0.key)" }.joined(separator: ", ")),
            monster, \(fields.map { "after_\($0.key)" }.joined(separator: ", "))
        FROM history_row WHERE change = ? ORDER BY position
        """

    /// Whether entry `h` of `table` still stands among the entries after
    /// `after` (a placeholder or a number): not a change undone since,
    /// nor an undo or redo of such a change, nor one of an even number of
    /// undos and redos since of a change made before (`undo 2` then
    /// `redo`: the change before an import undone and redone, as redoing
    /// in order does). Those left the roster as it was, so the undo or
    /// redo of an import made before them may swap the whole roster back.
    /// Both stores ask it the same way.
    static func stillStanding(_ table: String, after: String) -> String {
        """
        NOT (h.reverses IS NULL AND h.undone) \
        AND NOT EXISTS (SELECT 1 FROM \(table) o WHERE o.id = h.reverses AND o.id > \(after) AND o.undone) \
        AND NOT (h.reverses IS NOT NULL AND h.reverses <= \(after) \
        AND (SELECT count(*) FROM \(table) r WHERE r.reverses = h.reverses AND r.id > \(after)) % 2 = 0)
        """
    }

    /// The table holding the roster from before change `id`.
    static func snapshotTable(_ id: Int64) -> String { "history_roster_\(id)" }
}
