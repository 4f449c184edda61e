/// A name's key (`name_key`, how the name reads: see `NameFolding`) is
/// roster's own derivation, and other programs that write the monster
/// table (the sqlite3 shell, sqlite-utils) neither know nor keep it.
///
/// Trusted as stored, a key another program left behind found the wrong
/// monster: after Cat-Bot was renamed Kitty-Bot and Dog-Bot renamed
/// Cat-Bot by another program, `remove Cat-Bot` removed Kitty-Bot, `show
/// Kitty-Bot` called the file damaged, and a monster inserted with a key
/// roster did not compute could be added twice.
///
/// So keys are re-derived from the names before any lookup uses them,
/// whenever another program may have written the table: the file counts
/// every write to it (`monster_changes.count`, see `OutsideChanges`), and
/// `keys_checked` (schema 7) is the count at which every key was last
/// found to match its name, `keys_fold` the revision of the fold that
/// derived them (`NameFolding.revision`: a new fold changes keys too).
/// When either differs, the table is read once,
/// every key that is not what its name gives is derived again (in one
/// write transaction; two names that now read alike keep both monsters,
/// the later one keyed by its id, as schema 4's upgrade does), and the
/// count is noted. A roster opened read-only cannot be corrected: its
/// lookups by name then compare names, not stored keys.
extension SQLiteRosterStore {
    /// Whether every key was checked at the table's current count.
    func nameKeysAreChecked() throws -> Bool {
        try database.cached("SELECT count = keys_checked AND keys_fold = ? FROM monster_changes")
            .firstRow([.integer(NameFolding.revision)]) { $0.int(0) == 1 } ?? true
    }

    /// Inside a write transaction: re-derives the keys if another program
    /// may have written the table since they were last checked.
    func rederiveNameKeysIfNeeded() throws {
        guard try !nameKeysAreChecked() else { return }
        try NameRekeying.rederive(in: database)
        try noteNameKeysChecked()
    }

    /// Inside a write transaction whose keys are all right: notes the
    /// count. Writes nothing when it is already noted (a change that
    /// changed nothing stays one).
    func noteNameKeysChecked() throws {
        try database.cached("""
            UPDATE monster_changes SET keys_checked = count, keys_fold = ?1 WHERE keys_checked != count OR keys_fold != ?1
            """).run(.integer(NameFolding.revision))
    }

    /// Before a lookup by name outside a transaction: corrects the keys
    /// when they need it and the roster can be written. Returns whether
    /// the keys can be trusted.
    func checkNameKeys() throws -> Bool {
        if try nameKeysAreChecked() { return true }
        guard !database.isReadOnly, !database.isInTransaction else { return false }
        try database.writeTransaction { try rederiveNameKeysIfNeeded() }
        return true
    }

    /// For a filter on names (`--where name=…`): nil when the stored keys
    /// can be trusted (corrected first where the roster can be written),
    /// else the ids whose names meet the query's name conditions, found by
    /// comparing names, for `QuerySQL` to match instead of the keys.
    func namesMatchedByComparing(_ query: MonsterQuery) throws -> [Int64]? {
        guard query.hasNameCondition else { return nil }
        if try nameKeysAreChecked() { return nil }
        if !database.isInTransaction, try checkNameKeys() { return nil }
        var ids: [Int64] = []
        try database.cached("SELECT id, name FROM monster ORDER BY id").forEachRow { row in
            if query.nameConditionsHold(for: row.text(1)) { ids.append(row.int(0)) }
        }
        return ids
    }

