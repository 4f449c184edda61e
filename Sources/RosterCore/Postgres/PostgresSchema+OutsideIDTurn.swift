/// Version 15 of roster's PostgreSQL schema: the turn other programs take
/// to move the id sequence past the ids they insert is a lock that only
/// roles with rights on the roster can hold.
///
/// Schema 12's trigger (`monster_id_past_sequence`) makes two programs
/// inserting ids past the sequence at once take turns, so that neither
/// winds the sequence back below the other's id. It took the turn as an
/// advisory lock (key 3 of roster's space), which any role that may
/// connect can take too, with no grant on the schema at all, and hold for
/// as long as it likes: every other program's insert past the sequence
/// then waited for it (roster's own writes never take the turn). The
/// write lock left advisory locks for the same reason (schema 10).
///
/// Now the turn is a table lock on `roster.monster_id_turn`, an empty
/// table of no columns that holds nothing, taken by the trigger's
/// function, which runs as the schema's owner. Locking a table needs
/// rights on it, which a role that may only connect lacks, and the mode
/// taken (EXCLUSIVE) needs more than `SELECT`, so a reader cannot hold it
/// either: only a role granted a write on that table (the sharing
/// recipe's writers, once its grants are run again) could, as it can
/// already hold the write lock. A table lock costs what the advisory lock
/// did (one entry in the server's lock table, held to the end of the
/// writer's transaction), and is taken as rarely: once a statement that
/// inserts past the sequence, not for the ids the sequence gives.
extension PostgresSchema {
    static let version15 = #"""
        CREATE TABLE roster.monster_id_turn ();
        COMMENT ON TABLE roster.monster_id_turn IS 'roster: locked by another program''s insert past the monster id sequence, so that two take turns; holds nothing';
        CREATE OR REPLACE FUNCTION roster.keep_monster_ids_past() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF NEW.id <= (SELECT s.last_value FROM roster.monster_id s WHERE s.is_called) THEN
                RETURN NULL;
            END IF;
            LOCK TABLE roster.monster_id_turn IN EXCLUSIVE MODE;
            PERFORM setval('roster.monster_id', m.id)
            FROM (SELECT greatest(NEW.id, (SELECT max(id) FROM roster.monster)) AS id) m, roster.monster_id s
            WHERE m.id > s.last_value OR (NOT s.is_called AND m.id >= s.last_value);
            RETURN NULL;
        END
        $$;
        """#
}
