/// `name~…` is matched in SQL by the stored keys (`name=` and `name!=`
/// are made ids first, see `MonsterQuery.resolvingNames`). Another program
/// can rename a monster, leave its key, and mark every key checked (issue
/// 23's H3b: a history entry written and deleted in its transaction,
/// planted transaction ids, `keys_checked` set by sqlite3). So each row
/// the keys match is checked again as it streams: its name's key now must
/// be the key it is stored under. Only matched rows are folded, so a
/// filter over a million rows still streams.
///
/// A row whose key is stale is never passed on. After the rows, if there
/// was one, the store finds every row whose key is stale and whose name
/// meets the conditions now (`staleRowsMatching`), corrects the keys where
/// it may write, and reads those rows in a second pass, by id: the monster
/// named so now is found, after the others.
struct NameRecheck {
    /// The trailing columns a checked reading adds: the name and its stored key.
    static let columns = "name, name_key"

    /// Whether a reading of `query` needs the check: it filters by name
    /// through the stored keys.
    static func needed(for query: MonsterQuery) -> Bool { query.hasNameCondition }

    /// Whether a row was dropped for a stale key.
    private(set) var foundStale = false
    /// The folded texts `name~` asks for: a row the stored name matched
    /// (ignoring case, `QuerySQL`'s `checkingNames`) whose right key holds
    /// one not is dropped.
    private var contained: [String] = []

    init(_ query: MonsterQuery) {
        contained = query.conditions.compactMap { condition in
            guard condition.field == .name, condition.comparison == .contains, case .text(let text) = condition.value else { return nil }
            return MonsterRules.nameKey(text)
        }
    }

    /// Whether `storedKey` is what `name` gives now (the key itself, or
    /// the key then a newline and the id, for a look-alike pair's second).
    static func keyIsRight(name: String, storedKey: String) -> Bool {
        let key = MonsterRules.nameKey(name)
        guard storedKey.utf8.starts(with: key.utf8) else { return false }
        let rest = storedKey.utf8.dropFirst(key.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "\n")
    }

    /// Whether the row may be passed on; notes a stale one.
    mutating func admits(name: String, storedKey: String) -> Bool {
        if Self.keyIsRight(name: name, storedKey: storedKey) {
            let plain = storedKey.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return contained.allSatisfy { $0.isEmpty || plain.contains($0) }
        }
        foundStale = true
        return false
    }
}
