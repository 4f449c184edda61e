/// `name~…` is matched in SQL by the stored keys (`name=` and `name!=`
/// are made ids first, see `MonsterQuery.resolvingNames`), after the keys
/// of the rows another program wrote were derived again (`NameKeyCheck`).
/// A program that writes `name_key` itself can still leave a key no name
/// gives. So each row the keys match is checked again as it streams: its
/// name's key now must be the key it is stored under. Only matched rows
/// are folded, so a filter over a million rows still streams.
///
/// A row whose key is wrong is never passed on. After the rows, if there
/// was one, the store finds every row whose key is wrong and whose name
/// meets the conditions now (`staleRowsMatching`), corrects the keys where
/// it may write, and reads those rows in a second pass, by id.
struct NameRecheck {
    /// The trailing columns a checked reading adds: the id, the name and
    /// its stored key.
    static let columns = "id, name, name_key"

    /// Whether a reading of `query` needs the check: it filters by name
    /// through the stored keys.
    static func needed(for query: MonsterQuery) -> Bool { query.hasNameCondition }

    /// Whether a row was dropped for a wrong key.
    private(set) var foundStale = false

    /// Whether `storedKey` is what `name` gives now, byte for byte: the
    /// key itself, or, for a look-alike pair's second, that row's own
    /// shadow of it (the key, a newline and its id). Another row's shadow
    /// is a key no roster gave this row.
    static func keyIsRight(name: String, storedKey: String, id: Int64) -> Bool {
        NameRekeying.isKeyed(storedKey, as: MonsterRules.nameKey(name), id: id)
    }

    /// Whether the row may be passed on; notes a stale one.
    mutating func admits(id: Int64, name: String, storedKey: String) -> Bool {
        if Self.keyIsRight(name: name, storedKey: storedKey, id: id) { return true }
        foundStale = true
        return false
    }
}
