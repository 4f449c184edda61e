import PostgresWire

/// A name's key (`name_key`, how the name reads: see `NameFolding`) is
/// roster's own derivation, and another program writing `roster.monster`
/// straight in SQL (psql) neither knows nor keeps it: it may insert
/// `Twin-Bot` beside roster's `twin-bot` with a key of its own making, or
/// rename a monster and leave the old key. Trusted as stored, such a key
/// finds the wrong monster, or none, and lets a name be added twice.
///
/// So, as in the file (`NameKeyCheck`), every row holds the name its key
/// was derived from (`keyed_name`, schema 11), written by roster with
/// every key and left as it was (or NULL) by other programs; the partial
/// index `monster_stale_key` holds the rows where it is not the name. The
/// check rides with the lookup's own statement (one round trip): a probe
/// of that index, and the fold's revision (`keys_fold`). When it fails, a
/// write derives those rows' keys again in its transaction, under the
/// write lock; a read does so in a write of its own; a role that may only
/// read, or a dry run, folds those few rows here and trusts the others'
/// keys. Two names that then read alike keep both monsters, the later
/// keyed by its id (`NameRekeying.shadowKey`), and `MonsterRules.oneMonster`
/// says which one a name means: the exact spelling, else a refusal naming
/// both. A schema older than 11 (a role that may not migrate it) has no
/// `keyed_name`: there the count of outside writes (schema 6) says when
/// every key must be derived again, or every name compared.
extension PostgresRosterStore {
    /// Whether the schema keeps the name each key was derived from.
    var keyedNames: Bool { schemaVersion >= 11 }

    /// Every monster named by one of `ids`, or whose name reads as one of
    /// `keys` (the ones another program made read alike too), by id.
    /// `forUpdate` locks them for the write under way.
    func monsters(ids: [Int64], readingAs keys: [String], forUpdate: Bool) throws -> [Monster] {
        let lookup = lookupStatement(ids: ids, readingAs: keys, forUpdate: forUpdate)
        let lock = forUpdate && !isRehearsing ? " FOR UPDATE" : ""
        var rows: [[String?]]
        if keys.isEmpty {
            rows = try run(lookup.sql, lookup.parameters).rows
        } else {
            // The check is made for the schema the marker finds, read
            // with the first request: an older one has no `keyed_name`.
            let queued = pending
            let results = try runBatch(queued + [nameKeysCheck, lookup], rebuilt: { queued + [self.nameKeysCheck, lookup] })
            rows = results.last?.rows ?? []
            if results[results.count - 2].firstValue != "t" {
                if try correctNameKeys() {
                    rows = try run(lookup.sql, lookup.parameters).rows
                } else if let stale = try staleKeyedRows() {
                    // Found by their folded names, the others by their keys.
                    let staleIDs = Set(stale.map(\.id))
                    let wanted = Set(keys)
                    let named = stale.filter { wanted.contains(MonsterRules.nameKey($0.name)) }.map(\.id)
                    func id(_ row: [String?]) -> Int64 { (row.first ?? nil).flatMap { Int64($0) } ?? 0 }
                    rows = rows.filter { !staleIDs.contains(id($0)) }
                    if !named.isEmpty {
                        let select = "SELECT \(PostgresMonsterTable.columns) FROM roster.monster WHERE id = ANY($1::bigint[]) ORDER BY id" + lock
                        rows += try run(select, ["{" + named.map(String.init).joined(separator: ",") + "}"]).rows
                        rows.sort { id($0) < id($1) }
                    }
                } else {
                    return try monstersComparingNames(ids: ids, readingAs: keys, lock: lock)
                }
            }
        }
        let found = try monsters(from: rows, ids: ids, readingAs: keys)
        // A row the keys found whose name does not read so: a program that
        // writes `name_key` itself (and `keyed_name` with it, or on a
        // schema without it) left a key no name gives. Every key is derived
        // again and the lookup made again, or the names compared; the row
        // is never taken by a wrong key.
        guard found.stale else { return found.monsters }
        if try correctNameKeys(all: true) { return try monsters(from: try run(lookup.sql, lookup.parameters).rows, ids: ids, readingAs: keys).monsters }
        return try monstersComparingNames(ids: ids, readingAs: keys, lock: lock)
    }

