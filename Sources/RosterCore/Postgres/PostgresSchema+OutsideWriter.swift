/// Version 13 of roster's PostgreSQL schema: who made the latest outside
/// write, so that an open interface can say so ("another program
/// (`psql`, logged in as alice) changed the roster") as it names the
/// author of a change roster recorded.
///
/// The count of outside writes (schema 6, counted by schema 8's deferred
/// check, which runs as its owner) said that someone changed the monsters
/// without roster, never who. Now a trigger on the marker's row stamps,
/// whenever that count moves, the role that logged in (`session_user`,
/// which the server sets and no statement of the writer's can change:
/// `SET ROLE` changes `current_user`), as the history's `database_user`
/// is stamped, and the session's `application_name`. Any other change of
/// the two columns is undone by the same trigger, so a writer role
/// granted `UPDATE` on the marker (the sharing recipe grants the schema's
/// tables) can name only itself, by moving the count. The role is the
/// server's word; the program's name is the writer's own, any text it
/// chose (the server keeps 63 bytes of it), so it is only shown quoted
/// and escaped, beside the role. A NOTIFY's payload still names nobody:
/// any role may send one.
///
/// The same trigger keeps the count from going back (a writer that wound
/// it back would hide its write from open rosters and from undo's check of
/// outside writes), and a marker row inserted again (a writer that deleted
/// it) starts unstamped, so that neither way names someone else. A
/// count moved by roster's own derivation of keys another program left
/// stale (`roster.rekeying` set for that write) is stamped with nobody:
/// it follows another's write, and naming the roster user who happened to
/// look next would name the wrong person. A writer that sets the setting
/// itself only makes its own change unnamed.
///
/// A trigger of its own, rather than new bodies for schema 8's note and
/// check: those stay as they shipped, and a roster's own writes, which
/// never touch the marker, call nothing more.
///
/// A role that may not upgrade reads a schema 11 roster as before: the
/// columns are read through `to_jsonb`, which has no such key there, and
/// the change is told without a name.
extension PostgresSchema {
    static let version13 = #"""
        ALTER TABLE roster.roster_schema ADD COLUMN outside_writer text, ADD COLUMN outside_program text;
        CREATE FUNCTION roster.stamp_outside_writer() RETURNS trigger LANGUAGE plpgsql
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                NEW.outside_writer := NULL;
                NEW.outside_program := NULL;
            ELSIF NEW.outside_writes IS NULL OR NEW.outside_writes < OLD.outside_writes THEN
                NEW.outside_writes := OLD.outside_writes;
                NEW.outside_writer := OLD.outside_writer;
                NEW.outside_program := OLD.outside_program;
            ELSIF NEW.outside_writes IS DISTINCT FROM OLD.outside_writes THEN
                IF current_setting('roster.rekeying', true) = 'on' THEN
                    NEW.outside_writer := NULL;
                    NEW.outside_program := NULL;
                ELSE
                    NEW.outside_writer := session_user;
                    NEW.outside_program := left(current_setting('application_name'), 63);
                END IF;
            ELSE
                NEW.outside_writer := OLD.outside_writer;
                NEW.outside_program := OLD.outside_program;
            END IF;
            RETURN NEW;
        END
        $$;
        CREATE TRIGGER outside_writer_stamped BEFORE UPDATE ON roster.roster_schema FOR EACH ROW
            WHEN (NEW.outside_writes IS DISTINCT FROM OLD.outside_writes
                  OR NEW.outside_writer IS DISTINCT FROM OLD.outside_writer
                  OR NEW.outside_program IS DISTINCT FROM OLD.outside_program)
            EXECUTE FUNCTION roster.stamp_outside_writer();
        CREATE TRIGGER outside_writer_unstamped BEFORE INSERT ON roster.roster_schema FOR EACH ROW
            EXECUTE FUNCTION roster.stamp_outside_writer();
        """#
}
