import PostgresWire

/// A filter by name on the server, its matches checked against their
/// names as they stream (`NameRecheck`): a key a program wrote itself
/// that its name does not give never passes a row on, and the rows such
/// keys hid are read after, by id. (Keys left stale by a rename are
/// derived again before the reading: `PostgresRosterStore+NameKeys`.) Only matched rows
/// are folded, so `--where name~…` over a million rows still streams.
extension PostgresRosterStore {
    /// Calls `body` with each row `query` matches, `count` columns of
    /// `columns` first and the check's three after them; then with the rows
    /// stale keys hid (those have only `columns`). `forUpdate` locks them.
    func forEachCheckedRow(matching query: MonsterQuery, columns: String, count: Int, forUpdate: Bool = false,
                           _ body: (DataRowBytes) throws -> Void) throws {
        let select = QuerySQL(selecting: columns + ", " + NameRecheck.columns, from: "roster.monster", query, .postgres,
                              forUpdate: forUpdate)
        var check = NameRecheck()
        try connection.query(rehearsed(select.sql), select.parameters.map(\.text), eachRowBytes: { row in
            guard row.count == count + 3,
                  let id = Int64(String(decoding: row.bytes(count), as: UTF8.self)) else { throw RosterError.damaged(path: "a row of roster.monster") }
            let name = String(decoding: row.bytes(count + 1), as: UTF8.self)
            if check.admits(id: id, name: name, storedKey: String(decoding: row.bytes(count + 2), as: UTF8.self)) { try body(row) }
        })
        guard check.foundStale else { return }
        let hidden = try staleRowsMatching(query)
        guard !hidden.isEmpty else { return }
        let again = QuerySQL(selecting: columns, from: "roster.monster", query, .postgres, namesMatchedBy: hidden, forUpdate: forUpdate)
        try connection.query(rehearsed(again.sql), again.parameters.map(\.text), eachRowBytes: body)
    }

    /// The ids of the rows whose stored keys are stale and whose names now
    /// meet `query`'s name conditions; the keys are corrected meanwhile
    /// where this role may write.
    private func staleRowsMatching(_ query: MonsterQuery) throws -> [Int64] {
        var hidden: [Int64] = []
        try connection.query(rehearsed("SELECT id, name, name_key FROM roster.monster ORDER BY id")) { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1], let key = row[2] else { return }
            if !NameRecheck.keyIsRight(name: name, storedKey: key, id: id), query.nameConditionsHold(for: name) { hidden.append(id) }
        }
        _ = try correctNameKeys(all: true)
        return hidden
    }
}

extension DataRowBytes {
    /// The first `count` columns as text, NULL as nil: a row as
    /// `PostgresMonsterTable.monster(from:)` reads one.
    func texts(_ count: Int) -> [String?] {
        (0..<count).map { isNull($0) ? nil : String(decoding: bytes($0), as: UTF8.self) }
    }
}
