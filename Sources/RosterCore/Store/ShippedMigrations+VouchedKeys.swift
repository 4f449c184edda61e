/// Version 12 of the roster file: no key roster cannot vouch for is
/// trusted, whenever another program wrote it.
///
/// Version 10's trigger sees a key written alone, after it exists. Two
/// ways past it remained:
/// - **Another id's shadow.** A shadow key (`NameRekeying.shadowKey`: the
///   name's key, a newline, the row's id) is the row's own only while
///   the id after the newline is the row's. A program that moved a row's
///   key to its own shadow form and changed its id in one statement
///   (which version 10 lets through as roster's own move), then changed
///   the id alone, or that renumbered a row roster had given a shadow
///   key, left a key that is another id's shadow, trusted: a lookup
///   takes a row's own shadow only, so none found the row, and `add`
///   made a second monster spelled exactly alike. Now a row updated in its
///   id or key whose key is a shadow of another id forgets the name its
///   key was derived from (`keyed_name` NULL), so the next write derives
///   its key again, in the same one probe of `monster_stale_key` as any
///   other stale row. (A row inserted with another id's shadow and its
///   `keyed_name` is a program writing `keyed_name` itself, which
///   docs/sharing.md asks none to do; PostgreSQL's bulk inserts paid a
///   tenth to a third more for a trigger on inserts, so neither store has
///   one.)
/// - **Keys written before version 10.** A key rewritten alone before its
///   trigger existed stayed trusted after the upgrade. SQL can tell that a
///   key is the one roster derives only for a printable ASCII name (its
///   lower case, SQLite's `lower` folding ASCII alone as roster's key does,
///   or that, a newline and the row's own id). Where any trusted row is
///   not such, the upgrade forgets which fold derived the keys
///   (`keys_fold` 0), so the first write reads every row once, folds each
///   name, and writes only the keys that differ: marking those rows stale
///   instead made it write every row beyond ASCII twice (4.3–4.7 s for
///   200,000 such names, against 1.4–1.7 s; see docs/benchmarks.md). A
///   roster of ASCII names, which the upgrade vouches for, pays nothing.
///
/// The trigger's own update is counted by version 5's trigger and taken
/// back off the count, so that another program's change is counted once.
extension ShippedMigrations {
    static let version12 = """
        \(version12Triggers)
        UPDATE monster_changes SET keys_fold = 0
        WHERE EXISTS (SELECT 1 FROM monster WHERE keyed_name IS name
            AND NOT (name NOT GLOB '*[^ -~]*' AND name_key IN (lower(name), lower(name) || char(10) || id)));
        """

    /// Version 12's trigger. An import drops it with the counting ones and
    /// makes it again as this made it (see `OutsideChanges`).
    static let version12Triggers = """
        CREATE TRIGGER monster_shadow_key_moved AFTER UPDATE OF id, name_key ON monster
        WHEN NEW.keyed_name IS NOT NULL AND instr(NEW.name_key, char(10)) > 0
            AND substr(NEW.name_key, instr(NEW.name_key, char(10)) + 1) IS NOT CAST(NEW.id AS TEXT) BEGIN
            UPDATE monster SET keyed_name = NULL WHERE id = NEW.id;
            UPDATE monster_changes SET count = count - 1;
        END;
        """
}
