/// Version 16 of roster's PostgreSQL schema: the ids roster gives new
/// monsters are past every id the roster and its history have held, even
/// when another program winds the id sequence back.
///
/// The sequence `roster.monster_id` was the only record of the ids given,
/// and a role with `UPDATE` on it (the sharing recipe granted it to
/// writers) can wind it back: `SELECT setval('roster.monster_id', 1)`, or a
/// script's `setval(… max(id))` after it removed the newest rows. Adds
/// then failed on the primary key (a raw duplicate key, exit 74) until the
/// sequence passed the ids still there, and then gave a removed monster's
/// id again, whose history joined the new monster's.
///
/// `roster.monster_id_given` holds the highest id roster has given (or
/// moved the sequence past), shut to every role but its owner by
/// row-level security with no policy, so no writer can wind it back;
/// only the functions below, which run as the schema's owner, write it.
/// `roster.free_monster_id(n)` is `n` when `n` is past that mark and free;
/// else one past every id the roster and its history hold (an id another
/// program took from under the sequence is skipped the same way).
/// `roster.draw_monster_id()` draws from the sequence through it, moves
/// the sequence on if it had to look further, and raises the mark: what
/// `add` draws, in the same one statement as `nextval` was. An import
/// calls `roster.monster_ids_given(n)` before and after its rows go in,
/// which moves the sequence and the mark past `n` and past a sequence
/// wound back; a writer needs no `UPDATE` on the sequence for either.
/// The mark starts at the highest id the sequence, the roster and its
/// history hold.
///
/// The history's rosters kept for undoing imports are read only when the
/// sequence was wound back (they have no index by id); an id another
/// program took at the sequence's next value costs two index probes.
extension PostgresSchema {
    static let version16 = #"""
        CREATE TABLE roster.monster_id_given (
            one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
            last_id bigint  NOT NULL
        );
        REVOKE ALL ON roster.monster_id_given FROM PUBLIC;
        ALTER TABLE roster.monster_id_given ENABLE ROW LEVEL SECURITY;
        INSERT INTO roster.monster_id_given (last_id)
            SELECT greatest(CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END,
                            (SELECT coalesce(max(id), 0) FROM roster.monster),
                            (SELECT coalesce(max(id), 0) FROM roster.history_roster),
                            (SELECT coalesce(max(monster), 0) FROM roster.history_row))
            FROM roster.monster_id s;

        CREATE FUNCTION roster.free_monster_id(candidate bigint) RETURNS bigint LANGUAGE sql STABLE
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            SELECT CASE
                WHEN candidate <= g.last_id THEN
                    greatest(g.last_id, (SELECT max(id) FROM roster.monster), (SELECT max(monster) FROM roster.history_row),
                             (SELECT max(id) FROM roster.history_roster)) + 1
                WHEN EXISTS (SELECT FROM roster.monster WHERE id = candidate) THEN
                    greatest(candidate, (SELECT max(id) FROM roster.monster), (SELECT max(monster) FROM roster.history_row)) + 1
                ELSE candidate
            END
            FROM roster.monster_id_given g
        $$;

        CREATE FUNCTION roster.draw_monster_id() RETURNS bigint LANGUAGE sql VOLATILE
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            WITH drawn AS (SELECT roster.free_monster_id(nextval('roster.monster_id')) AS id),
                 marked AS (UPDATE roster.monster_id_given g SET last_id = d.id FROM drawn d WHERE g.last_id < d.id)
            SELECT CASE WHEN d.id > s.last_value THEN setval('roster.monster_id', d.id) ELSE d.id END
            FROM drawn d, roster.monster_id s
        $$;

        CREATE FUNCTION roster.monster_ids_given(highest bigint) RETURNS bigint LANGUAGE sql VOLATILE
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            WITH given AS (
                    SELECT greatest(roster.free_monster_id(CASE WHEN s.is_called THEN s.last_value + 1 ELSE s.last_value END) - 1,
                                    highest) AS id
                    FROM roster.monster_id s),
                 marked AS (UPDATE roster.monster_id_given g SET last_id = n.id FROM given n WHERE g.last_id < n.id)
            SELECT CASE WHEN n.id >= 1 AND (n.id > s.last_value OR NOT s.is_called AND n.id >= s.last_value)
                        THEN setval('roster.monster_id', n.id) ELSE n.id END
            FROM given n, roster.monster_id s
        $$;
        """#

    /// The first version whose functions give monster ids (see `version16`).
    static let givenIDsVersion: Int32 = 16
}
