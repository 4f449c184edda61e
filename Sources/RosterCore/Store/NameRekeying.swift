/// Schema 4: every stored name keyed by `MonsterRules.nameKey` as it
/// now folds (see `NameFolding`), in the monster table and in the
/// rosters kept for undoing imports, inside the migration's transaction.
///
/// Names that were two monsters under the old key (lower case alone) may
/// now read as one: `Café` in NFC and in NFD. Neither is lost or renamed.
/// The lower id keeps the name's key; each later one gets its key with a
/// newline and its id after it, which no name can produce (names hold no
/// newline), so its id still finds it, `list` and `export` still show it,
/// and it can be renamed. The store tells of these once, after migrating.
enum NameRekeying {
    /// A monster whose name now reads as an older monster's.
    struct Collision: Sendable, Equatable {
        let id: Int64
        let name: String
        let keptID: Int64
        let keptName: String
    }

    static func shadowKey(_ key: String, id: Int64) -> String { key + "\n" + String(id) }

    /// Whether `storedKey` is `key`, or the row's shadow of it, byte for
    /// byte, as the index compares them: a key another program wrote in
    /// another normal form (NFD) is canonically equivalent to the name's,
    /// so String's `==` would keep it, and no lookup would ever find it.
    static func isKeyed(_ storedKey: String, as key: String, id: Int64) -> Bool {
        storedKey.utf8.elementsEqual(key.utf8) || storedKey.utf8.elementsEqual(shadowKey(key, id: id).utf8)
    }

    /// A row whose stored key its name does not give, and the key it gives.
    typealias Stale = (row: Keyed, key: String)

    /// The keys `stale` (by id) get: each the key its name gives, or,
    /// where a row outside them holds it or a lower id of them gets it,
    /// its shadow; and the ids of those of them whose stored key another
    /// of them gets, which must be moved out of the way before it is
    /// written. `holder` finds the row holding a key now.
    static func newKeys(_ stale: [Stale], holder: (String) throws -> Int64?) rethrows -> (keys: [String], inTheWay: [Int64]) {
        let staleIDs = Set(stale.map(\.row.id))
        var given = Set<[UInt8]>()
        let keys = try stale.map { row, key in
            let heldOutside = try holder(key).map { !staleIDs.contains($0) } ?? false
            let chosen = heldOutside || given.contains(Array(key.utf8)) ? shadowKey(key, id: row.id) : key
            given.insert(Array(chosen.utf8))
            return chosen
        }
        return (keys, stale.filter { given.contains(Array($0.row.storedKey.utf8)) }.map(\.row.id))
    }

    /// Re-keys the names that are not plain ASCII (whose keys did not
    /// change) in `table`, and returns the names that now collide.
    @discardableResult
    static func rekey(_ table: String, in database: Database) throws -> [Collision] {
        let rows = try database.prepare("SELECT id, name FROM \(table) WHERE name GLOB '*[^ -~]*' ORDER BY id")
            .rows { (id: $0.int(0), name: $0.text(1)) }
        guard !rows.isEmpty else { return [] }
        // Out of the way first, so that no new key meets an old one
        // about to change.
        try database.execute("UPDATE \(table) SET name_key = char(10) || id WHERE name GLOB '*[^ -~]*'")
        let holder = try database.prepare("SELECT id, name FROM \(table) WHERE name_key = ?")
        let update = try database.prepare("UPDATE \(table) SET name_key = ? WHERE id = ?")
        var collisions: [Collision] = []
        for row in rows {
            var key = MonsterRules.nameKey(row.name)
            if let kept = try holder.firstRow([.text(key)], { (id: $0.int(0), name: $0.text(1)) }) {
                collisions.append(Collision(id: row.id, name: row.name, keptID: kept.id, keptName: kept.name))
                key = shadowKey(key, id: row.id)
            }
            try update.run(.text(key), .integer(row.id))
        }
        return collisions
    }

    /// The monsters whose names read as another's, found by their keys.
    static func collisions(in database: Database) throws -> [Collision] {
        let shadowed = try database.prepare("""
            SELECT id, name, substr(name_key, 1, instr(name_key, char(10)) - 1) FROM monster
            WHERE name_key GLOB '*' || char(10) || '*' AND name GLOB '*[^ -~]*' ORDER BY id
            """).rows { (id: $0.int(0), name: $0.text(1), key: $0.text(2)) }
        let holder = try database.prepare("SELECT id, name FROM monster WHERE name_key = ?")
        return try shadowed.compactMap { row in
            guard let kept = try holder.firstRow([.text(row.key)], { (id: $0.int(0), name: $0.text(1)) }) else { return nil }
            return Collision(id: row.id, name: row.name, keptID: kept.id, keptName: kept.name)
        }
    }
}
