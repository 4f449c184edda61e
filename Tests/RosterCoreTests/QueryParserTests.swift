import Testing
@testable import RosterCore

/// The filter and sort language read from what people type, and its
/// mistakes told in one sentence that quotes the text and says where.
@Suite("The filter and sort language")
struct QueryParserTests {
    private func problem(_ expression: String) -> QueryError? {
        do {
            _ = try QueryParser.conditions(expression)
            return nil
        } catch {
            return error
        }
    }

    @Test("fields forgive colour, color, case and a hyphen; values read as the commands read them")
    func reading() throws {
        let conditions = try QueryParser.conditions("Colour=Red and name-color != blue and weapon = ninja star")
        #expect(conditions.map(\.field) == [.nameColor, .nameColor, .weapon])
        #expect(conditions.map(\.comparison) == [.equal, .notEqual, .equal])
        #expect(conditions.map(\.value) == [.key("red"), .key("blue"), .key("ninja-star")])
        #expect(try QueryParser.conditions("origin=Japan").first?.value == .key("JP"))
        #expect(try QueryParser.conditions("height>=5ft").first?.value == .range(lower: 60, upper: 61))
        #expect(try QueryParser.conditions("height<170cm").first?.value == .range(lower: 67, upper: 68))
        // Metres as well as centimetres, a decimal part after a point or a comma.
        #expect(try QueryParser.conditions("height>=1m").first?.value == .range(lower: 39, upper: 40))
        #expect(try QueryParser.conditions("height>=1.8m").first?.value == .range(lower: 71, upper: 72))
        #expect(problem("height>=tall")?.problem == "`tall` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m",
                "the hint names the metric units a height takes")
        #expect(try QueryParser.conditions("origin=none").first?.value == .unknown)
        #expect(try QueryParser.conditions(#"description~"fire and ice""#).first?.value == .text("fire and ice"))
        #expect(try QueryParser.conditions(#"name~"Bot and""#).first?.value == .text("Bot and"))
        #expect(try QueryParser.conditions("description~fire or ice").first?.value == .text("fire or ice"))
    }

    @Test("an apostrophe inside a value is a letter of it: `name!=O'Brien-Bot and weapon=fire` is two conditions, not one that swallowed the second")
    func apostropheInsideValue() throws {
        let conditions = try QueryParser.conditions("name!=O'Brien-Bot and weapon=fire")
        #expect(conditions.map(\.field) == [.name, .weapon])
        #expect(conditions.map(\.value) == [.text("O'Brien-Bot"), .key("fire")])
        #expect(try QueryParser.conditions("description~it's and weapon=fire").map(\.value) == [.text("it's"), .key("fire")])
        #expect(try QueryParser.conditions(#"name="O'Brien-Bot" and weapon=fire"#).map(\.value) == [.text("O'Brien-Bot"), .key("fire")])
    }

    @Test("a long expression's caret shows the 120 characters about the place")
    func longCaret() {
        let expression = "name~" + String(repeating: "a", count: 200_000) + " and wepon=fire"
        let lines = problem(expression)?.caretLines ?? []
        #expect(lines.count == 2)
        #expect(lines.first?.count ?? 0 <= 2 + 122, "\(lines.first?.prefix(200) ?? "")")
        #expect(lines.first?.hasSuffix(" and wepon=fire") == true)
        // The caret is under the `w` of `wepon`.
        let caret = lines.last?.firstIndex(of: "^").map { lines.last!.distance(from: lines.last!.startIndex, to: $0) }
        let field = lines.first?.range(of: "wepon").map { lines.first!.distance(from: lines.first!.startIndex, to: $0.lowerBound) }
        #expect(caret != nil && caret == field)
    }

    @Test("an id is any whole number in range, negative too, or a reference")
    func ids() throws {
        #expect(try QueryParser.conditions("id>-1").map(\.value) == [.range(lower: -1, upper: 0)])
        #expect(try QueryParser.conditions("id=#7").map(\.value) == [.range(lower: 7, upper: 8)])
        #expect(problem("id=seven")?.problem == "an id is a whole number from \(Int64.min) to \(Int64.max), not `seven`")
    }

    @Test("a quote doubled inside a quoted value is one quote of it, as in SQL")
    func doubledQuote() throws {
        #expect(try QueryParser.conditions("name='O''Brien-Bot' and weapon=fire").map(\.value) == [.text("O'Brien-Bot"), .key("fire")])
        #expect(try QueryParser.conditions(#"description~"say ""hi"" and go""#).map(\.value) == [.text(#"say "hi" and go"#)])
        #expect(try QueryParser.conditions(#"name="O''Brien""#).map(\.value) == [.text("O''Brien")])
        #expect(problem("name='O''Brien")?.problem == "the quote ' that starts this value is never closed; close it, or write the value without quotes")
    }

    @Test("a quote that opens a value and never closes is refused at its column, never read as the rest of the text")
    func unclosedQuote() {
        // The apostrophe closes the quote: what follows it is told, never
        // read as a value that silently matches nothing.
        let closed = problem("name='O'Brien-Bot and weapon=fire")
        #expect(closed?.problem == "the value's quote closes before `Brien-Bot`; to write a quote inside a quoted value, "
                + "double it ('O''Brien-Bot'), or write the value without quotes")
        #expect(closed?.column == 9)
        let open = problem("name='unterminated and weapon=fire")
        #expect(open?.problem == "the quote ' that starts this value is never closed; close it, or write the value without quotes")
        #expect(open?.column == 6)
    }

    @Test("more conditions or sort keys than a person writes are a usage error, before SQLite's own limits could call the database failed")
    func limits() {
        let many = Array(repeating: "weapon=fire", count: 101).joined(separator: " and ")
        #expect(problem(many)?.problem == "more than 100 conditions; roster takes at most 100 in one command")
        #expect(problem(Array(repeating: "weapon=fire", count: 100).joined(separator: " and ")) == nil)
        do {
            _ = try QueryParser.conditions(Array(repeating: "weapon=fire", count: 101))
            Issue.record("101 --where conditions were taken")
        } catch {
            #expect(error.problem == "more than 100 conditions; roster takes at most 100 in one command")
        }
        do {
            _ = try QueryParser.sortKeys(Array(repeating: "name", count: 21).joined(separator: ","))
            Issue.record("21 sort keys were taken")
        } catch {
            #expect(error.problem.hasPrefix("more than 20 sort keys"))
        }
        #expect((try? QueryParser.sortKeys(Array(repeating: "name", count: 20).joined(separator: ","))) != nil)
    }

    @Test("an `and` with nothing after it is a missing condition, not part of the value")
    func trailingAnd() {
        for expression in ["weapon=fire and", "weapon=fire and ", "name~Bot AND"] {
            let error = problem(expression)
            #expect(error?.problem == "the condition after `and` is missing; write FIELD OP VALUE after it, or leave out `and`",
                    "\(expression)")
        }
        #expect(problem("weapon=fire and")?.column == 16)
    }

    @Test("`or` is named as what the language does not have, wherever it is typed")
    func noOr() {
        let told = "there is no `or`: only `and` joins conditions; run the command once for each condition"
        #expect(problem("weapon=fire or weapon=sword")?.problem == told)
        #expect(problem("weapon=fire or weapon=sword")?.column == 13)
        #expect(problem("weapon=fire OR sword")?.problem == told)
        #expect(problem("weapon=fire or sword")?.column == 13)
    }

    @Test("a misspelt field is named, with the field meant and where it starts")
    func misspeltField() {
        let error = problem("height>5ft and wepon=fire")
        #expect(error?.description == "`height>5ft and wepon=fire`, column 16: unknown field `wepon`; did you mean `weapon`?")
        #expect(error?.caretLines == ["  height>5ft and wepon=fire", "                 ^"])
        #expect(problem("colur=red")?.suggestion == "name_color")
        #expect(problem("zzz=1")?.problem == "unknown field `zzz`; the fields are id, name, description, icon, name_color, weapon, height, origin, activated")
    }

    @Test("a misspelt value is told as the commands tell it, pointing at the value")
    func misspeltValue() {
        let error = problem("weapon=swrod")
        #expect(error?.description == "`weapon=swrod`, column 8: unknown weapon `swrod`; did you mean `sword`?")
        #expect(problem("origin=Japn")?.problem.contains("did you mean `Japan`?") == true)
        #expect(problem("height>tall")?.column == 8)
    }

    @Test("operators only where they mean something; a missing piece is said")
    func operators() {
        #expect(problem("weapon<fire")?.problem == "< compares id, height and activated only; for weapon use = or !=")
        #expect(problem("name>=A")?.problem == ">= compares id, height and activated only; for name use = or != or ~")
        #expect(problem("weapon~fi")?.problem == "~ looks inside name, description and icon only; for weapon use = or !=")
        // Height, id and activated take the comparisons as well as = and !=.
        #expect(problem("height~5")?.problem == "~ looks inside name, description and icon only; for height use =, !=, <, <=, > or >=")
        #expect(problem("activated~2020")?.problem.hasSuffix("for activated use =, !=, <, <=, > or >=") == true)
        #expect(problem("weapon fire")?.problem == "`weapon fire` has no comparison; write FIELD OP VALUE, such as weapon=fire")
        #expect(problem("weapon=")?.problem == "`weapon=` has no value; write FIELD OP VALUE, such as weapon=fire")
        #expect(problem("=fire")?.column == 1)
        #expect(problem("height<none")?.problem == "none (unknown) is only = or !=, never <")
    }

    @Test("sort keys and field lists, with a leading - for descending")
    func lists() throws {
        #expect(try QueryParser.sortKeys("weapon,-height").map(\.text) == ["weapon", "-height"])
        #expect(try QueryParser.fields("name, colour").map(\.key) == ["name", "name_color"])
        #expect(throws: QueryError(problem: "unknown field `hieght`; did you mean `height`?", expression: "weapon,-hieght",
                                   column: 9, suggestion: "height")) {
            try QueryParser.sortKeys("weapon,-hieght")
        }
    }

    @Test("the interface's / tells an expression from a name")
    func expressionOrName() {
        #expect(QueryParser.looksLikeExpression("weapon=fire"))
        #expect(QueryParser.looksLikeExpression("wepon = fire"))
        #expect(QueryParser.looksLikeExpression("name colour=red"))
        #expect(!QueryParser.looksLikeExpression("Cat-Bot"))
        #expect(!QueryParser.looksLikeExpression("R2=D2"))
        #expect(!QueryParser.looksLikeExpression("=fire"))
    }
}
