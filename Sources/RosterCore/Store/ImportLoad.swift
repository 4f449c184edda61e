import TextSafety

/// The writing half of an import, one strategy per mode, inside the
/// transaction `SQLiteRosterStore.importMonsters` holds.
///
/// Stand-ins for records with problems (`ImportedRecord.isStandIn`) are
/// written like the others, so that every clash of a name or an id is
/// found; the import has problems then, and is rolled back.
///
/// - `insert` and `upsert` into an empty table, and `replace` (which
///   empties the table first), are bulk loads: the table's indexes are
///   dropped, rows go in with prepared-statement reuse, and the indexes
///   are built once at the end. A duplicate name then fails the unique
///   index, and the duplicates are found with one query and reported at
///   their places in the file.
/// - `insert` and `upsert` into a roster that has monsters look each
///   name up in the unique index as they go.
/// - `replace` keeps the old rows in a temporary table until the end, to
///   count what was added, updated, unchanged and removed, and to give a
///   record without an id the id of the old monster with its name. Such
///   records wait in a temporary table of their own, never in memory: a
///   file of a million monsters without ids would otherwise be held whole,
///   and memory running out there is a crash, not a sentence.
struct ImportLoad {
    let database: Database
    private let mode: ImportMode
    private let bulk: Bool
    private var counts = ImportSummary()
    private var previousCount = 0
    private var droppedIndexes: [String] = []
    /// The records written so far, to place a clash with an earlier one.
    private var loadedRecords: LoadedRecords
    /// The first id this import gives out (`insert`, `upsert`), and the
    /// next one; nil once the ids are used up (the roster's ids reach
    /// `Int64.max`). Every id from `firstNewID` on was given by this import.
    private let firstNewID: Int64
    private var nextNewID: Int64?
    /// `upsert`: monsters already updated by this import, with where and
    /// how the file spelled the name that matched them.
    private var touched: [Int64: (place: TextLocation, spelling: String)] = [:]
    /// `replace`: how many records (without an id, or with one used
    /// twice) wait in `temp.import_deferred` to be written after the others,
    /// and the statement that puts them there.
    var deferredCount = 0
    var deferInsert: Statement?
    let insert: Statement
    /// `insert` for `groupSize` rows at once (bulk loads): SQLite then
    /// runs, opens its cursor and halts once for the group, not per row.
    private let insertGroup: Statement?
    static let groupSize = 16
    let arena: TextArena

    init(database: Database, mode: ImportMode) throws {
        self.database = database
        self.mode = mode
        let existing = try database.integer("SELECT count(*) FROM monster") ?? 0
        if mode == .replace && existing > 0 {
            try database.execute("""
                DROP TABLE IF EXISTS temp.import_previous;
                CREATE TEMP TABLE import_previous AS SELECT \(MonsterTable.columns), name_key FROM monster;
                DELETE FROM monster;
                """)
            previousCount = Int(existing)
        }
        bulk = mode == .replace || existing == 0
        if bulk {
            let indexes = try database.prepare("""
                SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'monster' AND sql IS NOT NULL
                """).rows { (name: $0.text(0), sql: $0.text(1)) }
            for index in indexes {
                try database.execute("DROP INDEX \"\(index.name.replacingQuotes())\"")
            }
            droppedIndexes = indexes.map(\.sql)
        }
        // Counted here, not in SQL: there max(id) + 1 past Int64.max
        // turns into a floating-point number.
        // Past every id the roster ever held (see `MonsterSequence`).
        let highest = max(0, try database.integer(MonsterSequence.selectHighestGiven) ?? 0)
        nextNewID = Self.successor(of: highest)
        firstNewID = nextNewID ?? Int64.max
        insert = try database.cached(MonsterTable.insertWithID)
        insertGroup = bulk ? try database.prepare(MonsterTable.insertWithID(rows: Self.groupSize)) : nil
        loadedRecords = try LoadedRecords()
        arena = try TextArena()
    }

