/// A `MonsterQuery` as one SELECT in a store's SQL: the conditions as a
/// WHERE clause whose every typed value is a bound parameter (never
/// pasted into the text), the sort keys as an ORDER BY that sorts by what
/// values mean, ties in roster order.
///
/// What "means" is, in SQL both stores run the same way:
/// - a height, stored as `5ft11in`, is compared and sorted as inches;
/// - a moment, stored as UTC text of fixed width, compares as text does;
/// - a weapon or a colour sorts by its display name (`Blowgun`, `Fire`,
///   `Ninja Star`…) through a CASE over the program's own keys;
/// - a name sorts and matches by its folded key (the index names are
///   looked up by), other text ignoring case;
/// - unknown values sort last, whichever the direction.
/// The SQL text depends only on the query's shape, so a store's cache of
/// prepared statements serves every value typed into the same shape.
struct QuerySQL {
    enum Dialect {
        case sqlite
        case postgres
    }

    enum Parameter: Equatable {
        case integer(Int64)
        case text(String)
    }

    let sql: String
    let parameters: [Parameter]

    /// The rows whose stored keys may be stale (see `NameKeyCheck`), on a
    /// roster whose keys cannot be derived again now: their names were
    /// folded by the store, and the query's name conditions hold for
    /// `matching`. `all`: every key is in doubt (keyed by another fold).
    struct StaleKeys: Equatable {
        let ids: [Int64]
        let matching: [Int64]
        let all: Bool
    }

