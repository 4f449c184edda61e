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
///   spelled exactly alike. Now a row inserted, or updated in its id or
///   key, whose key is another id's shadow forgets the name its key was
///   derived from (`keyed_name` NULL), for the next write to derive again.
///   The trigger's `WHEN` is built-in functions alone: a roster's own
///   insert or update calls no function.
/// - **Keys written before version 12.** A key rewritten alone before its
///   trigger existed stayed trusted after the upgrade. So the upgrade keeps
///   `keyed_name` only where SQL can tell the key is the one roster derives
///   (version 11's rule: a printable ASCII name's lower case, or that, a
///   newline and the row's own id); every other row (a name beyond ASCII)
///   is derived again by the first write. The outside-write trigger is set
///   aside meanwhile, as version 11 did: the marks change no monster.
extension PostgresSchema {
    static let version17 = #"""
        CREATE TRIGGER monster_shadow_key_of_another BEFORE INSERT OR UPDATE OF id, name_key ON roster.monster FOR EACH ROW
            WHEN (NEW.keyed_name IS NOT NULL AND strpos(NEW.name_key, chr(10)) > 0
                  AND substr(NEW.name_key, strpos(NEW.name_key, chr(10)) + 1) <> NEW.id::text)
            EXECUTE FUNCTION roster.forget_keyed_name();
        ALTER TABLE roster.monster DISABLE TRIGGER monster_changed_outside;
        UPDATE roster.monster SET keyed_name = NULL
        WHERE keyed_name IS NOT NULL
            AND NOT (name COLLATE "C" ~ '^[ -~]*$'
                     AND name_key COLLATE "C" IN (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
                         translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') || chr(10) || id));
        ALTER TABLE roster.monster ENABLE TRIGGER monster_changed_outside;
        """#
}
