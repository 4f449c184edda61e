/// A window of a sorted list as one SELECT that an index answers from a
/// monster of the list (keyset paging), so that the interface shows a
/// million monsters in any order without reading a million ids: it reads
/// the rows after the last one it shows, or before the first.
///
/// The order is `list --sort`'s for one key (see `QuerySQL`), cut into
/// *segments* that each come straight off an index in order:
/// - an ordered value (a name's key, a height in inches, an origin, an
///   activation): the monsters that have one, by value then id, from the
///   index on `(value, id)` for that direction (schema 7 for heights,
///   origins and activations; the unique name key serves both ways), then
///   those without one, by id, which sort last either way;
/// - a weapon or a name colour: one segment per key, in display-name
///   order, each by id from the `(weapon, id)` index;
/// - an id: the primary key.
/// Reading after monster `a`, whose value X is read first (`anchorValue`),
/// takes, in order: the rest of X's run (`value = X AND id > a`), the
/// later values, then the later segments; each is one arm of a `UNION
/// ALL` with its own ORDER BY and LIMIT. Before `a` is the same in the
/// mirror order. X is sent as a bound value, never a sub-select, so the
/// server plans each arm knowing it (a sub-select's unknown value made it
/// plan a parallel sort of a third of the table for an arm with no row).
/// Every row carries the number of its arm, so the rows are put in order
/// whatever way the server hands them over.
struct PostgresSortedWindowSQL {
    /// Where the window starts: an end, or a monster (its id, and its
    /// value of the sort key as `anchorValue` reads it, nil when unknown).
    enum Reading {
        case first, last
        case after(Int64, String?), before(Int64, String?)

        var isBackward: Bool {
            switch self {
            case .last, .before: true
            case .first, .after: false
            }
        }
    }

    /// Reads monster `$1`'s value of `key`, as the arms compare it: no row
    /// when there is no such monster.
    static func anchorValue(_ key: MonsterSortKey) -> String {
        let value = QuerySQL.rankedKeys(of: key.field) == nil ? QuerySQL.sortExpression(key.field, .postgres) : key.field.key
        return "SELECT \(value) FROM roster.monster WHERE id = $1::bigint"
    }

    let sql: String
    let parameters: [QuerySQL.Parameter]

    /// Up to `limit` rows of `columns` (and the arm's number last) from
    /// where `reading` says, in list order when forward, reversed when
    /// backward; `limit` nil for every row (to count them). Nil when the
    /// query sorts by more than one key: such lists are not paged.
    init?(selecting columns: String, _ query: MonsterQuery, _ reading: Reading, limit: Int?, namesMatchedBy ids: [Int64]? = nil) {
        guard query.order.count == 1, let key = query.order.first else { return nil }
        var builder = QuerySQL.Builder(dialect: .postgres)
        var conditions = query.conditions.filter { ids == nil || $0.field != .name }.map { builder.condition($0) }
        if let ids { conditions.append(builder.idIn(ids)) }
        // The arms name the anchor's id and value by tokens, bound only
        // where used: a placeholder the SQL never names has no type.
        var anchorID: Int64?
        var anchorValue: String?
        switch reading {
        case .after(let id, let value), .before(let id, let value): (anchorID, anchorValue) = (id, value)
        case .first, .last: break
        }
        var arms = Self.arms(key, reading, anchor: Self.anchorToken, value: anchorValue.map { _ in Self.valueToken })
        let named = arms.map(\.condition).joined(separator: " ")
        let anchorText = anchorID.map { id in named.contains(Self.anchorToken) ? builder.placeholder(.integer(id)) : "" } ?? ""
        let valueText = anchorValue.map { value in
            named.contains(Self.valueToken) ? builder.placeholder(key.field == .height ? .integer(Int64(value) ?? 0) : .text(value)) : ""
        } ?? ""
        arms = arms.map { arm in
            Arm(condition: arm.condition.replacing(Self.anchorToken, with: anchorText)
                    .replacing(Self.valueToken, with: valueText), order: arm.order)
        }
        let limited = limit.map { builder.placeholder(.integer(Int64(max(0, $0)))) }
        let filter = conditions.map { " AND " + $0 }.joined()
        // No arm (an anchor whose weapon is none of roster's): no row.
        let selects = (arms.isEmpty ? [Arm(condition: "false", order: "id")] : arms).enumerated().map { number, arm in
            "(SELECT \(columns), \(number) AS arm FROM roster.monster WHERE \(arm.condition)\(filter) ORDER BY \(arm.order)"
                + (limited.map { " LIMIT \($0)" } ?? "") + ")"
        }
        sql = "SELECT * FROM (" + selects.joined(separator: " UNION ALL ") + ") AS paged" + (limited.map { " LIMIT \($0)" } ?? "")
        parameters = builder.parameters
    }

