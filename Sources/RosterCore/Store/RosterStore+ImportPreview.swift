/// A monster an import would change: as it is and as it would be (`before`
/// nil for one added, `after` nil for one removed).
public struct MonsterDifference: Hashable, Sendable {
    public let before: Monster?
    public let after: Monster?
}

/// What an import would do, monster by monster.
public struct ImportPreview: Hashable, Sendable {
    public let summary: ImportSummary
    /// The changes by id, at most the limit asked for.
    public let differences: [MonsterDifference]
    /// How many monsters would change in all (be added, updated or
    /// removed), listed or not.
    public let total: Int

    /// The most changes a preview lists; all are counted.
    public static let listLimit = 10_000

    /// Whether some changes are counted but not listed.
    public var isCapped: Bool { total > differences.count }
}

extension SQLiteRosterStore {
    /// An import's dry run that says, per monster, what would change.
    ///
    /// The import runs in full inside a transaction that is rolled back,
    /// as any dry run; before it, the roster's rows are copied into a
    /// temporary table, and after it the two are compared by id (upsert
    /// keeps the ids of the monsters it updates, replace uses the file's).
    public func previewImport(from reader: MonsterReader, mode: ImportMode, limit: Int = ImportPreview.listLimit,
                              progress: ((_ bytesRead: Int) -> Void)? = nil) throws(RosterError) -> ImportPreview {
        // Rolled back either way: its frames need not stay in the WAL.
        defer { truncateWALAfterRollback() }
        do throws(RosterError) {
            return try preview(from: reader, mode: mode, limit: limit, progress: progress)
        } catch {
            throw Self.withCountrySuggestions(Self.fileProblemsBeforeFullDisk(error, reader: reader))
        }
    }

    private func preview(from reader: MonsterReader, mode: ImportMode, limit: Int,
                         progress: ((_ bytesRead: Int) -> Void)?) throws(RosterError) -> ImportPreview {
        try write(commit: false) {
            try database.execute("""
                DROP TABLE IF EXISTS temp.preview_before;
                CREATE TEMP TABLE preview_before AS SELECT \(MonsterTable.columns) FROM monster;
                """)
            let summary = try load(from: reader, mode: mode, progress: progress)
            let changed = Self.changedIDs
            let total = try database.prepare("SELECT count(*) FROM (\(changed))").firstRow { $0.int(0) } ?? 0
            let ids = try database.prepare("\(changed) ORDER BY id LIMIT ?").rows([.integer(Int64(limit))]) { $0.int(0) }
            let before = try database.prepare("SELECT \(MonsterTable.columns) FROM temp.preview_before WHERE id = ?")
            let after = try database.prepare(MonsterTable.selectByID)
            let differences = try ids.map { id in
                MonsterDifference(before: try before.firstRow([.integer(id)], MonsterTable.monster(from:)),
                                  after: try after.firstRow([.integer(id)], MonsterTable.monster(from:)))
            }
            return ImportPreview(summary: summary, differences: differences, total: Int(total))
        }
    }

    /// Ids whose row was added, removed or changed in any column.
    private static var changedIDs: String {
        let differs = MonsterFields.keys.filter { $0 != "id" }.map { "b.\($0) IS NOT a.\($0)" }.joined(separator: " OR ")
        return """
            SELECT b.id AS id FROM temp.preview_before b LEFT JOIN main.monster a ON a.id = b.id
            WHERE a.id IS NULL OR \(differs)
            UNION ALL
            SELECT a.id AS id FROM main.monster a WHERE a.id NOT IN (SELECT id FROM temp.preview_before)
            """
    }
}