    /// `query` with its `name=` and `name!=` conditions made conditions
    /// on the ids those names mean (`MonsterQuery.resolvingNames`), locked
    /// for the write under way when `forUpdate`.
    func resolvingNames(_ query: MonsterQuery, forUpdate: Bool = false) throws -> MonsterQuery {
        try query.resolvingNames { try monsters(ids: [], readingAs: [MonsterRules.nameKey($0)], forUpdate: forUpdate) }
    }

    /// Whether the stored keys can be trusted: "t" when no row's name is
    /// other than the one its key was derived from (`PostgresSchema.keyedNamesChecked`),
    /// or, on a schema without `keyed_name`, when every key was checked
    /// since the last outside write (`PostgresSchema.nameKeysChecked`).
    var nameKeysCheck: BoundStatement {
        BoundStatement(keyedNames ? PostgresSchema.keyedNamesChecked : PostgresSchema.nameKeysChecked, [String(NameFolding.revision)])
    }

    /// The rows whose keys may be stale, on a roster whose keys were
    /// derived by today's fold and which keeps `keyed_name`; nil when every
    /// key is in doubt (another fold, an older schema).
    /// `locking` locks them for the write under way, read as they lock;
    /// `forced` reads them whatever the fold.
    func staleKeyedRows(locking: Bool = false, forced: Bool = false) throws -> [NameRekeying.Keyed]? {
        guard keyedNames else { return nil }
        if !forced, try run("SELECT keys_fold = $1 FROM roster.roster_schema", [String(NameFolding.revision)]).firstValue != "t" { return nil }
        var stale: [NameRekeying.Keyed] = []
        try connection.query(rehearsed(PostgresSchema.selectStaleKeyed + (locking && !isRehearsing ? " FOR UPDATE" : ""))) { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let key = row[2] else { return }
            stale.append(NameRekeying.Keyed(id: id, name: name, storedKey: key))
        }
        return stale
    }

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
                AND (name_key = $1::text OR name_key = $1::text || chr(10) || id)
                ORDER BY id\(lock)
                """, [keys[0]])
        }
        // Gathered first, then read with the ids by the primary key.
        return BoundStatement("""
            SELECT \(PostgresMonsterTable.columns) FROM roster.monster
            WHERE id = ANY($1::bigint[] || ARRAY(SELECT m.id FROM unnest($2::text[]) AS k(key) JOIN roster.monster m
                ON m.name_key >= k.key COLLATE "C" AND m.name_key < (k.key || chr(11)) COLLATE "C"
                AND (m.name_key = k.key OR m.name_key = k.key || chr(10) || m.id)))
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