    /// Writes the records of `batch`, adding to `problems` each one's
    /// conflict with the roster or the file, in file order. A bulk load
    /// writes `groupSize` records a statement; a group that fails (an id
    /// used twice) is written again one record at a time, which finds
    /// and places each clash as a record written alone would.
    mutating func write(_ batch: RecordPipeline.Batch, problems: inout ProblemLog) throws {
        guard let insertGroup else {
            for index in batch.records.indices {
                if let problem = try write(batch.records[index], values: (batch.values, index)) { problems.add(problem) }
            }
            return
        }
        var group: [(index: Int, id: Int64)] = []
        group.reserveCapacity(Self.groupSize)
        for index in batch.records.indices {
            let id: Int64
            if mode == .replace {
                guard batch.records[index].hasID else {
                    try deferRecord(batch.records[index], values: (batch.values, index))
                    continue
                }
                id = batch.records[index].monster.id
            } else {
                // Numbered when the group is written (see `writeGroup`).
                id = 0
            }
            group.append((index, id))
            guard group.count == Self.groupSize else { continue }
            try writeGroup(group, of: batch, with: insertGroup, problems: &problems)
            group.removeAll(keepingCapacity: true)
        }
        // Fewer than a group are left: one statement each.
        for member in group {
            if let problem = try write(batch.records[member.index], values: (batch.values, member.index)) { problems.add(problem) }
        }
    }

    private mutating func writeGroup(_ group: [(index: Int, id: Int64)], of batch: RecordPipeline.Batch,
                                     with statement: Statement, problems: inout ProblemLog) throws {
        let perRow = Int32(BatchValues.slotsPerRecord + 1)
        var group = group
        if mode != .replace {
            // New monsters are numbered here, one after another past every
            // id ever given: SQLite would number from the highest id now in
            // the table, giving out again the ids of monsters removed. Ids
            // running out are told record by record.
            guard let first = nextNewID, !first.addingReportingOverflow(Int64(group.count - 1)).overflow else {
                for member in group {
                    if let problem = try write(batch.records[member.index], values: (batch.values, member.index)) { problems.add(problem) }
                }
                return
            }
            for row in group.indices { group[row].id = first + Int64(row) }
        }
        do {
            defer { statement.reset() }
            for (row, member) in group.enumerated() {
                let first = Int32(row) * perRow
                try batch.values.forEachSlot(ofRecord: member.index) { (parameter, slot) throws in
                    try Self.bind(slot, at: first + parameter, to: statement)
                }
                try statement.bind(.integer(member.id), at: first + perRow)
            }
            _ = try statement.step()
        } catch let error as DatabaseError where error.isUniqueViolation {
            // Nothing of the group was written (a statement is undone
            // whole): each record again on its own.
            for member in group {
                if let problem = try write(batch.records[member.index], values: (batch.values, member.index)) { problems.add(problem) }
            }
            return
        }
        if mode != .replace, let last = group.last { nextNewID = Self.successor(of: last.id) }
        // The records are read in place: a copy of each, for the calls
        // below, retained and released every string it holds, twice.
        try batch.records.withUnsafeBufferPointer { records throws in
            for member in group {
                try loadedRecords.append(id: member.id, records[member.index])
                counts.added += 1
                if mode != .replace, let problem = Self.incompleteNewMonster(records[member.index]) { problems.add(problem) }
            }
        }
    }

