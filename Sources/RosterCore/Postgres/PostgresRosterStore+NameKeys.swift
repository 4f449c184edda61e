import PostgresWire

/// A name's key (`name_key`, how the name reads: see `NameFolding`) is
/// roster's own derivation, and another program writing `roster.monster`
/// straight in SQL (psql) neither knows nor keeps it: it may insert
/// `Twin-Bot` beside roster's `twin-bot` with a key of its own making, or
/// rename a monster and leave the old key. Trusted as stored, such a key
/// finds the wrong monster, or none, and lets a name be added twice.
///
/// So keys are re-derived before a lookup trusts them, as in the file
/// (`NameKeyCheck`): the outside-change trigger counts every write another
/// program makes (schema 6, `roster_schema.outside_writes`), and
/// `keys_checked` is the count at which every key was last found to match
/// its name. The check rides with the lookup's own statement (one round
/// trip). When it fails, a write re-derives the keys in its transaction,
/// under the write lock; a read does so in a write of its own; a role
/// that may only read, a dry run, or a schema older than 6 compares names
/// instead, over the whole table. Two names that then read alike keep
/// both monsters, the later keyed by its id (`NameRekeying.shadowKey`), and
/// `MonsterRules.oneMonster` says which one a name means: the exact
/// spelling, else a refusal naming both.
extension PostgresRosterStore {
    /// Every monster named by one of `ids`, or whose name reads as one of
    /// `keys` (the ones another program made read alike too), by id.
    /// `forUpdate` locks them for the write under way.
    ///
    /// A key none matched whose name was given (`spelled`) is looked at
    /// once more: a row spelled so ignoring case whose key is not the
    /// name's was renamed by a writer that left its key and passed as
    /// roster (sharing.md): the keys are derived again, or the names
    /// compared. Only a miss pays for that scan.
    func monsters(ids: [Int64], readingAs keys: [String], spelled: [String] = [], forUpdate: Bool) throws -> [Monster] {
        let lookup = lookupStatement(ids: ids, readingAs: keys, forUpdate: forUpdate)
        var rows: [[String?]]
        if keys.isEmpty {
            rows = try run(lookup.sql, lookup.parameters).rows
        } else {
            let batch = pending + [nameKeysCheck, lookup]
            let results = try runBatch(batch)
            rows = results.last?.rows ?? []
            if results[batch.count - 2].firstValue != "t" {
                if try correctNameKeys() {
                    rows = try run(lookup.sql, lookup.parameters).rows
                } else {
                    return try monstersComparingNames(ids: ids, readingAs: keys, lock: forUpdate && !isRehearsing ? " FOR UPDATE" : "")
                }
            }
        }
        let found = try monsters(from: rows, ids: ids, readingAs: keys)
        // A row the keys found whose name no longer reads so: another
        // program renamed it and left its key, yet the count says every
        // key was checked (a history entry written and deleted, planted
        // transaction ids: issue 23's H3b). The keys are derived again and
        // the lookup made again, or the names compared; the row is never
        // taken by its stale key.
        let foundKeys = Set(found.monsters.map { MonsterRules.nameKey($0.name) })
        let missed = found.stale ? [] : spelled.filter { MonsterRules.id(in: $0) == nil && !foundKeys.contains(MonsterRules.nameKey($0)) }
        guard found.stale || !missed.isEmpty else { return found.monsters }
        if !found.stale {
            let wanted = Set(keys)
            let renamed = try run("""
                SELECT \(PostgresMonsterTable.columns) FROM roster.monster
                WHERE lower(name) = ANY(ARRAY(SELECT lower(s) FROM unnest($1::text[]) AS s)) ORDER BY id
                """, [Self.arrayLiteral(missed)]).rows
                .map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
                .filter { wanted.contains(MonsterRules.nameKey($0.name)) }
            guard !renamed.isEmpty else { return found.monsters }
        }
        if try correctNameKeys() { return try monsters(from: try run(lookup.sql, lookup.parameters).rows, ids: ids, readingAs: keys).monsters }
        return try monstersComparingNames(ids: ids, readingAs: keys, lock: forUpdate && !isRehearsing ? " FOR UPDATE" : "")
    }

