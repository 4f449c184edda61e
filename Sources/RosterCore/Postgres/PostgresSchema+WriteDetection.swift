/// Version 8 of roster's PostgreSQL schema: how the server tells roster's
/// own writes from other programs' without taking a session's word for it.
///
/// Up to version 7 a write was roster's when its session had set
/// `roster.writing` to `on`, which any session may set: a writer role in
/// psql that set it changed monsters unseen (no announcement, no count of
/// outside writes), so stale name keys were trusted and a `--where
/// name=…` acted on another monster. A setting is a claim; what roster
/// does that another program need not is write a history entry in the
/// same transaction. So a transaction that changes `roster.monster` and
/// has not written the newest history entry is noted (one row in
/// `roster.unrecorded_write`, by a statement trigger), and a constraint
/// trigger deferred to the commit counts it as an outside write unless
/// by then it has written that entry.
///
/// A statement trigger fires for a statement that changed no row (roster's
/// one-trip `set-weapon` runs its UPDATE for no monster when the weapon is
/// unchanged), so the check also asks the server's count of the rows this
/// session inserted, updated and deleted (`pg_stat_get_xact_tuples_*`,
/// which may still hold the session's earlier transactions: then it
/// counts, the safe way); with `track_counts` off it always counts. roster
/// never truncates the monsters: a TRUNCATE is counted at once.
///
/// The history entry carries the
/// transaction that wrote it (`xact`) and the role that logged in
/// (`database_user`), both stamped by the server whatever the statement
/// says and kept on every later update, so a program that writes an
/// entry to pass as roster is at least named as who wrote it.
///
/// What this costs roster: the statement trigger asks its question in its
/// `WHEN` (a SQL function, no PL/pgSQL), so a write that records its
/// history entry before it changes monsters, as `set-weapon` does, calls
/// no trigger function at all. A write that records its entry at the end
/// calls two PL/pgSQL functions once each: the note and, at the commit,
/// the check. The history triggers call theirs only when a statement
/// gives another user or transaction than the server's.
extension PostgresSchema {
    /// Version 8: the outside-change trigger no longer reads
    /// `roster.writing` (see above). `announce_outside_change` goes: the
    /// deferred check counts and announces now. A history entry's
    /// `outside_writes` is the count of outside writes when it was written,
    /// so that undoing an import (which swaps the whole roster back) is
    /// refused once another program has changed the roster since, even
    /// when the number of monsters stayed the same. Functions written with
    /// a SQL body (`BEGIN ATOMIC`) are parsed once, here, so a session's
    /// `search_path` cannot change what they call; the PL/pgSQL ones pin
    /// theirs. Those that write run as their owner, so a writer without
    /// grants on `unrecorded_write` or the marker still counts.
    static let version8 = #"""
        ALTER TABLE roster.history ADD COLUMN xact bigint, ADD COLUMN outside_writes bigint;
        ALTER TABLE roster.history ALTER COLUMN xact SET DEFAULT txid_current();
        CREATE FUNCTION roster.outside_write_count() RETURNS bigint LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT s.outside_writes FROM roster.roster_schema s;
        END;
        ALTER TABLE roster.history ALTER COLUMN outside_writes SET DEFAULT roster.outside_write_count();

        CREATE FUNCTION roster.stamp_history_author() RETURNS trigger LANGUAGE plpgsql
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                NEW.database_user := session_user;
                NEW.xact := txid_current();
            ELSE
                NEW.database_user := OLD.database_user;
                NEW.xact := OLD.xact;
            END IF;
            RETURN NEW;
        END
        $$;
        CREATE TRIGGER history_author_stamped BEFORE INSERT ON roster.history FOR EACH ROW
            WHEN (NEW.database_user IS DISTINCT FROM session_user OR NEW.xact IS DISTINCT FROM txid_current())
            EXECUTE FUNCTION roster.stamp_history_author();
        CREATE TRIGGER history_author_kept BEFORE UPDATE ON roster.history FOR EACH ROW
            WHEN (NEW.database_user IS DISTINCT FROM OLD.database_user OR NEW.xact IS DISTINCT FROM OLD.xact)
            EXECUTE FUNCTION roster.stamp_history_author();

        CREATE FUNCTION roster.history_written_here() RETURNS boolean LANGUAGE sql STABLE
        BEGIN ATOMIC
            SELECT EXISTS (SELECT FROM roster.history h JOIN roster.history_counter c ON h.id = c.last_id
                           WHERE h.xact = txid_current());
        END;

        CREATE TABLE roster.unrecorded_write (
            xact bigint PRIMARY KEY
        );
        CREATE FUNCTION roster.note_unrecorded_write() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF TG_OP = 'TRUNCATE' THEN
                UPDATE roster.roster_schema SET outside_writes = outside_writes + 1;
                PERFORM pg_notify('roster', 'outside');
            ELSE
                INSERT INTO roster.unrecorded_write (xact) VALUES (txid_current()) ON CONFLICT DO NOTHING;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION roster.count_unrecorded_write() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            DELETE FROM roster.unrecorded_write WHERE xact = NEW.xact;
            IF NOT roster.history_written_here()
               AND (NOT current_setting('track_counts')::boolean
                    OR pg_stat_get_xact_tuples_inserted('roster.monster'::regclass) + pg_stat_get_xact_tuples_updated('roster.monster'::regclass)
                       + pg_stat_get_xact_tuples_deleted('roster.monster'::regclass) > 0) THEN
                UPDATE roster.roster_schema SET outside_writes = outside_writes + 1;
                PERFORM pg_notify('roster', 'outside');
            END IF;
            RETURN NULL;
        END
        $$;
        DROP TRIGGER monster_changed_outside ON roster.monster;
        DROP FUNCTION roster.announce_outside_change();
        CREATE TRIGGER monster_changed_outside AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roster.monster
            FOR EACH STATEMENT WHEN (NOT roster.history_written_here())
            EXECUTE FUNCTION roster.note_unrecorded_write();
        CREATE CONSTRAINT TRIGGER unrecorded_write_counted AFTER INSERT ON roster.unrecorded_write
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION roster.count_unrecorded_write();
        """#

    /// Run the deferred check of this transaction's monster writes now,
    /// then defer it again: roster's re-derivation of name keys writes no
    /// history entry, so it counts as an outside write, and must be
    /// counted before it notes the count at which the keys were checked.
    static let countUnrecordedWritesNow = [
        "SET CONSTRAINTS roster.unrecorded_write_counted IMMEDIATE",
        "SET CONSTRAINTS roster.unrecorded_write_counted DEFERRED",
    ]
}
