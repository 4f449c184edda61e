/// A sorted list read from the file a window at a time (see
/// `SortedPages`), so that a new sort at a million monsters reads the rows
/// it shows, not every id in order.
///
/// The order is `list --sort`'s for one key (see `QuerySQL`), cut into
/// *segments* that each come off an index in order:
/// - an ordered value (a name's key, a height in inches, an origin, an
///   activation, an id): the monsters that have one, by value then id,
///   from the value's index (schema 11 for heights, origins and
///   activations; the unique name key; the primary key), then those
///   without one, by id from the table, last whichever the direction;
/// - a weapon or a name colour: one segment per key, in display-name
///   order, each by id (`monster_weapon` for weapons).
/// Reading after monster `a`, whose value is X, takes the rest of X's run
/// (`value = X AND id > a`, by id), then the later values, then the later
/// segments, each a statement with a LIMIT, until the window is full.
/// Before `a` is the same in the mirror order. SQLite keeps one index per
/// value, ascending, whose ties run by id: read backwards it gives ties in
/// falling id order, so where the list wants ties the other way round
/// (a descending sort read forward, an ascending one read backward) each
/// run of ties read whole is turned round, and the last run, which the
/// LIMIT may have cut, is read again by id. Each statement names the
/// index it is served by (`INDEXED BY`), so that a filter on another
/// indexed field never makes SQLite sort every match instead.
struct SQLiteSortedWindows {
    let database: Database
    let query: MonsterQuery
    let key: MonsterSortKey

    /// A run of the list that comes off one index in order.
    struct Segment {
        /// Which rows (the program's own SQL, no value typed).
        let condition: String
        /// The index that gives them in order (`NOT INDEXED`: by id from the table).
        let index: String
        /// Whether they are ordered by the sort key's value, then id;
        /// else by id alone.
        let byValue: Bool
    }

    init?(_ database: Database, _ query: MonsterQuery) {
        guard query.order.count == 1, let key = query.order.first else { return nil }
        self.database = database
        self.query = query
        self.key = key
    }

    /// The sort key's value as the indexes hold it.
    var value: String { key.field == .name ? "name_key" : QuerySQL.sortExpression(key.field, .sqlite) }

    /// Each value is one monster's: no run of ties to finish or turn round.
    private var isUnique: Bool { key.field == .id || key.field == .name }

    /// The segments in list order.
    func segments() throws -> [Segment] {
        if let keys = QuerySQL.rankedKeys(of: key.field) {
            let index = try hint(key.field == .weapon ? "monster_weapon" : nil)
            let ordered = key.descending ? Array(keys.reversed()) : keys
            return ordered.map { Segment(condition: keyCondition($0), index: index, byValue: false) }
        }
        let indexName: String? = switch key.field {
        case .name: "monster_name_key"
        case .height: "monster_height"
        case .origin: "monster_origin"
        case .activated: "monster_activated"
        default: nil
        }
        guard key.field.isNullable else {
            return [Segment(condition: "1", index: try hint(indexName), byValue: true)]
        }
        // A partial index serves only a statement that says its rows have a value.
        return [Segment(condition: "\(key.field.key) IS NOT NULL", index: try hint(indexName), byValue: true),
                Segment(condition: "\(key.field.key) IS NULL", index: "NOT INDEXED", byValue: false)]
    }

    /// The rows of one weapon or colour. The keys are the program's own
    /// words, written as SQL literals.
    private func keyCondition(_ stored: String) -> String { key.field.key + " = " + "'" + stored + "'" }

    /// `INDEXED BY` the index when the file has it (another program may
    /// have dropped it), else by id from the table.
    private func hint(_ name: String?) throws -> String {
        guard let name, try database.cached("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?1")
            .firstRow([.text(name)], { _ in true }) != nil else { return "NOT INDEXED" }
        return "INDEXED BY \(name)"
    }

    /// Where a reading starts: monster `id`, its segment and its value.
    struct Anchor {
        let id: Int64
        let segment: Int
        let value: QuerySQL.Parameter?
    }

