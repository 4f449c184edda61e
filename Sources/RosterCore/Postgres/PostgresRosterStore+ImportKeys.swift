import PostgresWire

/// An import finds the monsters its records name by their keys, in SQL
/// (`name_key = i.name_key`), where every other command checks each row a
/// key finds against its name (`PostgresRosterStore+NameKeys`). A writer
/// that wrote a key of its own making with `keyed_name` beside it (a row
/// `Evil-Bot` keyed `cat-bot`) is not among the rows `monster_stale_key`
/// holds, so an upsert of `Cat-Bot` changed Evil-Bot, a replace gave its id
/// to Cat-Bot, and an insert said that Cat-Bot reads as Evil-Bot.
///
/// So before matching, the rows the file's keys find are checked against
/// their names, as a lookup checks them: only those whose names differ
/// from the record's by more than ASCII case are folded here (an export
/// imported again folds none). A row whose name does not read as the key
/// that found it means the keys are not roster's: every key is derived
/// again, in the import's transaction, as a lookup that finds such a row
/// does. A dry run (perhaps a reader's) cannot write the roster: it
/// derives those rows' keys in its private copy instead.
extension PostgresRosterStore {
    /// Derives again the keys that found rows named otherwise than the
    /// records of `import_rows` (only the records without ids, in a
    /// replace import), in `target`.
    func rekeyRowsNamedOtherwise(in target: ImportTarget, mode: ImportMode) throws {
        let onlyWithoutID = mode == .replace ? "AND i.id IS NULL" : ""
        var named: [(id: Int64, key: String)] = []
        for row in try run("""
            SELECT DISTINCT m.id, m.name, i.name_key FROM import_rows i JOIN \(target.table) m
              ON m.name_key >= i.name_key COLLATE "C" AND m.name_key < (i.name_key || chr(11)) COLLATE "C"
                AND (m.name_key = i.name_key OR m.name_key = i.name_key || chr(10) || m.id)
            WHERE lower(m.name COLLATE "C") <> lower(i.name COLLATE "C") \(onlyWithoutID)
            """).rows {
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let key = row[2] else { continue }
            let derived = MonsterRules.nameKey(name)
            if !derived.utf8.elementsEqual(key.utf8) { named.append((id, derived)) }
        }
        guard !named.isEmpty else { return }
        if !target.isRehearsal, try correctNameKeys(all: true) { return }
        // The copy's rows keyed as their names give, or by their shadows
        // when another row holds the key (by id alone, which no name
        // gives, when that is held too).
        let ids = "{" + named.map { String($0.id) }.joined(separator: ",") + "}"
        try run("UPDATE \(target.table) SET name_key = chr(10) || id WHERE id = ANY($1::bigint[])", [ids])
        for row in named {
            try run("""
                UPDATE \(target.table) SET name_key = CASE
                    WHEN NOT EXISTS (SELECT 1 FROM \(target.table) WHERE name_key = $2) THEN $2
                    WHEN NOT EXISTS (SELECT 1 FROM \(target.table) WHERE name_key = $2 || chr(10) || $1::bigint) THEN $2 || chr(10) || $1::bigint
                    ELSE name_key END
                WHERE id = $1::bigint
                """, [String(row.id), row.key])
        }
    }
}
