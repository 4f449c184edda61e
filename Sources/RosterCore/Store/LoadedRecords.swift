import TextSafety

/// The records an import has written, in the order written, each with its
/// id and where its name and id are in the file: what places a clash of a
/// name or an id against the records before it. One entry per record, so
/// it grows with the file, in checked memory (`LargeList`).
///
/// A bulk load drops the unique index on names and builds it at the end;
/// when that fails, `duplicateNames` finds every name used twice with one
/// query and reports each use after the first at its place in the file.
struct LoadedRecords {
    private let records: LargeList<LoadedRecord>
    /// Ordinal of the first record written with each id: made when an id
    /// first clashes, and kept up from then on.
    private var firstWithID: [Int64: Int]?

    init() throws(IOFailure) {
        records = try LargeList()
    }

    var count: Int { records.count }

    subscript(ordinal: Int) -> LoadedRecord { records[ordinal] }

    mutating func append(id: Int64, _ record: borrowing ImportedRecord) throws(IOFailure) {
        try append(id: id, name: record.nameLocation, idPlace: record.idLocation)
    }

    mutating func append(id: Int64, name: TextLocation, idPlace: TextLocation) throws(IOFailure) {
        if firstWithID != nil, firstWithID?[id] == nil { firstWithID?[id] = records.count }
        try records.append(LoadedRecord(id: id, name: PackedPlace(name), idPlace: PackedPlace(idPlace)))
    }

    /// Where the id of the first record written with `id` is.
    mutating func firstPlace(ofID id: Int64) -> TextLocation? {
        if firstWithID == nil {
            var first: [Int64: Int] = [:]
            for ordinal in records.indices where first[records[ordinal].id] == nil { first[records[ordinal].id] = ordinal }
            firstWithID = first
        }
        return firstWithID?[id].map { records[$0].idPlace.location }
    }

    /// The problem of `record` giving a name an earlier record (at
    /// `earlier`) gave, spelled there as `spelledThere`.
    static func duplicateName(_ record: ImportedRecord, earlier: TextLocation?, spelledThere: String) -> InputProblem {
        InputProblem(.conflict, at: record.nameLocation, field: "name",
                     nameUsedEarlier(record.monster.name, spelledThere: spelledThere, at: earlier))
    }

    /// A name the file already used: in the earlier spelling too when it
    /// differs, as a name taken on the roster is told (`Оwl-Bot` with a
    /// Cyrillic О reads as `Owl-Bot`).
    static func nameUsedEarlier(_ name: String, spelledThere earlier: String, at place: TextLocation?) -> String {
        guard earlier != name else { return "the name \(Quote.code(name)) is also used \(Self.place(place)) (\(MonsterRules.sameNameRule))" }
        return "\(Quote.code(name)) reads as \(Quote.code(earlier)), which is already used \(Self.place(place)) (\(MonsterRules.sameNameRule))"
    }

    /// `at line 3, column 1`, or `earlier in the file` when the place is not known.
    static func place(_ location: TextLocation?) -> String {
        location.map { "at line \($0.line), column \($0.column)" } ?? "earlier in the file"
    }

    /// After the unique index failed: every name used more than once,
    /// reported at each use after the first, in file order (records
    /// without an id, written last, by where their names are).
    /// Problems past the ones `problems` lists are only counted: a file of
    /// a million duplicate names keeps no million messages.
    func duplicateNames(in database: Database, into problems: inout ProblemLog) throws {
        var groups: [String: [Int64]] = [:]
        try database.prepare("""
            SELECT id, name_key FROM monster
            WHERE name_key IN (SELECT name_key FROM monster GROUP BY name_key HAVING count(*) > 1)
            """).forEachRow { row in
            groups[row.text(1), default: []].append(row.int(0))
        }
        // Where each of those ids came from in the file.
        var ordinals: [Int64: Int] = [:]
        for ids in groups.values { for id in ids { ordinals[id] = -1 } }
        for ordinal in records.indices where ordinals[records[ordinal].id] != nil { ordinals[records[ordinal].id] = ordinal }
        let origin = TextLocation(line: 0, column: 0)
        func namePlace(_ id: Int64) -> TextLocation? { ordinals[id].flatMap { $0 < 0 ? nil : records[$0].name.location } }
        // Names are read only for the problems listed.
        let nameOf = try database.prepare("SELECT name FROM monster WHERE id = ?")
        func name(_ id: Int64) throws -> String { try nameOf.firstRow([.integer(id)]) { $0.text(0) } ?? "" }
        // In a fixed order (each name by its first repeat in the file), so
        // that the same file always lists the same problems.
        let inOrder = groups.values.map { ids in ids.sorted { (namePlace($0) ?? origin) < (namePlace($1) ?? origin) } }
            .sorted { ($0.dropFirst().first.flatMap(namePlace) ?? origin) < ($1.dropFirst().first.flatMap(namePlace) ?? origin) }
        for inFileOrder in inOrder {
            guard let first = inFileOrder.first else { continue }
            let firstPlace = namePlace(first)
            for id in inFileOrder.dropFirst() {
                guard let place = namePlace(id) else { continue }
                guard problems.isListing else {
                    problems.countUnlisted()
                    continue
                }
                problems.add(InputProblem(.conflict, at: place, field: "name",
                                          Self.nameUsedEarlier(try name(id), spelledThere: try name(first), at: firstPlace)))
            }
        }
    }

    /// A replace import whose records all give their ids restores a
    /// roster, and a roster keeps the names another program made read
    /// alike (`Cat-Bot`, and `ꓚat-Bot` with a Lisu ꓚ, or `CAT-BOT`): of
    /// such names, spelled otherwise, the lowest id keeps the plain key,
    /// the others their shadow keys (`NameRekeying.shadowKey`), as the
    /// roster had them when it was exported. A name spelled exactly the
    /// same twice is still the same name used twice, and so is any name of
    /// an insert or an upsert.
    static let pairKeys = """
        UPDATE monster SET name_key = name_key || char(10) || id
        WHERE id IN (SELECT m.id FROM monster m JOIN (SELECT name_key, min(id) AS lowest FROM monster GROUP BY name_key
                                                      HAVING count(*) > 1 AND count(DISTINCT CAST(name AS BLOB)) = count(*)) g
                     ON g.name_key = m.name_key WHERE m.id <> g.lowest)
        """
}