    /// `SELECT columns FROM table WHERE … ORDER BY …` for `query`.
    ///
    /// `namesMatchedBy`: the ids whose names the query's name conditions
    /// match, worked out by comparing names; those conditions are then
    /// this one set of ids. `staleKeys`: the rows whose keys cannot be
    /// trusted are matched by their folded names, the others by their
    /// keys, in one reading, so that a sort orders them all. `forUpdate`
    /// locks the rows found (PostgreSQL, inside a write): a row another
    /// program changes meanwhile is matched again as it is once that
    /// program commits, never acted on as it was.
    ///
    /// `sortingStale` (PostgreSQL): the keys the names of the rows whose
    /// stored keys may be stale give now, by id, for a role that cannot
    /// correct them: a sort by name orders those rows by these keys.
    init(selecting columns: String, from table: String, _ query: MonsterQuery, _ dialect: Dialect,
         namesMatchedBy matched: [Int64]? = nil, staleKeys: StaleKeys? = nil, sortingStale: [(id: Int64, key: String)] = [],
         forUpdate: Bool = false) {
        var builder = Builder(dialect: dialect)
        let ids = matched ?? staleKeys.flatMap { $0.all ? $0.matching : nil }
        var conditions = query.conditions.filter { ids == nil || $0.field != .name }.map { builder.condition($0) }
        if let ids { conditions.append(builder.idIn(ids)) }
        if ids == nil, let staleKeys, !staleKeys.ids.isEmpty {
            // The name conditions hold by key for rows whose keys are
            // right, by folded name for the others.
            let names = query.conditions.indices.filter { query.conditions[$0].field == .name }
            if !names.isEmpty {
                let byKey = names.map { conditions[$0] }.joined(separator: " AND ")
                let combined = "((\(byKey) AND NOT \(builder.idIn(staleKeys.ids))) OR \(builder.idIn(staleKeys.matching)))"
                conditions = conditions.indices.filter { !names.contains($0) }.map { conditions[$0] } + [combined]
            }
        }
        var sql = "SELECT \(columns) FROM \(table)"
        let sortsStale = dialect == .postgres && query.sortsByName && !sortingStale.isEmpty
        if sortsStale {
            let ids = builder.placeholder(.text(PostgresRosterStore.arrayLiteral(sortingStale.map { String($0.id) })))
            let keys = builder.placeholder(.text(PostgresRosterStore.arrayLiteral(sortingStale.map(\.key))))
            sql += " LEFT JOIN unnest(CAST(\(ids) AS bigint[]), CAST(\(keys) AS text[])) AS stale(stale_id, stale_key)"
                + " ON stale.stale_id = \(table).id"
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + Self.order(query.order, dialect, nameKey: sortsStale ? "coalesce(stale.stale_key, name_key) COLLATE \"C\"" : "name_key")
        if forUpdate, dialect == .postgres { sql += " FOR UPDATE" }
        self.sql = sql
        parameters = builder.parameters
    }

    /// The sort keys, then the id for ties (unless the id is a key).
    private static func order(_ keys: [MonsterSortKey], _ dialect: Dialect, nameKey: String) -> String {
        var terms: [String] = []
        for key in keys {
            let direction = key.descending ? "DESC" : "ASC"
            let expression = key.field == .name ? nameKey : sortExpression(key.field, dialect)
            terms.append("\(expression) \(direction)\(key.field.isNullable ? " NULLS LAST" : "")")
            if key.field == .id { return terms.joined(separator: ", ") }
        }
        return (terms + ["id"]).joined(separator: ", ")
    }

    static func sortExpression(_ field: QueryField, _ dialect: Dialect) -> String {
        switch field {
        case .id, .origin, .activated: field.key
        case .name: "name_key"
        case .description, .icon: dialect == .postgres ? "lower(\(field.key)) COLLATE \"C\"" : "lower(\(field.key))"
        case .height: heightInches(dialect)
        case .weapon: rank("weapon", WeaponType.allCases.map { ($0.key, $0.displayName) })
        case .nameColor: rank("name_color", NameColor.allCases.map { ($0.key, $0.displayName) })
        }
    }

    /// A height's stored form (`5ft11in`) as inches; NULL when unknown.
    /// On PostgreSQL one pattern without captures says the height has
    /// that form and `split_part` cuts it: two `substring(… from …)`
    /// captures took five times as long, 8.6 s against 1.7 s over a
    /// million rows, most of a `--sort height`. A height another program
    /// wrote in another form is unknown, never an error.
    static func heightInches(_ dialect: Dialect) -> String {
        switch dialect {
        case .sqlite:
            "(CAST(height AS INTEGER) * 12 + CAST(substr(height, instr(height, 'ft') + 2) AS INTEGER))"
        case .postgres:
            "(CASE WHEN height ~ '^[0-9]+ft[0-9]+in$' THEN split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer END)"
        }
    }

    /// Each key's place among the display names, as a CASE. The keys are
    /// the program's own words, not anything typed.
    private static func rank(_ column: String, _ names: [(key: String, display: String)]) -> String {
        let ordered = ranked(names)
        let cases = ordered.enumerated().map { "WHEN '\($1.key)' THEN \($0)" }.joined(separator: " ")
        return "(CASE \(column) \(cases) END)"
    }

    /// The keys in the order their display names sort.
    private static func ranked(_ names: [(key: String, display: String)]) -> [(key: String, display: String)] {
        names.sorted { $0.display.lowercased() < $1.display.lowercased() }
    }

    /// A weapon's or a colour's stored keys in the order `--sort` puts
    /// them (by display name); nil for a field of other values.
    static func rankedKeys(of field: QueryField) -> [String]? {
        switch field {
        case .weapon: ranked(WeaponType.allCases.map { ($0.key, $0.displayName) }).map(\.key)
        case .nameColor: ranked(NameColor.allCases.map { ($0.key, $0.displayName) }).map(\.key)
        default: nil
        }
    }

    /// Collects the parameters as the conditions are written.
    struct Builder {
        let dialect: Dialect
        var parameters: [Parameter] = []

        mutating func placeholder(_ parameter: Parameter) -> String {
            parameters.append(parameter)
            switch dialect {
            case .sqlite: return "?\(parameters.count)"
            case .postgres:
                if case .integer = parameter { return "$\(parameters.count)::bigint" }
                return "$\(parameters.count)::text"
            }
        }

        mutating func condition(_ condition: MonsterCondition) -> String {
            let field = condition.field
            let column = field.key
            let negated = condition.comparison == .notEqual
            switch condition.value {
            case .ids(let ids):
                return negated ? "NOT (\(idIn(ids)))" : idIn(ids)
            case .unknown:
                return "\(column) IS \(negated ? "NOT " : "")NULL"
            case .key(let key):
                let compared = "\(column) \(negated ? "<>" : "=") \(placeholder(.text(key)))"
                return negated && field.isNullable ? "(\(column) IS NULL OR \(compared))" : compared
            case .text(let text):
                return textCondition(field, condition.comparison, text)
            case .range(let lower, let upper):
                return rangeCondition(field, condition.comparison, lower, upper)
            }
        }

        private mutating func textCondition(_ field: QueryField, _ comparison: Comparison, _ text: String) -> String {
            // Names by their folded key: the unique index serves `=`, and
            // `~` finds what the interface's name filter finds.
            let isName = field == .name
            let column = isName ? "name_key" : field.key
            let value = isName ? MonsterRules.nameKey(text) : text
            // A name that reads as another's is keyed by its id after the
            // key (`NameRekeying.shadowKey`, a newline then the id): `=`
            // is every key from the key to the key and a \u{0B}, so it
            // finds all the names that read alike, as `=` ignores case.
            switch comparison {
            case .contains:
                let needle = placeholder(.text(value))
                let keyPart = dialect == .sqlite ? "substr(name_key, 1, instr(name_key || char(10), char(10)) - 1)"
                                                 : "split_part(name_key, chr(10), 1)"
                let haystack = isName ? keyPart : "lower(\(column))"
                let wanted = isName ? needle : "lower(\(needle))"
                return dialect == .sqlite ? "instr(\(haystack), \(wanted)) > 0" : "strpos(\(haystack), \(wanted)) > 0"
            case .notEqual where isName:
                return "(\(column) < \(placeholder(.text(value))) OR \(column) >= \(placeholder(.text(value + "\u{0B}"))))"
            case .notEqual:
                return "\(column) <> \(placeholder(.text(value)))"
            default:
                guard isName else { return "\(column) = \(placeholder(.text(value)))" }
                return "(\(column) >= \(placeholder(.text(value))) AND \(column) < \(placeholder(.text(value + "\u{0B}"))))"
            }
        }

        /// `id` is one of `ids`, bound as one parameter.
        mutating func idIn(_ ids: [Int64]) -> String {
            switch dialect {
            case .sqlite:
                return "id IN (SELECT value FROM json_each(\(placeholder(.text("[" + ids.map(String.init).joined(separator: ",") + "]")))))"
            case .postgres:
                parameters.append(.text("{" + ids.map(String.init).joined(separator: ",") + "}"))
                return "id = ANY($\(parameters.count)::bigint[])"
            }
        }

        /// `lower ..< upper` compared: ids and heights as numbers, moments
        /// as their stored UTC text, which orders as the moments do.
        private mutating func rangeCondition(_ field: QueryField, _ comparison: Comparison, _ lower: Int64, _ upper: Int64) -> String {
            let expression = field == .height ? heightInches(dialect) : field.key
            func bound(_ value: Int64) -> Parameter {
                field == .activated ? .text(Timestamp(secondsSince1970: value).iso8601) : .integer(value)
            }
            // Whole numbers (ids, inches) are exact: compared as they are.
            if field != .activated {
                let value = placeholder(.integer(lower))
                let compared = "\(expression) \(comparison == .notEqual ? "<>" : comparison == .contains ? "=" : comparison.rawValue) \(value)"
                return comparison == .notEqual && field.isNullable ? "(\(expression) IS NULL OR \(compared))" : compared
            }
            switch comparison {
            case .less: return "\(expression) < \(placeholder(bound(lower)))"
            case .lessOrEqual: return "\(expression) < \(placeholder(bound(upper)))"
            case .greater: return "\(expression) >= \(placeholder(bound(upper)))"
            case .greaterOrEqual: return "\(expression) >= \(placeholder(bound(lower)))"
            case .notEqual:
                let outside = "(\(expression) < \(placeholder(bound(lower))) OR \(expression) >= \(placeholder(bound(upper))))"
                return "(\(expression) IS NULL OR \(outside))"
            case .equal, .contains:
                return "(\(expression) >= \(placeholder(bound(lower))) AND \(expression) < \(placeholder(bound(upper))))"
            }
        }

        private func heightInches(_ dialect: Dialect) -> String { QuerySQL.heightInches(dialect) }
    }
}

extension QuerySQL.Parameter {
    /// As SQLite binds it.
    var sqlValue: SQLValue {
        switch self {
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        }
    }

    /// As PostgreSQL's text protocol sends it.
    var text: String {
        switch self {
        case .integer(let number): String(number)
        case .text(let text): text
        }
    }
}