    /// Every monster whose current name reads as `key` (look-alikes
    /// another program made too), by id. The rows the keys find are
    /// re-checked by their names: another program can rename monsters and
    /// leave their keys, then set `keys_checked` as if they were right
    /// (issue 23's H3b). A row whose name no longer reads as its key
    /// means the keys are wrong: they are derived again and the lookup
    /// made again, or, where the roster cannot be written now, the names
    /// are compared instead. Never is a monster found by a stale key.
    ///
    /// A miss is looked at once more when the name was given
    /// (`spelled`): a row spelled so ignoring ASCII case whose key is not
    /// the name's was renamed by another program that left its key (and
    /// said the keys were checked): the keys are derived again, or the
    /// names compared. Only a miss pays for that scan.
    func monstersReadingAs(_ key: String, spelled: String? = nil) throws -> [Monster] {
        guard try checkNameKeys() else { return try monstersByComparingNames(key) }
        func byKey() throws -> [Monster] {
            try database.cached(MonsterTable.selectByNameKeyAndShadows)
                .rows([.text(key), .text(key + "\u{0B}")], MonsterTable.monster(from:))
        }
        let found = try byKey()
        if found.isEmpty, let spelled, MonsterRules.id(in: spelled) == nil {
            let renamed = try database.cached("SELECT \(MonsterTable.columns) FROM monster WHERE name = ? COLLATE NOCASE ORDER BY id")
                .rows([.text(spelled)], MonsterTable.monster(from:))
                .filter { MonsterRules.nameKey($0.name) == key }
            guard !renamed.isEmpty else { return found }
            // A row whose stored key is right, yet the lookup by key missed
            // it: the file's index disagrees with its rows (a bad disk or
            // copy). Acting on it could lose data: told as damage.
            let storedKey = try database.cached("SELECT name_key FROM monster WHERE id = ?")
            for monster in renamed {
                let stored = try storedKey.firstRow([.integer(monster.id)]) { $0.text(0) }
                if stored == key || stored == NameRekeying.shadowKey(key, id: monster.id) { throw RosterError.damaged(path: path) }
            }
            return try correctNameKeysNow() ? byKey() : renamed
        }
        guard found.contains(where: { MonsterRules.nameKey($0.name) != key }) else { return found }
        return try correctNameKeysNow() ? byKey() : monstersByComparingNames(key)
    }

    /// Derives every key again now, whatever the count says, where the
    /// roster can be written: in the write under way, or in a write of
    /// its own outside a transaction. False when it cannot be (a
    /// read-only roster, a read's snapshot).
    func correctNameKeysNow() throws -> Bool {
        guard !database.isReadOnly else { return false }
        if isWriting {
            try NameRekeying.rederive(in: database)
            return true
        }
        guard !database.isInTransaction else { return false }
        try database.writeTransaction {
            try NameRekeying.rederive(in: database)
            try noteNameKeysChecked()
        }
        return true
    }

    /// The monsters whose names read as `key`, found by comparing names:
    /// for a roster whose keys cannot be trusted or corrected.
    func monstersByComparingNames(_ key: String) throws -> [Monster] {
        var found: [Monster] = []
        try database.cached(MonsterTable.selectAll).forEachRow { row in
            guard MonsterRules.nameKey(row.text(1)) == key else { return }
            found.append(try MonsterTable.monster(from: row))
        }
        return found
    }
}

extension NameRekeying {
    /// Re-derives every key in the monster table that is not what its name
    /// gives now. Returns how many changed.
    @discardableResult
    static func rederive(in database: Database) throws -> Int {
        var stale: [(id: Int64, key: String)] = []
        try database.prepare("SELECT id, name, name_key FROM monster ORDER BY id").forEachRow { row in
            let id = row.int(0)
            let key = MonsterRules.nameKey(row.text(1))
            let stored = row.text(2)
            if stored != key && stored != shadowKey(key, id: id) { stale.append((id, key)) }
        }
        guard !stale.isEmpty else { return 0 }
        // Out of the way first, so that no new key meets an old one about
        // to change (a swap of two names).
        let clear = try database.prepare("UPDATE monster SET name_key = char(10) || id WHERE id = ?")
        for row in stale { try clear.run(.integer(row.id)) }
        let holder = try database.prepare("SELECT id FROM monster WHERE name_key = ?")
        let update = try database.prepare("UPDATE monster SET name_key = ? WHERE id = ?")
        for row in stale {
            let taken = try holder.firstRow([.text(row.key)]) { $0.int(0) } != nil
            try update.run(.text(taken ? shadowKey(row.key, id: row.id) : row.key), .integer(row.id))
        }
        return stale.count
    }
}
