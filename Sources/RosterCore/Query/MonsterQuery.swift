/// Which monsters a reading asks for, in which order, with which fields:
/// the one filter and sort language of `list --where`, `export --sort`,
/// `set-weapon --where` and the interface's `/`.
///
/// A query is a value made by `QueryParser` from what a person typed and
/// read by every store the same way: each store turns it into its own SQL
/// through `QuerySQL`, with every typed value a bound parameter, so the
/// database does the filtering and sorting (and its indexes serve them)
/// and rows still stream from the store to the output without a
/// `Monster` or a `String` in between.
///
/// Comparisons work on ranges: a typed value stands for every stored
/// value it could mean (`height>=5ft` is 60 inches and up, `activated=
/// 2020-01-01` is that whole day on the local clock, an id is itself), so
/// `=`, `<`, `<=`, `>`, `>=` and `!=` mean what they say at any precision.
public struct MonsterQuery: Sendable {
    /// All must hold (AND).
    public var conditions: [MonsterCondition]
    /// Sort keys, most significant first; ties keep roster order (by id).
    public var order: [MonsterSortKey]
    /// The fields each record carries, in this order; nil for every field.
    public var fields: [MonsterField]?
    /// What the matches are for, which decides what a name reading as
    /// several monsters' means (see `resolvingNames`).
    public var purpose: Purpose = .reading

    /// Reading the matches (`list`, `export`, the interface's `/`), or
    /// acting on each of them (`remove`, `set-weapon` and `edit --where`).
    public enum Purpose: Sendable {
        case reading
        case acting
    }

    public init(conditions: [MonsterCondition] = [], order: [MonsterSortKey] = [], fields: [MonsterField]? = nil) {
        self.conditions = conditions
        self.order = order
        self.fields = fields
    }

    /// Every monster, every field, in roster order.
    public static let everything = MonsterQuery()

    /// The monsters carrying `weapon` (every one when nil): `list --weapon`.
    public static func carrying(_ weapon: WeaponType?) -> MonsterQuery {
        guard let weapon else { return .everything }
        return MonsterQuery(conditions: [MonsterCondition(field: .weapon, comparison: .equal, value: .key(weapon.key))])
    }

    /// The fields records carry: those asked for, else all.
    public var recordFields: [MonsterField] { fields ?? MonsterFields.all }

    /// This query for reading whole monsters: every field, whatever was asked.
    public var allFields: MonsterQuery {
        var query = self
        query.fields = nil
        return query
    }

    /// This query for acting on each match: a name reading as several
    /// monsters', spelled as none of them, is refused.
    public var acting: MonsterQuery {
        var query = self
        query.purpose = .acting
        return query
    }

    /// Whether it asks for anything but the whole roster in roster order.
    public var isEverything: Bool { conditions.isEmpty && order.isEmpty && fields == nil }
}

/// A field the language can filter and sort by: the export's keys.
public enum QueryField: String, CaseIterable, Sendable {
    case id, name, description, icon
    case nameColor = "name_color"
    case weapon, height, origin, activated

    /// The key people type and formats use.
    public var key: String { rawValue }

    /// The field of the model it is.
    public var field: MonsterField { MonsterFields.field(key) ?? MonsterFields.all[0] }

    /// Whether `<`, `<=`, `>`, `>=` compare it (a number or a moment).
    var isOrdered: Bool { self == .id || self == .height || self == .activated }

    /// Whether it is free text (`~` looks inside it).
    var isText: Bool { self == .name || self == .description || self == .icon }

    /// Whether it may be unknown (`height=none`).
    var isNullable: Bool { self == .height || self == .origin || self == .activated }
}

/// `=`, `!=`, `<`, `<=`, `>`, `>=` and `~` (contains, ignoring case).
public enum Comparison: String, CaseIterable, Sendable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains = "~"
}