    /// Monster `id`'s place among the segments; nil when there is none.
    func anchor(_ id: Int64, in segments: [Segment]) throws -> Anchor? {
        let isInteger = key.field == .id || key.field == .height
        let found = try database.cached("SELECT \(value), \(key.field.key) IS NULL, \(QuerySQL.rankedKeys(of: key.field) == nil ? "NULL" : key.field.key) FROM monster WHERE id = ?1")
            .firstRow([.integer(id)]) { row -> (QuerySQL.Parameter?, Bool, String?) in
                let value: QuerySQL.Parameter? = row.isNull(0) ? nil : isInteger ? .integer(row.int(0)) : .text(row.text(0))
                return (value, row.int(1) == 1, row.optionalText(2))
            }
        guard let (value, unknown, ranked) = found else { return nil }
        if let ranked {
            guard let segment = segments.firstIndex(where: { $0.condition == keyCondition(ranked) }) else { return nil }
            return Anchor(id: id, segment: segment, value: nil)
        }
        return Anchor(id: id, segment: unknown ? segments.count - 1 : 0, value: unknown ? nil : value)
    }

    /// Up to `limit` rows of `columns`, as `transform` makes them, from
    /// `anchor` (exclusive; nil: from the end the reading starts at), in
    /// list order, or the mirror order when `backward`.
    func read<T>(from anchor: Anchor?, backward: Bool, limit: Int, _ columns: String,
                 _ transform: (Row) throws -> T) throws -> [T] {
        let segments = try segments()
        var found: [T] = []
        let order = backward ? Array(segments.indices.reversed()) : Array(segments.indices)
        let start = anchor.map { anchor in order.firstIndex(of: anchor.segment) ?? order.count } ?? 0
        for (step, number) in order.enumerated().dropFirst(start) where found.count < limit {
            let from = step == start ? anchor : nil
            found += try read(segments[number], from: from, backward: backward, limit: limit - found.count, columns, transform)
        }
        return found
    }

    /// Up to `limit` rows of one segment.
    private func read<T>(_ segment: Segment, from anchor: Anchor?, backward: Bool, limit: Int, _ columns: String,
                         _ transform: (Row) throws -> T) throws -> [T] {
        let idsUp = !backward
        guard segment.byValue else {
            var statement = Statement(self, segment)
            if let anchor { statement.and("id \(idsUp ? ">" : "<") \(statement.bind(.integer(anchor.id)))") }
            return try statement.rows(columns, order: idsUp ? "id" : "id DESC", limit: limit, transform)
        }
        let valuesUp = key.descending == backward
        var found: [T] = []
        var beyond: QuerySQL.Parameter?
        if let anchor, let value = anchor.value {
            beyond = value
            if !isUnique {
                // The rest of the anchor's run of ties.
                var run = Statement(self, segment)
                run.and("\(self.value) = \(run.bind(value)) AND id \(idsUp ? ">" : "<") \(run.bind(.integer(anchor.id)))")
                found = try run.rows(columns, order: idsUp ? "id" : "id DESC", limit: limit, transform)
            }
        }
        guard found.count < limit else { return found }
        var scan = Statement(self, segment)
        if let beyond { scan.and("\(value) \(valuesUp ? ">" : "<") \(scan.bind(beyond))") }
        let direction = valuesUp ? "" : " DESC"
        let wanted = limit - found.count
        let rows = try scan.rows(columns + ", " + value, order: "\(value)\(direction), id\(direction)", limit: wanted) {
            (try transform($0), $0.text(Int32(columns.split(separator: ",").count)))
        }
        guard valuesUp != idsUp, !isUnique else { return found + rows.map(\.0) }
        // Ties came in the wrong order: turn each run round; the last,
        // perhaps cut short, is read again by id.
        var runs: [[(T, String)]] = []
        for row in rows {
            if let last = runs.last?.last, last.1 == row.1 { runs[runs.count - 1].append(row) } else { runs.append([row]) }
        }
        let cut = rows.count == wanted ? runs.popLast() : nil
        for run in runs { found += run.reversed().map(\.0) }
        if let cut, let first = cut.first {
            var last = Statement(self, segment)
            last.and("\(value) = \(last.bind(isInteger ? .integer(Int64(first.1) ?? 0) : .text(first.1)))")
            found += try last.rows(columns, order: idsUp ? "id" : "id DESC", limit: limit - found.count, transform)
        }
        return found
    }

