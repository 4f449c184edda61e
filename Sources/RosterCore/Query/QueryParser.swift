import TextSafety

/// Why a filter, sort or field list means nothing: one sentence that
/// quotes what was typed and says where (`column`, counted in characters
/// from 1), with the word most likely meant.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem itself: `unknown field `wepon`; did you mean `weapon`?`.
    public let problem: String
    /// The whole text the problem was found in.
    public let expression: String
    /// Where in `expression` it starts, from 1.
    public let column: Int
    /// The word most likely meant, when there is one.
    public let suggestion: String?

    /// `` `wepon=fire`, column 1: unknown field `wepon`; did you mean `weapon`? ``
    public var description: String { "\(Quote.code(expression)), column \(column): \(problem)" }

    /// The expression and a caret under the place (text from elsewhere
    /// escaped), for a terminal's fixed-width font.
    /// A long expression shows the 120 characters about the place, `…`
    /// where it is cut.
    public var caretLines: [String] {
        let typed = Array(expression)
        let window = 120
        let start = typed.count <= window ? 0 : max(0, min(column - 1 - window / 2, typed.count - window))
        let end = min(typed.count, start + window)
        let lead = start > 0 ? "…" : ""
        let shown = lead + SafeText.escaped(String(typed[start..<end])) + (end < typed.count ? "…" : "")
        let before = lead + SafeText.escaped(String(typed[start..<min(max(start, column - 1), end)]))
        return ["  " + shown, "  " + String(repeating: " ", count: before.count) + "^"]
    }
}

