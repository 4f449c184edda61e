/// Version 12 of roster's PostgreSQL schema: two identities roster
/// derives, kept whatever another program writes to `roster.monster`.
///
/// **Ids.** roster numbers new monsters from the sequence
/// `roster.monster_id`. Another program that inserted a monster with an
/// id of its own past the sequence (`INSERT … (id, …) VALUES (8, …)`)
/// left the sequence behind it, so roster's add that reached that id
/// failed on the primary key, a raw duplicate key, exit 74; and, the
/// monster removed, its id could be given again. Now a row written with an
/// id past the sequence moves the sequence to it, as the file's
/// `monster_sequence` triggers do, so no id is ever given twice. The
/// trigger's `WHEN` reads the sequence itself (a built-in function, no
/// trigger function called for an id the sequence gave, which is every id
/// roster draws); its function runs as the schema's owner, so a writer
/// without `UPDATE` on the sequence still moves it. The function moves it
/// to the highest id the table holds (after the statement, so a bulk
/// insert moves it once, and its other rows find it moved), under an advisory lock (key 3 of roster's
/// space) held to the end of the writer's transaction: two programs
/// inserting at once could otherwise each set the sequence to their own
/// id, the lower last. Only other programs' inserts past the sequence
/// take that lock; roster's never do. A replace import,
/// whose rows carry their ids, moves the sequence past them before it
/// inserts them (see `apply`), so that a million rows call nothing. The
/// sequence starts past every id the roster and its history hold.
///
/// **Keys.** Schema 11 finds the rows whose keys may be stale by their
/// names (`keyed_name`): a program that rewrote `name_key` alone, to the
/// decomposed spelling of `café-bot` that reads the same but is other
/// bytes, was not seen, and `add Café-Bot` made a second monster spelled
/// alike. Now an update that changes a row's key and leaves `keyed_name`
/// as it was forgets that name (NULL), which puts the row in
/// `monster_stale_key` for the next write to derive again. roster never
/// changes a key that way but for a move to the row's own shadow key and
/// back (`NameRekeying.shadowKey`), which is left out.
extension PostgresSchema {
    static let version12 = #"""
        CREATE FUNCTION roster.keep_monster_ids_past() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF NEW.id <= (SELECT s.last_value FROM roster.monster_id s WHERE s.is_called) THEN
                RETURN NULL;
            END IF;
            PERFORM pg_advisory_xact_lock(1380930388, 3);
            PERFORM setval('roster.monster_id', m.id)
            FROM (SELECT greatest(NEW.id, (SELECT max(id) FROM roster.monster)) AS id) m, roster.monster_id s
            WHERE m.id > s.last_value OR (NOT s.is_called AND m.id >= s.last_value);
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER monster_id_past_sequence AFTER INSERT OR UPDATE OF id ON roster.monster FOR EACH ROW
            WHEN (NEW.id > coalesce(pg_sequence_last_value('roster.monster_id'::regclass), 0))
            EXECUTE FUNCTION roster.keep_monster_ids_past();
        SELECT setval('roster.monster_id', x.m)
        FROM (SELECT greatest((SELECT max(id) FROM roster.monster), (SELECT max(id) FROM roster.history_roster),
                              (SELECT max(monster) FROM roster.history_row)) AS m) x, roster.monster_id s
        WHERE x.m >= 1 AND (x.m > s.last_value OR NOT s.is_called);

        CREATE FUNCTION roster.forget_keyed_name() RETURNS trigger LANGUAGE plpgsql
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            NEW.keyed_name := NULL;
            RETURN NEW;
        END
        $$;
        CREATE TRIGGER monster_key_written_alone BEFORE UPDATE OF name_key ON roster.monster FOR EACH ROW
            WHEN (NEW.name_key IS DISTINCT FROM OLD.name_key AND NEW.keyed_name IS NOT NULL
                  AND NEW.keyed_name IS NOT DISTINCT FROM OLD.keyed_name
                  AND NEW.name_key <> OLD.name_key || chr(10) || NEW.id AND OLD.name_key <> NEW.name_key || chr(10) || NEW.id)
            EXECUTE FUNCTION roster.forget_keyed_name();
        """#
}
