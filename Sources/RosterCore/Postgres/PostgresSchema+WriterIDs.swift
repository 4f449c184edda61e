/// Version 18 of roster's PostgreSQL schema: only a role that may insert
/// monsters moves the ids roster gives.
///
/// Version 16's `roster.draw_monster_id()` and `roster.monster_ids_given(n)`
/// run as the owner, and PostgreSQL lets every role call a function: a
/// reader, or any role that may connect, could move the mark of the ids
/// given to the largest id, after which no add could be made. Both now
/// call `roster.refuse_unless_writer()` first, which refuses (42501) a
/// session whose role may not insert into `roster.monster`. It asks of
/// `session_user`, as inside the functions the current user is the owner,
/// so no grant is needed beyond the sharing recipe's; a role that has the
/// right only through a group it must `SET ROLE` to is refused, as it
/// cannot add through roster either.
extension PostgresSchema {
    static let version18 = #"""
        CREATE OR REPLACE FUNCTION roster.refuse_unless_writer() RETURNS boolean LANGUAGE plpgsql STABLE
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF NOT has_table_privilege(session_user, 'roster.monster', 'INSERT') THEN
                RAISE EXCEPTION 'permission denied: only a role that may add monsters gives out their ids' USING ERRCODE = '42501';
            END IF;
            RETURN true;
        END
        $$;

        CREATE OR REPLACE FUNCTION roster.draw_monster_id() RETURNS bigint LANGUAGE sql VOLATILE
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            WITH drawn AS (SELECT roster.free_monster_id(nextval('roster.monster_id')) AS id WHERE roster.refuse_unless_writer()),
                 marked AS (UPDATE roster.monster_id_given g SET last_id = d.id FROM drawn d WHERE g.last_id < d.id)
            SELECT CASE WHEN d.id > s.last_value THEN setval('roster.monster_id', d.id) ELSE d.id END
            FROM drawn d, roster.monster_id s
        $$;

        CREATE OR REPLACE FUNCTION roster.monster_ids_given(highest bigint) RETURNS bigint LANGUAGE sql VOLATILE
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            WITH given AS (
                    SELECT greatest(roster.free_monster_id(CASE WHEN s.is_called THEN s.last_value + 1 ELSE s.last_value END) - 1,
                                    highest) AS id
                    FROM roster.monster_id s WHERE roster.refuse_unless_writer()),
                 marked AS (UPDATE roster.monster_id_given g SET last_id = n.id FROM given n WHERE g.last_id < n.id)
            SELECT CASE WHEN n.id >= 1 AND (n.id > s.last_value OR NOT s.is_called AND n.id >= s.last_value)
                        THEN setval('roster.monster_id', n.id) ELSE n.id END
            FROM given n, roster.monster_id s
        $$;
        """#
}
