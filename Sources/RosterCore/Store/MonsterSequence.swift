/// Monster ids are never given out twice.
///
/// SQLite numbers a new row one past the highest id in the table, so
/// removing the newest monster gave its id to the next one added:
/// `history B-Bot` then told A-Bot's changes, and a script that kept
/// "id 7" acted on another monster. `monster_sequence.last` (schema 7)
/// is the highest id the roster ever held. Triggers raise it for every
/// row any program inserts (or renumbers) past it; an import and the
/// undo of one, which rewrite the table without triggers, raise it when
/// they finish. roster gives a new monster the id after it, in every
/// surface: `add`, the interfaces, and `import` in insert and upsert
/// modes. (A program that bypasses roster and lets SQLite number its row
/// may still reuse an id; roster never does, and never after it.)
enum MonsterSequence {
    // Its triggers are migration 7's (`ShippedMigrations.version7Triggers`),
    // made again with the counting ones after an import (`OutsideChanges`).

    /// After a rewrite of the table without triggers: as migration 7 raised
    /// it past a kept roster's ids.
    static let coverHighestID = ShippedMigrations.version7Snapshot("monster")

    /// The highest id ever given: the next new monster's is one more.
    static let selectHighestGiven = """
        SELECT max(coalesce((SELECT max(id) FROM monster), 0), coalesce((SELECT last FROM monster_sequence), 0))
        """
}

extension SQLiteRosterStore {
    /// For a roster file an import is making (nobody has seen the default
    /// monsters it was created with, nor their ids): numbering starts
    /// again from 1. Refused unless the roster and its history are empty.
    public func restartNumberingOfNewRoster() throws(RosterError) {
        try write {
            guard try database.integer("SELECT count(*) FROM monster") == 0,
                  try database.integer("SELECT count(*) FROM history") == 0 else {
                throw RosterError.historyRefused("only an empty roster with an empty history numbers its monsters from 1 again")
            }
            try database.execute("UPDATE monster_sequence SET last = 0")
        }
    }
}