/// Reads the filter and sort language: `FIELD OP VALUE`, several joined by
/// `and` (or given as several `--where`); `--sort FIELD[,FIELD…]` with a
/// leading `-` for descending; `--fields FIELD,…`. Fields are the
/// export's keys, forgiving `colour` and `color`; values are read as the
/// commands read them (`weapon=ninja star`, `height>=5ft`, `origin=Japan`,
/// `activated<2020-01-01`), and `none` is unknown. A value may be quoted
/// (`description~"fire and ice"`) to hold an `and`.
public enum QueryParser {
    /// The operators, longest first so that `<=` is not read as `<`.
    private static let operators: [(text: String, comparison: Comparison)] = [
        ("!=", .notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("==", .equal),
        ("=", .equal), ("<", .less), (">", .greater), ("~", .contains),
    ]
    private static let operatorCharacters: Set<Character> = ["=", "!", "<", ">", "~"]
    private static let noOr = "there is no `or`: only `and` joins conditions; run the command once for each condition"

    /// At most this many conditions in one query, and sort keys in one
    /// order: far past what a person writes, and well inside SQLite's
    /// depth of an expression (1,000) and terms of an ORDER BY, whose
    /// errors would read as a failing database.
    public static let conditionLimit = 100
    public static let sortKeyLimit = 20

    /// The conditions of every expression, all of which must hold.
    public static func conditions(_ expressions: [String]) throws(QueryError) -> [MonsterCondition] {
        var conditions: [MonsterCondition] = []
        for expression in expressions {
            conditions += try self.conditions(expression)
            try checkConditionCount(conditions.count, in: expression)
        }
        return conditions
    }

    private static func checkConditionCount(_ count: Int, in expression: String) throws(QueryError) {
        guard count > conditionLimit else { return }
        throw QueryError(problem: "more than \(conditionLimit) conditions; roster takes at most \(conditionLimit) in one command",
                         expression: expression, column: 1, suggestion: nil)
    }

    /// The conditions of one expression, `weapon=fire and height>5ft`.
    public static func conditions(_ expression: String) throws(QueryError) -> [MonsterCondition] {
        let characters = Array(expression)
        var conditions: [MonsterCondition] = []
        let parts = try split(characters, in: expression)
        for (index, part) in parts.enumerated() {
            if index > 0, characters[part].allSatisfy({ $0 == " " }) {
                // `weapon=fire and`: the `and` was typed, the condition not yet.
                throw QueryError(problem: "the condition after `and` is missing; write FIELD OP VALUE after it, or leave out `and`",
                                 expression: expression, column: part.lowerBound + 1, suggestion: nil)
            }
            conditions.append(try condition(characters, part, in: expression))
            try checkConditionCount(conditions.count, in: expression)
        }
        return conditions
    }

    /// Whether `text`, typed in the interface's `/`, is meant as an
    /// expression rather than part of a name: a word of letters (a field,
    /// perhaps misspelt) before an operator. `Cat-Bot` and `R2=D2` are names.
    public static func looksLikeExpression(_ text: String) -> Bool {
        guard let first = text.firstIndex(where: { operatorCharacters.contains($0) }) else { return false }
        let word = text[..<first].trimmingCharacters(in: " ")
        return !word.isEmpty && word.allSatisfy { $0.isLetter || $0 == "_" || $0 == "-" || $0 == " " }
    }

    /// Whether `text`, typed so far in `/`, may be the first letters of an
    /// expression: a field's name or its beginning (`we`, `weapon`,
    /// `name col`), before any operator. The interface keeps the list as
    /// it was while this holds, rather than filter names by `we` for the
    /// moment before `weapon=fire`.
    public static func mayBeginExpression(_ text: String) -> Bool {
        let word = text.trimmingCharacters(in: " ")
        guard !word.isEmpty, !word.contains(where: operatorCharacters.contains) else { return false }
        let folded = word.lowercased().replacing("-", with: "_").replacing(" ", with: "_")
        return fieldSpellings.contains { $0.hasPrefix(folded) }
    }

    /// Every way `field(_:)` reads a field's name.
    private static let fieldSpellings = QueryField.allCases.map(\.key) + ["color", "colour", "name_colour", "namecolor"]

    /// `weapon,-height`: the sort keys, most significant first.
    public static func sortKeys(_ text: String) throws(QueryError) -> [MonsterSortKey] {
        let keys = try list(text) { word, column throws(QueryError) -> MonsterSortKey in
            var word = word, column = column
            var descending = false
            if let sign = word.first, sign == "-" || sign == "+" {
                descending = sign == "-"
                word.removeFirst()
                column += 1
            }
            return MonsterSortKey(field: try field(word, column: column, in: text), descending: descending)
        }
        guard keys.count <= sortKeyLimit else {
            throw QueryError(problem: "more than \(sortKeyLimit) sort keys; roster sorts by at most \(sortKeyLimit) (there are only \(MonsterFields.all.count) fields)",
                             expression: text, column: 1, suggestion: nil)
        }
        return keys
    }

    /// `name,weapon`: the fields each record carries, in this order.
    public static func fields(_ text: String) throws(QueryError) -> [MonsterField] {
        try list(text) { word, column throws(QueryError) in
            try field(word, column: column, in: text).field
        }
    }

    /// The field a word names: its key in any case, with `-` or a space
    /// for `_`, and `colour` or `color` for `name_color`.
    public static func field(_ word: String, column: Int, in expression: String) throws(QueryError) -> QueryField {
        let folded = word.lowercased().replacing("-", with: "_").replacing(" ", with: "_").replacing("colour", with: "color")
        if let field = QueryField(rawValue: folded) { return field }
        if folded == "color" || folded == "namecolor" { return .nameColor }
        // `colur` is far from `name_color` but one letter from `color`.
        let suggestion = MonsterFields.suggestion(for: word)
            ?? EditDistance.closest(to: folded, among: ["color", "name_color"]).map { _ in QueryField.nameColor.key }
        let known = QueryField.allCases.map(\.key).joined(separator: ", ")
        let problem = word.isEmpty
            ? "a field is missing; the fields are \(known)"
            : "unknown field \(Quote.code(word)); " + (suggestion.map { "did you mean \(Quote.code($0))?" } ?? "the fields are \(known)")
        throw QueryError(problem: problem, expression: expression, column: column, suggestion: suggestion)
    }

    // MARK: Pieces

    /// The ranges of `characters` between ` and `s outside quotes. An
    /// `and` at the very end ends the expression with an empty range, so
    /// that it is told as the missing condition it is, not read as part of
    /// a value (`unknown weapon `fire and``). An ` or ` before something
    /// that reads as a condition is refused: the language has no `or`.
    private static func split(_ characters: [Character], in expression: String) throws(QueryError) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0, index = 0
        var quote: Character?
        var quoteStart = 0
        // Kept as the scan goes, never searched again: a search back to the
        // part's start at every character made a long value quadratic.
        var operatorSeen = false
        var valueStarted = false
        /// The lowercased word of `length` letters at `index`, between a space and a space or the end.
        func word(_ length: Int, at index: Int) -> String? {
            guard characters[index] == " ", index + 1 + length <= characters.count,
                  index + 1 + length == characters.count || characters[index + 1 + length] == " " else { return nil }
            return String(characters[index + 1..<index + 1 + length]).lowercased()
        }
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                // A quote doubled inside a quoted value is one quote of
                // the value (`'O''Brien-Bot'`), as in SQL.
                if character == open, index + 1 < characters.count, characters[index + 1] == open {
                    index += 2
                    continue
                }
                if character == open { quote = nil }
                index += 1
                continue
            }
            if !operatorSeen {
                operatorSeen = operatorCharacters.contains(character)
            } else if !valueStarted, character != " ", !operatorCharacters.contains(character) {
                valueStarted = true
                // Only a value's first character opens a quote: the
                // apostrophe of `O'Brien-Bot` is a letter of the name, and
                // taken as a quote it swallowed every condition after it.
                if character == "\"" || character == "'" {
                    quote = character
                    quoteStart = index
                    index += 1
                    continue
                }
            }
            if operatorSeen, word(3, at: index) == "and" {
                parts.append(start..<index)
                index += min(5, characters.count - index)
                start = index
                operatorSeen = false
                valueStarted = false
                continue
            } else if operatorSeen, word(2, at: index) == "or",
                      looksLikeExpression(String(characters[min(index + 4, characters.count)...])) {
                throw QueryError(problem: noOr,
                                 expression: expression, column: index + 2, suggestion: nil)
            }
            index += 1
        }
        if let open = quote {
            throw QueryError(problem: "the quote \(open) that starts this value is never closed; close it, or write the value without quotes",
                             expression: expression, column: quoteStart + 1, suggestion: nil)
        }
        parts.append(start..<characters.count)
        return parts
    }

    private static func condition(_ characters: [Character], _ part: Range<Int>, in expression: String) throws(QueryError) -> MonsterCondition {
        func fail(_ problem: String, at index: Int, suggestion: String? = nil) -> QueryError {
            QueryError(problem: problem, expression: expression, column: index + 1, suggestion: suggestion)
        }
        var start = part.lowerBound
        while start < part.upperBound, characters[start] == " " { start += 1 }
        guard let operatorStart = characters[start..<part.upperBound].firstIndex(where: { operatorCharacters.contains($0) }) else {
            let text = String(characters[start..<part.upperBound])
            throw fail(text.isEmpty ? "an expression is empty; write FIELD OP VALUE, such as weapon=fire"
                                    : "\(Quote.code(text)) has no comparison; write FIELD OP VALUE, such as weapon=fire", at: start)
        }
        let word = String(characters[start..<operatorStart]).trimmingCharacters(in: " ")
        let field = try self.field(word, column: start + 1, in: expression)
        let rest = String(characters[operatorStart..<part.upperBound])
        guard let (text, comparison) = operators.first(where: { rest.hasPrefix($0.text) }) else {
            throw fail("\(Quote.code(String(characters[operatorStart]))) is not a comparison; use =, !=, <, <=, >, >= or ~", at: operatorStart)
        }
        let valueStart = operatorStart + text.count
        if comparison == .contains, !field.isText {
            throw fail("~ looks inside name, description and icon only; for \(field.key) use \(field.isOrdered ? "=, !=, <, <=, > or >=" : "= or !=")",
                       at: operatorStart)
        }
        if [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(comparison), !field.isOrdered {
            throw fail("\(text) compares id, height and activated only; for \(field.key) use = or !=\(field.isText ? " or ~" : "")",
                       at: operatorStart)
        }
        var first = valueStart
        while first < part.upperBound, characters[first] == " " { first += 1 }
        var value = String(characters[first..<part.upperBound]).trimmingCharacters(in: " ")
        if let open = value.first, open == "\"" || open == "'" {
            value = try unquoted(value, open: open, at: first, fail)
        }
        guard !value.isEmpty else {
            throw fail("\(Quote.code(word + text)) has no value; write FIELD OP VALUE, such as weapon=fire", at: valueStart)
        }
        do throws(ValueProblem) {
            return MonsterCondition(field: field, comparison: comparison, value: try read(value, for: field, comparison))
        } catch {
            // `weapon=fire or sword`: an `or` between values, which reads as no value at all.
            let typed = Array(value)
            if let or = typed.indices.dropLast(3).first(where: { index in
                typed[index] == " " && typed[index + 3] == " " && typed[index + 1].lowercased() == "o" && typed[index + 2].lowercased() == "r"
            }) {
                throw fail(noOr, at: first + or + 1)
            }
            throw fail(error.message, at: first, suggestion: error.suggestion)
        }
    }

    /// The text inside a quoted value, a doubled quote read as one. The
    /// value ends at its closing quote: text after it (`'O'Brien-Bot`,
    /// where the apostrophe closed the quote) is refused, never read as a
    /// value that silently matches nothing.
    private static func unquoted(_ value: String, open: Character, at first: Int,
                                 _ fail: (String, Int, String?) -> QueryError) throws(QueryError) -> String {
        let typed = Array(value)
        var inside = ""
        var index = 1
        while index < typed.count {
            if typed[index] == open {
                if index + 1 < typed.count, typed[index + 1] == open {
                    inside.append(open)
                    index += 2
                    continue
                }
                guard index == typed.count - 1 else {
                    throw fail("the value's quote closes before \(Quote.code(String(typed[(index + 1)...]))); to write a quote "
                               + "inside a quoted value, double it (\(open)O\(open)\(open)Brien-Bot\(open)), or write the value without quotes",
                               first + index + 1, nil)
                }
                return inside
            }
            inside.append(typed[index])
            index += 1
        }
        // Never closed: split refuses that before any condition is read.
        return inside
    }

    /// What `text` means for `field`, as the commands read it.
    private static func read(_ text: String, for field: QueryField, _ comparison: Comparison) throws(ValueProblem) -> MonsterCondition.Value {
        if field.isNullable, UnknownValue.isWord(text) {
            guard comparison == .equal || comparison == .notEqual else {
                throw ValueProblem("\(UnknownValue.word) (unknown) is only = or !=, never \(comparison.rawValue)")
            }
            return .unknown
        }
        switch field {
        case .name, .description, .icon:
            return .text(text)
        case .id:
            // A plain number, negative too (`id>-1`), or a reference (`#7`).
            guard let id = Int64(text) ?? MonsterRules.id(in: text) else { throw ValueProblem(MonsterFields.idRule(not: Quote.code(text))) }
            return .range(lower: id, upper: id == Int64.max ? id : id + 1)
        case .weapon:
            return .key(try WeaponType.reading(text).get().key)
        case .nameColor:
            return .key(try NameColor.reading(text).get().key)
        case .origin:
            return .key(try Country.reading(text).get().code)
        case .height:
            let inches = Int64(try Height.reading(text).get().totalInches)
            return .range(lower: inches, upper: inches + 1)
        case .activated:
            let moment = try Timestamp.reading(text).get()
            let start = moment.secondsSince1970
            guard isDay(text) else { return .range(lower: start, upper: start + 60) }
            return .range(lower: start, upper: startOfNextLocalDay(after: moment).secondsSince1970)
        }
    }

    /// Whether a moment was written as a whole day: `2020-01-01`, `today`, `yesterday`.
    private static func isDay(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: " ").lowercased()
        if trimmed == "today" || trimmed == "yesterday" { return true }
        let pattern = Array("dddd-dd-dd")
        let typed = Array(trimmed)
        return typed.count == pattern.count && zip(typed, pattern).allSatisfy { $1 == "d" ? $0.isASCII && $0.isNumber : $0 == $1 }
    }

    /// The start of the local day after the one `start` begins: a day is
    /// 23, 24 or 25 hours on a clock with daylight-saving time.
    private static func startOfNextLocalDay(after start: Timestamp) -> Timestamp {
        var fields = Timestamp(secondsSince1970: start.secondsSince1970 + 36 * 3600).localFields
        fields.hour = 0
        fields.minute = 0
        fields.second = 0
        return Timestamp(local: fields) ?? Timestamp(secondsSince1970: start.secondsSince1970 + 86_400)
    }

    /// The comma-separated items of `--sort` or `--fields`, each read by `item`.
    private static func list<Item>(_ text: String,
                                   _ item: (String, Int) throws(QueryError) -> Item) throws(QueryError) -> [Item] {
        var items: [Item] = []
        var column = 1
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix { $0 == " " }.count
            let word = piece.trimmingCharacters(in: " ")
            items.append(try item(word, column + leading))
            column += piece.count + 1
        }
        return items
    }
}

extension StringProtocol {
    /// The text without `character` at either end.
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
