import RosterCore

/// `--where`, `--sort` and `--fields`: the filter and sort language on
/// the command line (see `QueryParser` and docs/filter-language.md).
///
/// The options are read as text and turned into one `MonsterQuery` by the
/// command, so that a mistake is told as the language tells it: one
/// sentence quoting what was typed, with the column, then the expression
/// and a caret under the place; exit 64 as any usage error.
enum QueryOptions {
    static let filter = Option<String>(
        "where", value: "EXPR",
        "only monsters for which FIELD OP VALUE holds (=, !=, <, <=, >, >=, ~ contains), such as weapon=fire or height>=5ft; repeatable, all must hold",
        repeatable: true)
    static let sort = Option<String>(
        "sort", value: "FIELDS", "sort by these fields, a leading - for descending, such as weapon,-height (ties in id order)",
        completion: .fixed(QueryField.allCases.map(\.key)))
    static let fields = Option<String>(
        "fields", value: "FIELDS", "only these fields, in this order, such as name,weapon,height",
        completion: .fixed(QueryField.allCases.map(\.key)))

    static var all: [any OptionDeclaration] { [filter, sort, fields] }
}

extension Invocation {
    /// The query `--where`, `--sort` and `--fields` ask for, with the
    /// monsters carrying `weapon` only when one is given.
    func query(carrying weapon: WeaponType? = nil) throws(UsageError) -> MonsterQuery {
        var query = MonsterQuery.carrying(weapon)
        do throws(QueryError) {
            query.conditions += try QueryParser.conditions(values(QueryOptions.filter))
            if let sort = self[QueryOptions.sort] { query.order = try QueryParser.sortKeys(sort) }
            if let fields = self[QueryOptions.fields] { query.fields = try QueryParser.fields(fields) }
        } catch {
            let option = values(QueryOptions.filter).contains(error.expression) ? "--where"
                : self[QueryOptions.sort] == error.expression ? "--sort" : "--fields"
            throw UsageError("\(option) \(error.description)", command: commandName, detailLines: error.caretLines)
        }
        return query
    }
}