    /// Writes one record; a problem when it conflicts with the roster or the file.
    /// `values` holds the record's values laid out for binding, when the
    /// reading thread prepared them.
    mutating func write(_ record: ImportedRecord, values: (BatchValues, Int)? = nil) throws -> InputProblem? {
        switch mode {
        case .replace:
            guard record.hasID else {
                try deferRecord(record, values: values)
                return nil
            }
            do {
                try insert(record, id: record.monster.id, values: values)
            } catch let error as DatabaseError where error.isUniqueViolation {
                // The indexes are dropped for the load: only the id can clash.
                let problem = InputProblem(.conflict, at: record.idLocation, field: "id",
                                           "the id \(record.monster.id) is also used \(LoadedRecords.place(loadedRecords.firstPlace(ofID: record.monster.id)))")
                // Written at the end with another id, so that its name is
                // still checked against the others: every problem is found.
                try deferRecord(record, values: values)
                return problem
            }
            try loadedRecords.append(id: record.monster.id, record)
            counts.added += 1
        case .insert, .upsert:
            if bulk {
                // The table started empty: ids go on past every id the
                // roster ever gave (see `MonsterSequence`).
                guard let id = nextNewID else { return Self.noIDLeft(for: record) }
                try insert(record, id: id, values: values)
                try loadedRecords.append(id: id, record)
                nextNewID = Self.successor(of: id)
                counts.added += 1
                return Self.incompleteNewMonster(record)
            }
            let existing: Monster?
            do {
                existing = try Self.monster(named: record.monster.name, keyed: record.nameKey, in: database, mode: mode)
            } catch let error as RosterError {
                return InputProblem(.conflict, at: record.nameLocation, field: "name", error.description)
            }
            if let existing {
                if let added = addedOrdinal(of: existing.id) {
                    return LoadedRecords.duplicateName(record, earlier: loadedRecords[added].name.location, spelledThere: existing.name)
                }
                if let earlier = touched[existing.id] {
                    return LoadedRecords.duplicateName(record, earlier: earlier.place, spelledThere: earlier.spelling)
                }
                guard mode == .upsert else {
                    return InputProblem(.conflict, at: record.nameLocation, field: "name",
                                        MonsterRules.nameTakenSentence(record.monster.name, by: existing.name) + "; use --mode upsert to update it")
                }
                touched[existing.id] = (record.nameLocation, record.monster.name)
                // A stand-in only claims the name; the import fails anyway.
                if record.isStandIn { return nil }
                // Only the fields the file gives change; the rest stay. The
                // name is what the record was matched by, ignoring case, so
                // it stays as stored: `cat-bot` updates Cat-Bot, it does not
                // rename it.
                var updated = existing
                for (index, field) in MonsterFields.all.enumerated()
                where record.given & (1 << UInt64(index)) != 0 && field.key != "id" && field.key != "name" {
                    _ = field.assign(&updated, field.value(record.monster))
                }
                if updated == existing {
                    counts.unchanged += 1
                } else {
                    try database.cached(MonsterTable.update).run(MonsterTable.values(of: updated) + [.integer(existing.id)])
                    counts.updated += 1
                }
            } else {
                guard let id = nextNewID else { return Self.noIDLeft(for: record) }
                try insert(record, id: id)
                try loadedRecords.append(id: id, record)
                nextNewID = Self.successor(of: id)
                counts.added += 1
                return Self.incompleteNewMonster(record)
            }
        }
        return nil
    }

    /// The stored monster a record's name means: the one whose name reads
    /// so, or of a look-alike pair another program made the one spelled
    /// exactly so; a name reading as both and spelled as neither is
    /// refused naming both (`MonsterRules.oneMonster`), never matched to
    /// the one that holds the key. A record to insert that reads as
    /// several is refused as a new name, not asked to name one of them.
    static func monster(named name: String, keyed key: String, in database: Database, mode: ImportMode) throws -> Monster? {
        let readingAlike = try database.cached(MonsterTable.selectByNameKeyAndShadows)
            .rows([.text(key), .text(key + "\u{0B}")], MonsterTable.monster(from:))
            .filter { MonsterRules.nameKey($0.name) == key }
        if mode == .insert, readingAlike.count > 1 {
            throw RosterError.namesReadAlike(MonsterRules.newNameReadsAsSeveral(name, readingAlike))
        }
        return try MonsterRules.oneMonster(named: name, among: readingAlike, use: .updatingRecord)
    }

    /// Where in `loadedRecords` the monster this import added with `id` is,
    /// if it added it (`insert`, `upsert` into a roster with monsters,
    /// which number new monsters from `firstNewID` in file order).
    private func addedOrdinal(of id: Int64) -> Int? {
        guard id >= firstNewID else { return nil }
        let ordinal = id - firstNewID
        guard ordinal < loadedRecords.count, loadedRecords[Int(ordinal)].id == id else { return nil }
        return Int(ordinal)
    }

    private static func successor(of id: Int64) -> Int64? {
        let (next, overflow) = id.addingReportingOverflow(1)
        return overflow ? nil : next
    }

    private static func noIDLeft(for record: ImportedRecord) -> InputProblem {
        // Without an id in the file, the place is where the record starts.
        InputProblem(.conflict, at: record.idLocation, field: "id", MonsterRules.noIDLeft)
    }

    /// `upsert` reads records that give only the name and some fields; one
    /// that adds a monster must give every field a monster needs. (It is
    /// still written, so that its name is checked against the others.)
    static func incompleteNewMonster(_ record: borrowing ImportedRecord) -> InputProblem? {
        let missing = MonsterDecoder.requiredByModel & ~record.given
        guard !record.isStandIn, missing != 0,
              let index = MonsterFields.all.indices.first(where: { missing & (1 << UInt64($0)) != 0 }) else { return nil }
        let key = MonsterFields.all[index].key
        return InputProblem(.value, at: record.nameLocation, field: key,
                            MonsterFields.missing(key) + ", which a monster new to the roster needs")
    }