/// One `FIELD OP VALUE`, its value already read as the field reads values.
public struct MonsterCondition: Sendable {
    public enum Value: Sendable, Equatable {
        /// Free text, compared exactly (`=`), or looked for inside (`~`).
        case text(String)
        /// A stored key: a weapon's, a colour's, a country's code.
        case key(String)
        /// Every stored number from `lower` up to but not including `upper`:
        /// an id, a height in inches, a moment in seconds since 1970.
        case range(lower: Int64, upper: Int64)
        /// Unknown (`none`).
        case unknown
        /// One of these ids: the interface's matches, put in order by the store.
        case ids([Int64])
    }

    public let field: QueryField
    public let comparison: Comparison
    public let value: Value

    /// The monsters with these ids (nothing a person types).
    public static func idIn(_ ids: [Int64]) -> MonsterCondition {
        MonsterCondition(field: .id, comparison: .equal, value: .ids(ids))
    }

    /// `name~text`: what the interface's filter by part of a name finds.
    public static func nameContains(_ text: String) -> MonsterCondition {
        MonsterCondition(field: .name, comparison: .contains, value: .text(text))
    }
}

/// One field of `--sort`, ascending unless written with a leading `-`.
public struct MonsterSortKey: Sendable, Equatable {
    public let field: QueryField
    public let descending: Bool

    public init(field: QueryField, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// `weapon` or `-height`, as typed.
    public var text: String { (descending ? "-" : "") + field.key }
}

extension MonsterQuery {
    /// Whether a condition is on the name: those are matched by the stored
    /// name keys, which another program may have left wrong.
    var hasNameCondition: Bool { conditions.contains { $0.field == .name } }

    /// Whether the rows are sorted by name: by the stored keys too, so a
    /// writer derives the stale ones again first, as before a lookup.
    var sortsByName: Bool { order.contains { $0.field == .name } }

    /// This query with each `name=X` and `name!=X` made a condition on
    /// the ids of the monsters `X` names, found as a lookup by name finds
    /// them: `monstersReadingAs(X)` gives every monster whose current name
    /// reads as `X` (each row re-checked by its name, never trusted by a
    /// stored key another program may have left behind), and of two that
    /// read alike the one spelled exactly so is meant. Spelled as neither,
    /// a reading takes (or, with `!=`, leaves out) every one of them, as
    /// `=` ignores case; an action is refused naming each
    /// (`MonsterRules.oneMonster`), so that `remove --where 'name = ꓚat-Bot'`
    /// never takes `Cat-Bot` with it and no command acts on a monster a
    /// person did not name.
    func resolvingNames(_ monstersReadingAs: (String) throws -> [Monster]) throws -> MonsterQuery {
        guard conditions.contains(where: { $0.field == .name && $0.comparison != .contains }) else { return self }
        var resolved = self
        resolved.conditions = try conditions.map { condition in
            guard condition.field == .name, condition.comparison != .contains, case .text(let text) = condition.value else {
                return condition
            }
            let candidates = try monstersReadingAs(text)
            let named: [Monster] = switch purpose {
            case .acting: try MonsterRules.oneMonster(named: text, among: candidates).map { [$0] } ?? []
            case .reading: MonsterRules.spelledExactly(text, among: candidates).map { [$0] } ?? candidates
            }
            return MonsterCondition(field: .id, comparison: condition.comparison == .notEqual ? .notEqual : .equal,
                                    value: .ids(named.map(\.id)))
        }
        return resolved
    }

    /// Whether `name` meets every name condition, by the key the name
    /// gives now: what the SQL asks of a right key, for a roster whose keys
    /// cannot be trusted.
    func nameConditionsHold(for name: String) -> Bool {
        let key = MonsterRules.nameKey(name)
        return conditions.allSatisfy { condition in
            guard condition.field == .name, case .text(let text) = condition.value else { return true }
            let wanted = MonsterRules.nameKey(text)
            switch condition.comparison {
            case .contains: return wanted.isEmpty || key.contains(wanted)
            case .notEqual: return key != wanted
            default: return key == wanted
            }
        }
    }
}
