/// Version 14 of roster's PostgreSQL schema: the version marker's row,
/// `roster.roster_schema`, is its owner's, whatever a role is granted.
///
/// docs/sharing.md's writer recipe granted `INSERT, UPDATE, DELETE` on
/// every table of the schema, the marker's too, where a roster writer
/// only ever sets `keys_checked` and `keys_fold` (the count at which it
/// last derived every name key, `noteNameKeysChecked`). So a writer in
/// psql could set `version` back (the owner's roster then ran a
/// migration that had run, and failed on every start with the server's
/// "column … already exists"), wind the count of outside writes back
/// (hiding writes from open rosters and from undo's check) by deleting
/// the row and inserting it again, or insert it with a stamp naming
/// someone else. Schema 13's trigger only set some of those back
/// quietly, column by column.
///
/// Now a trigger refuses, for any role that has not the marker table's
/// owner's rights, an INSERT or DELETE of the row, a TRUNCATE, and an
/// UPDATE that changes anything but `keys_checked` and `keys_fold`
/// (compared as the whole row less those two, so a column a later
/// version adds is guarded too). The count and the stamps still move:
/// schema 8's check and schema 13's stamp run inside functions that are
/// `SECURITY DEFINER`, where `current_user` is their owner, the owner of
/// the marker; `session_user` stays the role that logged in, which is
/// what the stamp names. The guard's own functions run with the caller's
/// rights, so that they see who that is. Its answer is a sentence with
/// `insufficient_privilege`, what a role refused a grant gets. The
/// owner (and a superuser) may still change the row: it could drop the
/// trigger anyway.
///
/// Who is acting is asked in the triggers' `WHEN`, first, by a SQL
/// function (parsed once, here; no PL/pgSQL), so the count's update at
/// the end of another program's write, made as the owner, calls no
/// trigger function more than before and compares no rows; only a
/// refused write calls the function that says so.
extension PostgresSchema {
    /// What the guard says to a role it refuses: found in the server's
    /// message to tell it from any other refused grant.
    static let markerGuardMark = "roster's version marker is its owner's"

    static let version14 = #"""
        CREATE FUNCTION roster.marker_owner_acting() RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE') FROM pg_catalog.pg_class c
            WHERE c.oid = 'roster.roster_schema'::regclass;
        END;
        CREATE FUNCTION roster.refuse_marker_change() RETURNS trigger LANGUAGE plpgsql
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            RAISE EXCEPTION 'roster''s version marker is its owner''s: % may set only keys_checked and keys_fold in roster.roster_schema, never insert, delete or otherwise change its row', quote_ident(current_user::text)
                USING ERRCODE = 'insufficient_privilege';
        END
        $$;
        CREATE TRIGGER marker_kept BEFORE UPDATE ON roster.roster_schema FOR EACH ROW
            WHEN (NOT roster.marker_owner_acting()
                  AND (to_jsonb(NEW) - 'keys_checked' - 'keys_fold') IS DISTINCT FROM (to_jsonb(OLD) - 'keys_checked' - 'keys_fold'))
            EXECUTE FUNCTION roster.refuse_marker_change();
        CREATE TRIGGER marker_kept_whole BEFORE INSERT OR DELETE ON roster.roster_schema FOR EACH ROW
            WHEN (NOT roster.marker_owner_acting())
            EXECUTE FUNCTION roster.refuse_marker_change();
        CREATE TRIGGER marker_not_emptied BEFORE TRUNCATE ON roster.roster_schema FOR EACH STATEMENT
            WHEN (NOT roster.marker_owner_acting())
            EXECUTE FUNCTION roster.refuse_marker_change();
        """#

    /// The newest version up to 13 whose change the schema holds, by
    /// what each makes that no other does (versions 4 and 7 only add
    /// indexes if missing, so running them again changes nothing: left
    /// out). Up to 13 a writer role could set the marker back; since 14
    /// only the owner can, so this list never grows. Frozen, as the
    /// migrations are.
    static let builtUpTo13 = """
        SELECT coalesce(max(v), 1) FROM (VALUES
            (2, EXISTS (SELECT FROM pg_catalog.pg_trigger WHERE tgrelid = to_regclass('roster.monster') AND tgname = 'monster_changed_outside')),
            (3, EXISTS (SELECT FROM pg_catalog.pg_trigger WHERE tgrelid = to_regclass('roster.monster') AND tgname = 'monster_changed_outside'
                        AND tgqual IS NOT NULL)),
            (5, to_regclass('roster.history_counter') IS NOT NULL),
            (6, EXISTS (SELECT FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roster.roster_schema') AND attname = 'outside_writes' AND NOT attisdropped)),
            (8, EXISTS (SELECT FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roster.history') AND attname = 'xact' AND NOT attisdropped)),
            (9, EXISTS (SELECT FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roster.history') AND attname = 'write_token' AND NOT attisdropped)),
            (10, EXISTS (SELECT FROM pg_catalog.pg_trigger WHERE tgrelid = to_regclass('roster.history') AND tgname = 'history_entry_dropped')),
            (11, EXISTS (SELECT FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roster.monster') AND attname = 'keyed_name' AND NOT attisdropped)),
            (12, to_regprocedure('roster.keep_monster_ids_past()') IS NOT NULL),
            (13, EXISTS (SELECT FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roster.roster_schema') AND attname = 'outside_writer' AND NOT attisdropped))
        ) AS built(v, there) WHERE there
        """
}