    /// For a filter on names (`--where name~…`): nil when the stored keys
    /// can be trusted (corrected first where this role may write), else
    /// the ids whose names meet the query's name conditions, for `QuerySQL`
    /// to match instead of the keys: by their keys for the rows whose keys
    /// are right, by their names folded here for the few that may be
    /// stale (or for every row, where every key is in doubt).
    /// A sort by name alone has the keys corrected where this role may
    /// write (one probe when none is stale), else trusts them.
    func namesMatchedByComparing(_ query: MonsterQuery) throws -> [Int64]? {
        guard query.hasNameCondition else {
            if query.sortsByName, try runVersioned({ nameKeysCheck }).firstValue != "t", schemaVersion >= 6 {
                _ = try correctNameKeys()
            }
            return nil
        }
        if try runVersioned({ nameKeysCheck }).firstValue == "t" && schemaVersion >= 6 { return nil }
        if try correctNameKeys() { return nil }
        if let stale = try staleKeyedRows() {
            let names = MonsterQuery(conditions: query.conditions.filter { $0.field == .name })
            let staleKeys = QuerySQL.StaleKeys(ids: stale.map(\.id), matching: stale.filter { names.nameConditionsHold(for: $0.name) }.map(\.id),
                                               all: false)
            let select = QuerySQL(selecting: "id", from: "roster.monster", names, .postgres, staleKeys: staleKeys)
            return try run(select.sql, select.parameters.map(\.text)).rows.compactMap { ($0.first ?? nil).flatMap { Int64($0) } }
        }
        var ids: [Int64] = []
        try connection.query(rehearsed("SELECT id, name FROM roster.monster ORDER BY id")) { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1] else { return }
            if query.nameConditionsHold(for: name) { ids.append(id) }
        }
        return ids
    }

    /// For a sort by name, after `namesMatchedByComparing` corrected the
    /// keys where this role may: none when the stored keys can be trusted;
    /// else the keys the names of the rows whose keys may be stale give
    /// now (every row's, where every key is in doubt), by id, for
    /// `QuerySQL` to sort those rows by, as the name filter folds them.
    func keysSortingStaleRows(_ query: MonsterQuery) throws -> [(id: Int64, key: String)] {
        guard query.sortsByName else { return [] }
        if try runVersioned({ nameKeysCheck }).firstValue == "t" && schemaVersion >= 6 { return [] }
        if let stale = try staleKeyedRows() { return stale.map { ($0.id, MonsterRules.nameKey($0.name)) } }
        var keys: [(id: Int64, key: String)] = []
        try connection.query(rehearsed("SELECT id, name FROM roster.monster ORDER BY id")) { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1] else { return }
            keys.append((id, MonsterRules.nameKey(name)))
        }
        return keys
    }

    /// Makes the keys right, when the roster can be written: in the write
    /// under way, or in one of its own outside a transaction; those of the
    /// rows another program wrote, or with `all` every one. False when it
    /// cannot be (a reader, a dry run, a read's snapshot, an old schema).
    func correctNameKeys(all: Bool = false) throws -> Bool {
        guard schemaVersion >= 6, !isRehearsing else { return false }
        if isWriting {
            try rederiveNameKeys(all: all)
            return true
        }
        guard connection.transactionStatus == .idle else { return false }
        // A write of its own, which no history entry covers: counted as an
        // outside write, and stamped with nobody (schema 13), since it
        // follows another program's.
        let corrected = Result { () throws(RosterError) in
            try write {
                _ = try run("SET LOCAL roster.rekeying = 'on'")
                try rederiveNameKeys(all: all)
            }
        }
        if case .failure(let error) = corrected {
            if Self.isPermissionRefusal(error) { return false }
            throw error
        }
        return true
    }

    /// Inside a write: derives again the keys another program may have
    /// left wrong. For a write that finds monsters by key without a lookup
    /// (an import).
    func correctNameKeysIfStale() throws {
        guard isWriting, try runVersioned({ nameKeysCheck }).firstValue != "t", schemaVersion >= 6 else { return }
        try rederiveNameKeys()
    }

    /// Inside a write, under the write lock: derives again the keys of the
    /// rows whose names are not those their keys were derived from (every
    /// row's, with `all`, for another fold, or on a schema without
    /// `keyed_name`) and writes the ones that differ, each with its name
    /// as the one it was derived from; and notes the keys checked.
    ///
    /// Locks are taken rows first, then the marker's row: another
    /// program's transaction that renamed one of these rows takes the
    /// marker's row as it commits (its trigger counts the write), so
    /// taking the marker first would deadlock with it, and lose its
    /// rename. The rows are read again as they lock, the outside rename
    /// committed. On a schema without `keyed_name` the count is what says
    /// which writes were checked: there the marker is noted first, so
    /// that a write that ends meanwhile counts after it.
    private func rederiveNameKeys(all: Bool = false) throws {
        if !pending.isEmpty { _ = try runBatch(pending) }
        if !keyedNames { try run(Self.noteNameKeysChecked, [String(NameFolding.revision)]) }
        let lockedStale = all ? nil : try staleKeyedRows(locking: true)
        var checked: [NameRekeying.Keyed] = lockedStale ?? []
        if lockedStale == nil {
            try connection.query("SELECT id, name, name_key FROM roster.monster ORDER BY id") { row in
                guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let stored = row[2] else { return }
                checked.append(NameRekeying.Keyed(id: id, name: name, storedKey: stored))
            }
        }
        var stale = Self.staleKeys(checked)
        var keyedStale: [Int64] = lockedStale?.map(\.id) ?? []
        if lockedStale == nil, keyedNames {
            // The rows to write, locked and read again as they lock.
            let lockedKeyed = try staleKeyedRows(locking: true, forced: true) ?? []
            keyedStale = lockedKeyed.map(\.id)
            let differing = Set(stale.map(\.row.id)).subtracting(keyedStale)
            let select = "SELECT id, name, name_key FROM roster.monster WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE"
            let locked = differing.isEmpty ? [] : try run(select, ["{" + differing.map(String.init).joined(separator: ",") + "}"]).rows
                .compactMap { row -> NameRekeying.Keyed? in
                    guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let stored = row[2] else { return nil }
                    return NameRekeying.Keyed(id: id, name: name, storedKey: stored)
                }
            let relocked = differing.union(keyedStale)
            stale = Self.staleKeys(checked.filter { !relocked.contains($0.id) } + lockedKeyed + locked)
        }
        if keyedNames { try run(Self.noteNameKeysChecked, [String(NameFolding.revision)]) }
        if !stale.isEmpty {
            var holders: [String: Int64] = [:]
            for row in try run("SELECT name_key, id FROM roster.monster WHERE name_key = ANY($1::text[])",
                               [Self.arrayLiteral(stale.map(\.key))]).rows {
                if let key = row[0], let id = row[1].flatMap({ Int64($0) }) { holders[key] = id }
            }
            let keys = NameRekeying.newKeys(stale) { holders[$0] }
            // A shadow key another row holds (one another program wrote
            // with its `keyed_name`, so not among these): every key is
            // derived again, as the file does, not a raw refusal of a
            // duplicate key.
            let staleIDs = Set(stale.map(\.row.id))
            let shadows = zip(stale, keys.keys).filter { $0.0.key != $0.1 }.map(\.1)
            if !all, !shadows.isEmpty, try run("SELECT 1 FROM roster.monster WHERE name_key = ANY($1::text[]) AND NOT id = ANY($2::bigint[]) LIMIT 1",
                                              [Self.arrayLiteral(shadows), Self.idArray(staleIDs)]).rows.count > 0 {
                return try rederiveNameKeys(all: true)
            }
            // One write a row, key and name together. Only a row holding
            // the key another of them gets (a swap of two names) is moved
            // out of the way first, so that no new key meets an old one
            // about to change; its `keyed_name` goes with it, as the key is
            // no name's (schema 12's trigger then has nothing to mark).
            if !keys.inTheWay.isEmpty {
                let forget = keyedNames ? ", keyed_name = NULL" : ""
                try run("UPDATE roster.monster SET name_key = chr(10) || id\(forget) WHERE id = ANY($1::bigint[])", [Self.idArray(keys.inTheWay)])
            }
            try run("""
                UPDATE roster.monster AS m SET name_key = v.key\(keyedNames ? ", keyed_name = m.name" : "")
                FROM unnest($1::bigint[], $2::text[]) AS v(id, key) WHERE m.id = v.id
                """, [Self.idArray(stale.map(\.row.id)), Self.arrayLiteral(keys.keys)])
            keyedStale.removeAll { staleIDs.contains($0) }
        }
        if keyedNames, !keyedStale.isEmpty {
            // By id: the planner cannot tell how few rows differ, and would scan.
            try run("UPDATE roster.monster SET keyed_name = name WHERE id = ANY($1::bigint[]) AND keyed_name IS DISTINCT FROM name",
                    [Self.idArray(keyedStale)])
        }
        // On schemas 8 to 10 a setting no longer passes these writes as
        // roster's, and they write no history entry: they count as an
        // outside write, counted now and noted, or every lookup after
        // would find the keys unchecked and derive them again. Since
        // schema 11 the count is not what says so: a write's own entry
        // covers them, and a read's write of its own counts once.
        guard schemaVersion >= 8, !keyedNames, !stale.isEmpty else { return }
        for statement in PostgresSchema.countUnrecordedWritesNow { later(statement) }
        try run(Self.noteNameKeysChecked, [String(NameFolding.revision)])
    }

    /// The rows among `checked` whose stored key is neither the key their
    /// name gives nor its shadow, with the key it gives, by id (the lowest
    /// id of two that read alike gets the plain key).
    private static func staleKeys(_ checked: [NameRekeying.Keyed]) -> [NameRekeying.Stale] {
        checked.sorted { $0.id < $1.id }.compactMap { row in
            let key = MonsterRules.nameKey(row.name)
            return NameRekeying.isKeyed(row.storedKey, as: key, id: row.id) ? nil : (row, key)
        }
    }

    /// Ids as a PostgreSQL array literal, for `$n::bigint[]`.
    private static func idArray<S: Sequence<Int64>>(_ ids: S) -> String {
        "{" + ids.map(String.init).joined(separator: ",") + "}"
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