    /// `query` with its `name=` and `name!=` conditions made conditions
    /// on the ids those names mean (`MonsterQuery.resolvingNames`), locked
    /// for the write under way when `forUpdate`.
    func resolvingNames(_ query: MonsterQuery, forUpdate: Bool = false) throws -> MonsterQuery {
        try query.resolvingNames { try monsters(ids: [], readingAs: [MonsterRules.nameKey($0)], spelled: [$0], forUpdate: forUpdate) }
    }

    /// Whether the stored keys can be trusted: "t" when every key was
    /// checked since the last outside write (see `PostgresSchema.nameKeysChecked`).
    var nameKeysCheck: BoundStatement { BoundStatement(PostgresSchema.nameKeysChecked, [String(NameFolding.revision)]) }

    /// The statement `monsters(ids:readingAs:forUpdate:)` reads with,
    /// trusting the stored keys. `forUpdate` locks the rows for the write
    /// under way.
    func lookupStatement(ids: [Int64], readingAs keys: [String], forUpdate: Bool) -> BoundStatement {
        let lock = forUpdate && !isRehearsing ? " FOR UPDATE" : ""
        // The keys' monsters, their shadows too (a newline, then the id:
        // below \u{0B}).
        if ids.isEmpty, keys.count == 1 {
            // One name, the usual command: a range of the key's index. A
            // new server process plans the general form below (arrays, a
            // join, a subquery) in about 1 ms more.
            return BoundStatement("""
                SELECT \(PostgresMonsterTable.columns) FROM roster.monster
                WHERE name_key >= $1::text COLLATE "C" AND name_key < ($1::text || chr(11)) COLLATE "C"
                ORDER BY id\(lock)
                """, [keys[0]])
        }
        // Gathered first, then read with the ids by the primary key.
        return BoundStatement("""
            SELECT \(PostgresMonsterTable.columns) FROM roster.monster
            WHERE id = ANY($1::bigint[] || ARRAY(SELECT m.id FROM unnest($2::text[]) AS k(key) JOIN roster.monster m
                ON m.name_key >= k.key COLLATE "C" AND m.name_key < (k.key || chr(11)) COLLATE "C"))
            ORDER BY id\(lock)
            """, ["{" + ids.map(String.init).joined(separator: ",") + "}", Self.arrayLiteral(keys)])
    }

    /// The monsters among `rows` (read by `lookupStatement`) that one of
    /// `ids` names or whose name reads as one of `keys`, and whether a row
    /// was dropped: one the keys found though its name reads otherwise.
    func monsters(from rows: [[String?]], ids: [Int64], readingAs keys: [String]) throws -> (monsters: [Monster], stale: Bool) {
        let wanted = Set(keys)
        // A set: `set-weapon --where` asks for 200,000 ids, and looking
        // each row up in the array took minutes.
        let wantedIDs = Set(ids)
        var stale = false
        let found = try rows.compactMap { (row) throws -> Monster? in
            let monster = try PostgresMonsterTable.monster(from: row)
            if wantedIDs.contains(monster.id) || wanted.contains(MonsterRules.nameKey(monster.name)) { return monster }
            // Found by a key its name does not give.
            stale = true
            return nil
        }
        return (found, stale)
    }

