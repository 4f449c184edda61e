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
/// So every row holds the name its key was derived from (`keyed_name`,
/// schema 9), which roster writes with every key and other programs leave
/// as it was: a row whose name is not its `keyed_name` (or NULL, a row
/// another program inserted) may hold a stale key, and the partial index
/// `monster_stale_key` finds those rows in one probe, however large the
/// roster. Before any lookup uses the keys, a writer derives those rows'
/// keys again in its write transaction (two names that now read alike
/// keep both monsters, the later one keyed by its id, as schema 4's
/// upgrade does, so both are seen where the name is asked for); a roster
/// that cannot be written now (opened read-only, or inside a read's
/// snapshot) folds those few rows in memory and trusts the others' keys.
/// `keys_fold` is the revision of the fold the keys were derived by
/// (`NameFolding.revision`): a new fold changes every key, so then every
/// row is derived again, or, read-only, every name compared.
extension SQLiteRosterStore {
    /// The rows whose keys may be stale, by id (one probe of `monster_stale_key`).
    static let selectStaleKeyed = "SELECT id, name, name_key FROM monster WHERE keyed_name IS NOT name ORDER BY id"

    /// Whether the keys were derived by today's fold.
    func foldIsCurrent() throws -> Bool {
        try database.cached("SELECT keys_fold = ? FROM monster_changes")
            .firstRow([.integer(NameFolding.revision)]) { $0.int(0) == 1 } ?? true
    }

    /// The rows whose keys another program may have left stale.
    func staleKeyedRows() throws -> [NameRekeying.Keyed] {
        try database.cached(Self.selectStaleKeyed).rows { NameRekeying.Keyed(id: $0.int(0), name: $0.text(1), storedKey: $0.text(2)) }
    }

    /// Whether every stored key can be trusted: one statement, as every
    /// write and lookup asks it.
    func nameKeysAreChecked() throws -> Bool {
        try database.cached("""
            SELECT keys_fold = ? AND NOT EXISTS (SELECT 1 FROM monster WHERE keyed_name IS NOT name) FROM monster_changes
            """).firstRow([.integer(NameFolding.revision)]) { $0.int(0) == 1 } ?? true
    }

    /// Inside a write transaction: derives again the keys of the rows
    /// another program wrote (every key, for a new fold).
    func rederiveNameKeysIfNeeded() throws {
        guard try !nameKeysAreChecked() else { return }
        guard try foldIsCurrent() else {
            try NameRekeying.rederive(try database.prepare(NameRekeying.selectAll).rows([], NameRekeying.Keyed.init(row:)), in: database)
            try noteNameKeysChecked()
            return
        }
        let stale = try staleKeyedRows()
        guard !stale.isEmpty else { return }
        try NameRekeying.rederive(stale, in: database)
    }

    /// Inside a write transaction whose keys are all right: notes the
    /// fold that derived them. Writes nothing when it is already noted
    /// (a change that changed nothing stays one).
    func noteNameKeysChecked() throws {
        try database.cached("UPDATE monster_changes SET keys_fold = ?1 WHERE keys_fold != ?1").run(.integer(NameFolding.revision))
    }

    /// Before a lookup by name: corrects the keys when they need it and
    /// the roster can be written now. Returns whether every stored key can
    /// be trusted.
    func checkNameKeys() throws -> Bool {
        if try nameKeysAreChecked() { return true }
        guard !database.isReadOnly, !database.isInTransaction else { return false }
        try database.writeTransaction { try rederiveNameKeysIfNeeded() }
        return true
    }

    /// For a filter on names (`--where name~…`) on a roster whose keys
    /// cannot be corrected now: nil when the stored keys can be trusted
    /// (corrected first where the roster can be written); else the rows
    /// whose keys may be stale, and those of them whose names meet the
    /// query's name conditions, folded here, for `QuerySQL` to match
    /// instead of their keys. `all` when every key is in doubt (a new fold).
    /// A sort by name alone has the keys corrected where they can be (one
    /// probe when none is stale), else trusts them.
    func staleKeysMatching(_ query: MonsterQuery) throws -> QuerySQL.StaleKeys? {
        if query.sortsByName, !query.hasNameCondition { _ = try checkNameKeys() }
        guard query.hasNameCondition, !(try checkNameKeys()) else { return nil }
        let rows = try foldIsCurrent() ? staleKeyedRows() : database.cached(NameRekeying.selectAll).rows([], NameRekeying.Keyed.init(row:))
        return QuerySQL.StaleKeys(ids: rows.map(\.id), matching: rows.filter { query.nameConditionsHold(for: $0.name) }.map(\.id),
                                  all: !(try foldIsCurrent()))
    }