    private var isInteger: Bool { key.field == .id || key.field == .height }

    /// How many rows lie before `anchor` in list order (or after it),
    /// counting no further than `bound`.
    func count(_ anchor: Anchor, before: Bool, upTo bound: Int?) throws -> Int {
        let segments = try segments()
        var counted = 0
        let others = before ? Array(0..<anchor.segment) : Array((anchor.segment + 1)..<segments.count)
        func remaining() -> Int? { bound.map { $0 - counted } }
        // The anchor's own segment: the ids on its side, or the values on its side and its run's ids.
        let segment = segments[anchor.segment]
        var own = Statement(self, segment)
        if segment.byValue, let value = anchor.value {
            var values = Statement(self, segment)
            values.and("\(self.value) \(before != key.descending ? "<" : ">") \(values.bind(value))")
            counted += try values.count(upTo: remaining())
            own.and("\(self.value) = \(own.bind(value))")
        }
        own.and("id \(before ? "<" : ">") \(own.bind(.integer(anchor.id)))")
        counted += try own.count(upTo: remaining())
        for number in others where remaining().map({ $0 > 0 }) ?? true {
            counted += try Statement(self, segments[number]).count(upTo: remaining())
        }
        return bound.map { min($0, counted) } ?? counted
    }

    /// Rows `offset` on, in list order: whole segments are counted past.
    func read<T>(offset: Int, limit: Int, _ columns: String, _ transform: (Row) throws -> T) throws -> [T] {
        var skipped = 0
        var found: [T] = []
        for segment in try segments() where found.count < limit {
            let statement = Statement(self, segment)
            if skipped + found.count >= offset {
                found += try read(segment, from: nil, backward: false, limit: limit - found.count, columns, transform)
                continue
            }
            let size = try statement.count(upTo: nil)
            guard offset < skipped + size else {
                skipped += size
                continue
            }
            let direction = key.descending ? " DESC" : ""
            let order = segment.byValue ? "\(value)\(direction), id" : "id"
            found += try statement.rows(columns, order: order, limit: limit, offset: offset - skipped, transform)
            skipped = offset
        }
        return found
    }

    /// One statement over a segment: the query's conditions and the
    /// segment's, and those added, each value bound.
    struct Statement {
        let windows: SQLiteSortedWindows
        let segment: Segment
        var builder = QuerySQL.Builder(dialect: .sqlite)
        var conditions: [String]

        init(_ windows: SQLiteSortedWindows, _ segment: Segment) {
            self.windows = windows
            self.segment = segment
            conditions = [segment.condition]
            for condition in windows.query.conditions { conditions.append(builder.condition(condition)) }
        }

        mutating func bind(_ value: QuerySQL.Parameter) -> String { builder.placeholder(value) }

        mutating func and(_ condition: String) { conditions.append(condition) }

        private var source: String {
            "FROM monster \(segment.index) WHERE " + conditions.joined(separator: " AND ")
        }

        func rows<T>(_ columns: String, order: String, limit: Int, offset: Int = 0, _ transform: (Row) throws -> T) throws -> [T] {
            guard limit > 0 else { return [] }
            var builder = builder
            let sql = "SELECT \(columns) \(source) ORDER BY \(order) LIMIT \(builder.placeholder(.integer(Int64(limit))))"
                + (offset > 0 ? " OFFSET \(builder.placeholder(.integer(Int64(offset))))" : "")
            return try windows.database.cached(sql).rows(builder.parameters.map(\.sqlValue), transform)
        }

        func count(upTo bound: Int?) throws -> Int {
            if let bound, bound <= 0 { return 0 }
            var builder = builder
            let sql = bound.map { "SELECT count(*) FROM (SELECT 1 \(source) LIMIT \(builder.placeholder(.integer(Int64($0)))))" }
                ?? "SELECT count(*) \(source)"
            return Int(try windows.database.cached(sql).firstRow(builder.parameters.map(\.sqlValue)) { $0.int(0) } ?? 0)
        }
    }
}