    /// Where the arms name the anchor's id and its value, before binding.
    static let anchorToken = "\u{1}anchor\u{1}", valueToken = "\u{1}value\u{1}"

    /// One arm of the UNION: which rows, in which order.
    struct Arm {
        let condition: String
        let order: String
    }

    /// The arms for `key` read as `reading` says; `anchor` and `value`
    /// are the placeholders of the anchor's id and value (nil: unknown).
    static func arms(_ key: MonsterSortKey, _ reading: Reading, anchor: String, value anchorValue: String?) -> [Arm] {
        let backward = reading.isBackward
        let fromAnchor: Bool
        switch reading {
        case .after, .before: fromAnchor = true
        case .first, .last: fromAnchor = false
        }
        let later = backward ? "<" : ">"
        let byID = backward ? "id DESC" : "id"
        if key.field == .id {
            // Descending ids read forward go down.
            let down = key.descending != backward
            return [Arm(condition: fromAnchor ? "id \(down ? "<" : ">") \(anchor)" : "true", order: down ? "id DESC" : "id")]
        }
        if let keys = QuerySQL.rankedKeys(of: key.field) {
            let column = key.field.key
            var inOrder = key.descending ? Array(keys.reversed()) : keys
            if backward { inOrder.reverse() }
            // The keys are the program's own words, written as SQL literals.
            func literal(_ key: String) -> String { "'" + key + "'" }
            guard fromAnchor else { return inOrder.map { Arm(condition: "\(column) = " + literal($0), order: byID) } }
            guard let anchorValue else { return [] }
            // The anchor's own run, then every key after it (the keys
            // are the program's own words; the anchor's is bound).
            let own = Arm(condition: "\(column) = \(anchorValue) AND id \(later) \(anchor)", order: byID)
            let place = "(CASE \(anchorValue) " + inOrder.enumerated().map { "WHEN '\($1)' THEN \($0)" }.joined(separator: " ") + " END)"
            return [own] + inOrder.enumerated().map { index, value in
                Arm(condition: "\(column) = " + literal(value) + " AND \(place) < \(index)", order: byID)
            }
        }
        let value = QuerySQL.sortExpression(key.field, .postgres)
        // The index's direction, or its mirror when reading backward: a
        // field that may be unknown has an index each way (NULLS LAST);
        // a name has one, ascending, read backward for descending.
        let ascending = key.descending == backward
        let nullsFirst = key.field.isNullable ? backward : !ascending
        let valueOrder = "\(value) \(ascending ? "ASC" : "DESC") NULLS \(nullsFirst ? "FIRST" : "LAST"), \(byID)"
        let known = key.field.isNullable ? "\(value) IS NOT NULL" : "true"
        let unknown = "\(value) IS NULL"
        guard fromAnchor else {
            let valued = Arm(condition: known, order: valueOrder)
            guard key.field.isNullable else { return [valued] }
            // Unknown values sort last either way: first when read backward.
            let unknowns = Arm(condition: unknown, order: byID)
            return backward ? [unknowns, valued] : [valued, unknowns]
        }
        guard let anchorValue else {
            // The anchor is among the unknowns: before it lie the other
            // unknowns, then every known value; after it, unknowns only.
            let unknowns = Arm(condition: "\(unknown) AND id \(later) \(anchor)", order: byID)
            return backward ? [unknowns, Arm(condition: known, order: valueOrder)] : [unknowns]
        }
        var arms = [Arm(condition: "\(known) AND \(value) \(ascending ? ">" : "<") \(anchorValue)", order: valueOrder)]
        // The rest of the anchor's run: none for a name, whose key is unique.
        if key.field != .name {
            arms.insert(Arm(condition: "\(known) AND \(value) = \(anchorValue) AND id \(later) \(anchor)", order: byID), at: 0)
        }
        if key.field.isNullable, !backward { arms.append(Arm(condition: unknown, order: byID)) }
        return arms
    }
}