    /// Makes every key right, when the roster can be written: in the write
    /// under way, or in one of its own outside a transaction. False when it
    /// cannot be (a reader, a dry run, a read's snapshot, an old schema).
    /// For a filter on names (`--where name=…`): nil when the stored keys
    /// can be trusted (corrected first where this role may write), else
    /// the ids whose names meet the query's name conditions, found by
    /// comparing names, for `QuerySQL` to match instead of the keys.
    func namesMatchedByComparing(_ query: MonsterQuery) throws -> [Int64]? {
        guard query.hasNameCondition else { return nil }
        if schemaVersion >= 6, try run(PostgresSchema.nameKeysChecked, [String(NameFolding.revision)]).firstValue == "t" { return nil }
        if try correctNameKeys() { return nil }
        var ids: [Int64] = []
        try connection.query(rehearsed("SELECT id, name FROM roster.monster ORDER BY id")) { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1] else { return }
            if query.nameConditionsHold(for: name) { ids.append(id) }
        }
        return ids
    }

    func correctNameKeys() throws -> Bool {
        guard schemaVersion >= 6, !isRehearsing else { return false }
        if isWriting {
            try rederiveNameKeys()
            return true
        }
        guard connection.transactionStatus == .idle else { return false }
        let corrected = Result { () throws(RosterError) in try write { try rederiveNameKeys() } }
        if case .failure(let error) = corrected {
            if Self.isPermissionRefusal(error) { return false }
            throw error
        }
        return true
    }

    /// Inside a write: re-derives the keys another program may have left
    /// wrong, when the count says one did. For a write that finds monsters
    /// by key without a lookup (an import).
    func correctNameKeysIfStale() throws {
        guard schemaVersion >= 6, isWriting,
              try run(PostgresSchema.nameKeysChecked, [String(NameFolding.revision)]).firstValue != "t" else { return }
        try rederiveNameKeys()
    }

    /// Inside a write, under the write lock: notes the count first, which
    /// locks the marker's row, so that another program's write that ends
    /// meanwhile counts after it and is checked next time; then derives
    /// every key again and writes the ones that differ.
    private func rederiveNameKeys() throws {
        try run(Self.noteNameKeysChecked, [String(NameFolding.revision)])
        var stale: [(id: Int64, key: String)] = []
        try connection.query("SELECT id, name, name_key FROM roster.monster ORDER BY id") { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let stored = row[2] else { return }
            let key = MonsterRules.nameKey(name)
            if stored != key && stored != NameRekeying.shadowKey(key, id: id) { stale.append((id, key)) }
        }
        guard !stale.isEmpty else { return }
        let ids = "{" + stale.map { String($0.id) }.joined(separator: ",") + "}"
        // Out of the way first, so that no new key meets an old one about
        // to change (a swap of two names).
        try run("UPDATE roster.monster SET name_key = chr(10) || id WHERE id = ANY($1::bigint[])", [ids])
        var taken = Set(try run("SELECT name_key FROM roster.monster WHERE name_key = ANY($1::text[])",
                                [Self.arrayLiteral(stale.map(\.key))]).rows.compactMap { $0.first ?? nil })
        let keys = stale.map { taken.insert($0.key).inserted ? $0.key : NameRekeying.shadowKey($0.key, id: $0.id) }
        try run("UPDATE roster.monster AS m SET name_key = v.key FROM unnest($1::bigint[], $2::text[]) AS v(id, key) WHERE m.id = v.id",
                [ids, Self.arrayLiteral(keys)])
        // Since schema 8 a setting no longer passes these writes as
        // roster's, and they write no history entry: they count as an
        // outside write, counted now and noted, or every lookup after
        // would find the keys unchecked and derive them again.
        guard schemaVersion >= 8 else { return }
        for statement in PostgresSchema.countUnrecordedWritesNow { later(statement) }
        try run(Self.noteNameKeysChecked, [String(NameFolding.revision)])
    }

    /// `monsters(ids:readingAs:)` without trusting a key: every name read
    /// and folded here, for a roster whose keys cannot be corrected now.
    private func monstersComparingNames(ids: [Int64], readingAs keys: [String], lock: String) throws -> [Monster] {
        let wanted = Set(keys)
        var found: [Monster] = []
        try connection.query(rehearsed(PostgresMonsterTable.selectAll)) { row in
            let monster = try PostgresMonsterTable.monster(from: row)
            if ids.contains(monster.id) || wanted.contains(MonsterRules.nameKey(monster.name)) { found.append(monster) }
        }
        guard !lock.isEmpty, !found.isEmpty else { return found }
        return try run("SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id = ANY($1::bigint[]) ORDER BY id" + lock,
                       ["{" + found.map { String($0.id) }.joined(separator: ",") + "}"])
            .rows.map { (row) throws(RosterError) in try PostgresMonsterTable.monster(from: row) }
    }
}
