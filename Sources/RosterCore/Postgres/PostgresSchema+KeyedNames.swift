/// Version 11 of roster's PostgreSQL schema: the name each key was
/// derived from, as in the file's schema 9 (see `NameKeyCheck`).
extension PostgresSchema {
    /// Version 11: `keyed_name`, which roster writes with every key and
    /// other programs leave as it was (NULL in a row they insert), and an
    /// index of the rows where it is not the name: the rows whose keys
    /// another program may have left stale, found in one probe however
    /// large the roster (see `PostgresRosterStore+NameKeys`). A key is
    /// taken as derived from its name only where the count says every key
    /// was checked since the last outside write and the key is what SQL
    /// can tell the name gives: a printable ASCII name's lower case (or
    /// that and the id, a look-alike pair's second). A writer may set the
    /// count itself, so the count alone is not trusted. Elsewhere
    /// `keyed_name` stays NULL and the first write derives the key again
    /// (few rows: names beyond ASCII). The outside-write trigger is set aside
    /// while the column is filled (under the table's lock, which `ALTER
    /// TABLE` holds to the end of the migration), so that filling it
    /// counts as no other program's write.
    static let version11 = #"""
        ALTER TABLE roster.monster ADD COLUMN keyed_name text;
        ALTER TABLE roster.monster DISABLE TRIGGER monster_changed_outside;
        UPDATE roster.monster SET keyed_name = name
        WHERE (SELECT s.outside_writes = s.keys_checked FROM roster.roster_schema s)
            AND name COLLATE "C" ~ '^[ -~]*$'
            AND name_key COLLATE "C" IN (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
                translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') || chr(10) || id);
        ALTER TABLE roster.monster ENABLE TRIGGER monster_changed_outside;
        CREATE INDEX monster_stale_key ON roster.monster (id) WHERE keyed_name IS DISTINCT FROM name;
        """#

    /// Whether every stored key can be trusted: derived by the fold of
    /// `$1`, and no row's name other than the one its key was derived from.
    /// Asked as the first such row by id, which the partial index answers:
    /// asked with `NOT EXISTS`, the planner, which cannot tell how few rows
    /// differ, scanned the table for one (102 ms at 200,000 rows, against
    /// 0.01 ms).
    static let keyedNamesChecked = """
        SELECT s.keys_fold = $1
            AND (SELECT id FROM roster.monster WHERE keyed_name IS DISTINCT FROM name ORDER BY id LIMIT 1) IS NULL
        FROM roster.roster_schema s
        """

    /// The rows whose keys another program may have left stale.
    static let selectStaleKeyed = """
        SELECT id, name, name_key FROM roster.monster WHERE keyed_name IS DISTINCT FROM name ORDER BY id
        """
}
