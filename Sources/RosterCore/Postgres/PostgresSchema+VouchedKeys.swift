/// Version 17 of roster's PostgreSQL schema: no key roster cannot vouch
/// for is trusted, whenever another program wrote it (as the file's
/// version 12, `ShippedMigrations+VouchedKeys`).
///
/// Version 12's trigger sees a key written alone, after it exists. Two
/// ways past it remained:
/// - **Another id's shadow.** A shadow key (`NameRekeying.shadowKey`: the
///   name's key, a newline, the row's id) is the row's own only while the
///   id after the newline is the row's. A writer that moved a row's key to
///   its own shadow form and changed its id in one statement (which
///   version 12 lets through as roster's own move), then changed the id
///   alone, or that renumbered a row roster had given a shadow key, left a
///   key that is another id's shadow, trusted: a lookup takes a row's own
///   shadow only, so none found the row, and `add` made a second monster
///   spelled exactly alike. Now a row updated in its id or key whose key
///   is another id's shadow forgets the name its key was derived from
///   (`keyed_name` NULL), for the next write to derive again. The
///   trigger's `WHEN` is built-in functions alone: a roster's own update
///   calls no function. Inserts are left out: a row inserted with another
///   id's shadow and its `keyed_name` is a program writing `keyed_name`
///   itself, which docs/sharing.md asks none to do, and a trigger on
///   inserts made a bulk insert of 500,000 rows (a replace import's) a
///   tenth to a third slower.
/// - **Keys written before version 12.** A key rewritten alone before its
///   trigger existed stayed trusted after the upgrade. SQL can tell that a
///   key is the one roster derives only for a printable ASCII name (version
///   11's rule: its lower case, or that, a newline and the row's own id).
///   Where any trusted row is not such, the upgrade forgets which fold
///   derived the keys (`keys_fold` 0), so the first write reads every row
///   once, folds each name, and writes only the keys that differ: marking
///   those rows stale instead made it lock and write every row beyond
///   ASCII twice (15.6–15.8 s for 200,000 such names, against 1.4–2.1 s;
///   see docs/benchmarks.md). A roster of ASCII names, which the upgrade
///   vouches for, pays nothing.
extension PostgresSchema {
    static let version17 = #"""
        CREATE TRIGGER monster_shadow_key_of_another BEFORE UPDATE OF id, name_key ON roster.monster FOR EACH ROW
            WHEN (NEW.keyed_name IS NOT NULL AND strpos(NEW.name_key, chr(10)) > 0
                  AND substr(NEW.name_key, strpos(NEW.name_key, chr(10)) + 1) <> NEW.id::text)
            EXECUTE FUNCTION roster.forget_keyed_name();
        UPDATE roster.roster_schema SET keys_fold = 0
        WHERE EXISTS (SELECT 1 FROM roster.monster WHERE keyed_name = name
            AND NOT (name COLLATE "C" ~ '^[ -~]*$'
                     AND name_key COLLATE "C" IN (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
                         translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') || chr(10) || id)));
        """#
}