    /// Every monster whose current name reads as `key` (look-alikes
    /// another program made too), by id. The rows whose keys may be stale
    /// are derived again first, or, where the roster cannot be written
    /// now, folded here instead of trusted. The rows the keys find are
    /// re-checked by their names too: a program that writes `name_key`
    /// itself (and `keyed_name` with it) can leave a key no name gives; a
    /// row found so means the keys are wrong: every key is derived again
    /// and the lookup made again, or the names compared. Never is a
    /// monster found by a stale key.
    func monstersReadingAs(_ key: String) throws -> [Monster] {
        func byKey() throws -> [Monster] {
            try database.cached(MonsterTable.selectByNameKeyAndShadows)
                .rows([.text(key), .text(key + "\u{0B}")], MonsterTable.monster(from:))
        }
        var found: [Monster]
        if try checkNameKeys() {
            found = try byKey()
        } else {
            guard try foldIsCurrent() else { return try monstersByComparingNames(key) }
            let stale = try staleKeyedRows()
            let staleIDs = Set(stale.map(\.id))
            found = try byKey().filter { !staleIDs.contains($0.id) }
            for row in stale where MonsterRules.nameKey(row.name) == key {
                if let monster = try database.cached(MonsterTable.selectByID).firstRow([.integer(row.id)], MonsterTable.monster(from:)) {
                    found.append(monster)
                }
            }
            found.sort { $0.id < $1.id }
        }
        func readsAsKey(_ monster: Monster) -> Bool { MonsterRules.nameKey(monster.name).utf8.elementsEqual(key.utf8) }
        guard !found.allSatisfy(readsAsKey) else { return found }
        return try correctNameKeysNow() ? byKey().filter(readsAsKey) : monstersByComparingNames(key)
    }

    /// A lookup by `key` found nothing, yet the roster holds a name that
    /// reads so. A row stored under that key, read past the index, means
    /// the file's index disagrees with its rows (a bad disk or copy):
    /// acting on it could lose data, so it is told as damage. Otherwise
    /// a program that writes keys itself left a wrong one beside its name:
    /// every key is derived again, so that the next lookup finds it.
    func lookUpMissed(_ key: String) throws {
        let stored = try database.cached("SELECT count(*) FROM monster NOT INDEXED WHERE name_key >= ?1 AND name_key < ?2")
            .firstRow([.text(key), .text(key + "\u{0B}")]) { $0.int(0) } ?? 0
        if stored > 0 { throw RosterError.damaged(path: path) }
        _ = try correctNameKeysNow()
    }

    /// Derives every key again now, whatever `keyed_name` says, where the
    /// roster can be written: in the write under way, or in a write of
    /// its own outside a transaction. False when it cannot be (a
    /// read-only roster, a read's snapshot).
    func correctNameKeysNow() throws -> Bool {
        guard !database.isReadOnly else { return false }
        func rederiveAll() throws {
            try NameRekeying.rederive(try database.prepare(NameRekeying.selectAll).rows([], NameRekeying.Keyed.init(row:)), in: database)
        }
        if isWriting {
            try rederiveAll()
            return true
        }
        guard !database.isInTransaction else { return false }
        try database.writeTransaction {
            try rederiveAll()
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
    /// A row as the key check reads it.
    struct Keyed {
        let id: Int64
        let name: String
        let storedKey: String

        init(id: Int64, name: String, storedKey: String) {
            self.id = id
            self.name = name
            self.storedKey = storedKey
        }

        init(row: Row) {
            self.init(id: row.int(0), name: row.text(1), storedKey: row.text(2))
        }
    }

    static let selectAll = "SELECT id, name, name_key FROM monster ORDER BY id"

    /// Each row's key as its name gives it now, by id.
    static func folded(_ rows: [Keyed]) -> [Int64: String] {
        Dictionary(rows.map { ($0.id, MonsterRules.nameKey($0.name)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Derives again the keys of `rows` (the rows of the monster table
    /// whose keys may be stale) from their names, and notes each name as
    /// the one its key was derived from. Returns how many keys changed.
    ///
    /// No monster changes as anyone sees it, so the count of changes and
    /// the last one noted (`OutsideChanges`) are left as they were: the
    /// rename another program made stays the change it is told as.
    @discardableResult
    static func rederive(_ rows: [Keyed], in database: Database) throws -> Int {
        let noted = try database.prepare("SELECT count, name, kind FROM monster_changes")
            .firstRow { [SQLValue.integer($0.int(0)), $0.isNull(1) ? .null : .text($0.text(1)), $0.isNull(2) ? .null : .text($0.text(2))] }
        let changed = try rekey(rows, in: database)
        if let noted { try database.prepare("UPDATE monster_changes SET count = ?, name = ?, kind = ?").run(noted) }
        return changed
    }

    private static func rekey(_ rows: [Keyed], in database: Database) throws -> Int {
        var stale: [Stale] = []
        let keyed = try database.prepare("UPDATE monster SET keyed_name = name WHERE id = ? AND keyed_name IS NOT name")
        for row in rows {
            let key = MonsterRules.nameKey(row.name)
            if !isKeyed(row.storedKey, as: key, id: row.id) {
                stale.append((row, key))
            } else {
                try keyed.run(.integer(row.id))
            }
        }
        guard !stale.isEmpty else { return 0 }
        let holder = try database.prepare("SELECT id FROM monster WHERE name_key = ?")
        let keys = try newKeys(stale) { key in try holder.firstRow([.text(key)]) { $0.int(0) } }
        // One write a row, key and name together. Only a row holding the
        // key another of them gets (a swap of two names) is moved out of
        // the way first, so that no new key meets an old one about to change;
        // its `keyed_name` goes with it, as the key is no name's (and schema
        // 10's trigger has nothing to mark).
        let clear = try database.prepare("UPDATE monster SET name_key = char(10) || id, keyed_name = NULL WHERE id = ?")
        for id in keys.inTheWay { try clear.run(.integer(id)) }
        let update = try database.prepare("UPDATE monster SET name_key = ?, keyed_name = name WHERE id = ?")
        for (stale, key) in zip(stale, keys.keys) { try update.run(.text(key), .integer(stale.row.id)) }
        return stale.count
    }
}
