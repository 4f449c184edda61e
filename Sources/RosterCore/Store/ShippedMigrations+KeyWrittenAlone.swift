/// Version 10 of the roster file: a key another program rewrites alone is
/// marked for deriving again.
///
/// Schema 9 finds the rows whose keys may be stale by their names: a row
/// whose name is not the one its key was derived from (`keyed_name`). A
/// program that rewrites `name_key` and leaves the name and `keyed_name`
/// as they were (the decomposed spelling of `café-bot`, say, which reads
/// the same but is other bytes) was not seen: every lookup of the name
/// missed the row, and `add` made a second monster spelled alike. So an
/// update that changes a row's key and leaves its `keyed_name` as it was
/// forgets the name the key was derived from (NULL), which puts the row in
/// `monster_stale_key`, and the next write derives its key again, in the
/// same probe as any other stale row: an `add` stays one index probe.
///
/// roster itself never changes a key that way: it writes `keyed_name`
/// with every key, and the one move it makes alone, to a row's own shadow
/// key and back (`NameRekeying.shadowKey`, when a look-alike pair gains or
/// loses its other member), is left out here, as is a row already NULL.
/// The trigger's own update is counted by schema 5's trigger, and taken
/// back off the count, so that another program's change is counted once.
extension ShippedMigrations {
    static let version10 = version10Triggers

    /// Version 10's trigger. An import drops it with the counting ones and
    /// makes it again as this made it (see `OutsideChanges`).
    static let version10Triggers = """
        CREATE TRIGGER monster_key_written_alone AFTER UPDATE OF name_key ON monster
        WHEN NEW.name_key IS NOT OLD.name_key AND NEW.keyed_name IS NOT NULL AND NEW.keyed_name IS OLD.keyed_name
            AND NEW.name_key IS NOT OLD.name_key || char(10) || NEW.id AND OLD.name_key IS NOT NEW.name_key || char(10) || NEW.id BEGIN
            UPDATE monster SET keyed_name = NULL WHERE id = NEW.id;
            UPDATE monster_changes SET count = count - 1;
        END;
        """
}