    /// Writes what had to wait and builds the indexes; the problems found doing so.
    mutating func finish(problems: inout ProblemLog) throws {
        let everyIDGiven = deferredCount == 0
        if deferredCount > 0 {
            let byName = previousCount > 0
            if byName {
                try database.execute("CREATE INDEX temp.import_previous_name ON import_previous (name_key)")
            }
            // The old roster is only there when it had monsters.
            let previousID = byName ? try database.prepare("SELECT id FROM temp.import_previous WHERE name_key = ?") : nil
            let taken = try database.prepare("SELECT 1 FROM monster WHERE id = ?")
            // A new monster gets an id no old one had, so that it is not
            // counted as an old one updated.
            let previousMax = byName ? try database.integer("SELECT coalesce(max(id), 0) FROM temp.import_previous") ?? 0 : 0
            var fresh = Self.successor(of: max(0, previousMax, try database.integer(MonsterSequence.selectHighestGiven) ?? 0))
            let write = try database.prepare("""
                INSERT INTO monster (\(MonsterTable.dataColumns), name_key, id, keyed_name)
                SELECT \(MonsterTable.dataColumns), name_key, ?, name FROM temp.import_deferred WHERE rowid = ?
                """)
            try database.prepare("""
                SELECT rowid, name_key, name_line, name_column, id_line, id_column FROM temp.import_deferred ORDER BY rowid
                """).forEachRow { row in
                let namePlace = TextLocation(line: Int(row.int(2)), column: Int(row.int(3)))
                let idPlace = TextLocation(line: Int(row.int(4)), column: Int(row.int(5)))
                let id: Int64
                if let previousID, let old = try previousID.firstRow([.text(row.text(1))], { $0.int(0) }),
                   try taken.firstRow([.integer(old)], { _ in true }) == nil {
                    id = old
                } else if let next = fresh {
                    id = next
                    fresh = Self.successor(of: next)
                } else {
                    problems.add(InputProblem(.conflict, at: idPlace, field: "id", MonsterRules.noIDLeft))
                    return
                }
                try write.run([.integer(id), .integer(row.int(0))])
                try loadedRecords.append(id: id, name: namePlace, idPlace: idPlace)
                counts.added += 1
            }
            try database.execute("DROP TABLE temp.import_deferred")
            deferredCount = 0
            // Without ids for every record the import fails; the names
            // written so far are still checked for clashes below.
        }
        try buildIndexes(problems: &problems, pairsKept: mode == .replace && everyIDGiven)
    }

    /// Builds the indexes a bulk load dropped; the duplicate names, when
    /// the unique one fails. `pairsKept`: names that read alike, spelled
    /// otherwise, are kept as roster keeps them (`pairKeys`) before the
    /// names used twice are told.
    private func buildIndexes(problems: inout ProblemLog, pairsKept: Bool) throws {
        guard bulk else { return }
        // Building an index sorts every key: let SQLite sort with two
        // helper threads (the reading thread is done by now).
        try database.execute("PRAGMA threads = 2")
        defer { try? database.execute("PRAGMA threads = 0") }
        var pairsKeyed = !pairsKept
        for sql in droppedIndexes {
            while let error = DatabaseError.thrown(by: { () throws(DatabaseError) in try database.execute(sql) }) {
                guard error.isUniqueViolation else { throw error }
                guard pairsKeyed else {
                    pairsKeyed = true
                    try database.execute(LoadedRecords.pairKeys)
                    continue
                }
                try loadedRecords.duplicateNames(in: database, into: &problems)
                return
            }
        }
    }

    /// The counts, once everything is written.
    func summary() throws -> ImportSummary {
        guard mode == .replace else { return counts }
        var result = ImportSummary()
        let total = Int(try database.integer("SELECT count(*) FROM monster") ?? 0)
        guard previousCount > 0 else {
            result.added = total
            return result
        }
        let same = MonsterTable.dataFields.map { "m.\($0.key) IS p.\($0.key)" }.joined(separator: " AND ")
        let matched = Int(try database.integer("SELECT count(*) FROM monster m JOIN temp.import_previous p ON p.id = m.id") ?? 0)
        result.unchanged = Int(try database.integer(
            "SELECT count(*) FROM monster m JOIN temp.import_previous p ON p.id = m.id WHERE \(same)") ?? 0)
        result.updated = matched - result.unchanged
        result.added = total - matched
        result.removed = previousCount - matched
        try database.execute("DROP TABLE temp.import_previous")
        return result
    }
}

extension String {
    /// For an identifier in double quotes.
    fileprivate func replacingQuotes() -> String {
        split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
    }
}
