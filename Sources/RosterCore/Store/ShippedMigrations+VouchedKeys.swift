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
///   made a second monster spelled exactly alike. Now a row inserted, or
///   updated in its id or key, whose key is a shadow of another id
///   forgets the name its key was derived from (`keyed_name` NULL), so
///   the next write derives its key again, in the same one probe of
///   `monster_stale_key` as any other stale row.
/// - **Keys written before version 10.** A key rewritten alone before its
///   trigger existed stayed trusted after the upgrade. So the upgrade
///   keeps `keyed_name` only where SQL can tell the key is the one roster
///   derives: a printable ASCII name's lower case (SQLite's `lower` folds
///   ASCII alone, as roster's key does for such a name), or that, a
///   newline and the row's own id. Every other row (a name beyond ASCII)
///   is derived again by the first write.
///
/// The triggers' own update is counted by version 5's trigger and taken
/// back off the count (and an insert stays told as one), so that another
/// program's change is counted once; the upgrade's marks count as no
/// change at all (version 5's update trigger is set aside meanwhile, as
/// version 9 did).
extension ShippedMigrations {
    static let version12 = """
        \(version12Triggers)
        DROP TRIGGER monster_counted_update;
        UPDATE monster SET keyed_name = NULL
        WHERE keyed_name IS NOT NULL AND NOT (name NOT GLOB '*[^ -~]*' AND name_key IN (lower(name), lower(name) || char(10) || id));
        CREATE TRIGGER monster_counted_update AFTER UPDATE ON monster BEGIN
            UPDATE monster_changes SET count = count + 1, name = NEW.name, kind = 'changed';
        END;
        """

    /// Version 12's triggers. An import drops them with the counting ones
    /// and makes them again as this made them (see `OutsideChanges`).
    static let version12Triggers = """
        CREATE TRIGGER monster_shadow_key_inserted AFTER INSERT ON monster
        WHEN NEW.keyed_name IS NOT NULL AND instr(NEW.name_key, char(10)) > 0
            AND substr(NEW.name_key, instr(NEW.name_key, char(10)) + 1) IS NOT CAST(NEW.id AS TEXT) BEGIN
            UPDATE monster SET keyed_name = NULL WHERE id = NEW.id;
            UPDATE monster_changes SET count = count - 1, kind = 'added';
        END;
        CREATE TRIGGER monster_shadow_key_moved AFTER UPDATE OF id, name_key ON monster
        WHEN NEW.keyed_name IS NOT NULL AND instr(NEW.name_key, char(10)) > 0
            AND substr(NEW.name_key, instr(NEW.name_key, char(10)) + 1) IS NOT CAST(NEW.id AS TEXT) BEGIN
            UPDATE monster SET keyed_name = NULL WHERE id = NEW.id;
            UPDATE monster_changes SET count = count - 1;
        END;
        """
}
