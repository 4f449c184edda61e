/// Version 19 of roster's PostgreSQL schema: a history entry another
/// program writes is announced, as roster's own are.
///
/// roster ends each of its writes with a `NOTIFY roster`, and the
/// outside-write check notifies for monsters changed with no entry. A
/// writer role that changes monsters in psql and writes its history entry
/// with them, as docs/sharing.md allows, sent neither: its change was
/// recorded, so not counted as an outside write, and nothing told an open
/// roster to look until some later write did. Now an entry written
/// without a write token (roster draws one for each of its writes, schema
/// 9) notifies the channel. The trigger's `WHEN` reads the new row alone,
/// so roster's own entries call no function. A notification is only a
/// hint to look (see `PostgresRosterStore+Listening`): the interface
/// reads the history and shows the entry as news, naming its author. The
/// notifications of one transaction's entries are one (PostgreSQL folds
/// the same channel and text).
extension PostgresSchema {
    static let version19 = #"""
        CREATE FUNCTION roster.announce_history_entry() RETURNS trigger LANGUAGE plpgsql
            SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            PERFORM pg_notify('roster', 'entry');
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER history_entry_announced AFTER INSERT ON roster.history FOR EACH ROW
            WHEN (NEW.write_token IS NULL)
            EXECUTE FUNCTION roster.announce_history_entry();
        """#
}
