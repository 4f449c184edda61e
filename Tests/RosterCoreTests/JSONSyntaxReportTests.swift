import Testing
@testable import RosterCore

/// The classes of broken JSON that JSONTestSuite (nst/JSONTestSuite) showed
/// answered with a sentence about the document's shape, or a limit,
/// instead of the syntax error at its line and column. Valid JSON of the
/// wrong shape still gets the sentence about the shape.
@Suite("JSON syntax errors are reported at their place")
struct JSONSyntaxReportTests {
    @Test("an object that is not JSON is not taken for NDJSON", arguments: [
        (#"{"a" b}"#, #"1:6: expected `:` after the key `a`"#),
        (#"{"a":"a" 123}"#, "1:10: expected `,` or `}` but found `1`"),
        ("{\"a\":\"b\"}/**/", "1:10: unexpected text after the JSON value: `/`"),
        (#"{"a":"b",}"#, "1:10: expected a quoted key but found `}`"),
        ("{\n  \"a\": tru\n}", "2:8: expected a JSON value but found `t`"),
    ])
    func brokenObject(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, format: .json)
        #expect(described(problems) == [problem])
    }

    @Test("text after a whole value is told in one wording, whichever reader finds it", arguments: [
        (#"{"format": "roster", "version": 2, "monsters": []} x"#, "1:52: unexpected text after the JSON value: `x`"),
        (#"[{"name": "A", "weapon": "fire"}]]"#, "1:34: unexpected text after the JSON value: `]`"),
        ("{\"a\":\"b\"}@", "1:10: unexpected text after the JSON value: `@`"),
    ])
    func textAfterTheValue(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, format: .json)
        #expect(described(problems) == [problem])
    }

    @Test("text that does not start like JSON gets its first mistake", arguments: [
        ("<.>", "1:1: expected a JSON value but found `<`"),
        ("  ]", "1:3: expected a JSON value but found `]`"),
        (#""abc"#, "1:1: a string starting here is never closed"),
        ("2@", "1:2: unexpected text after the JSON value"),
    ])
    func notJSON(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, format: .json)
        #expect(described(problems).first?.hasPrefix(problem) == true, "\(described(problems))")
        #expect(problems.count == 1)
    }

    @Test("found by its name: a .json file that does not start like JSON gets its syntax error, not CSV's messages", arguments: [
        ("<.>", "1:1: expected a JSON value but found `<`"),
        ("abc", "1:1: expected a JSON value but found `a`"),
        ("]", "1:1: expected a JSON value but found `]`"),
        ("1]", "1:2: unexpected text after the JSON value"),
        ("2@", "1:2: unexpected text after the JSON value"),
        ("*", "1:1: expected a JSON value but found `*`"),
        ("\u{E5}", "1:1: expected a JSON value but found"),
        (#"""x"#, "1:3: unexpected text after the JSON value"),
        (#""\UA66D""#, "1:2: a backslash before `U` is not a JSON escape"),
    ])
    func notJSONByName(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, named: .json)
        #expect(problems.count == 1)
        #expect(described(problems).first?.hasPrefix(problem) == true, "\(described(problems))")
        // The name only decides for text that would be taken for CSV; it says so.
        #expect(problems.first?.message.hasSuffix("(the file's name says JSON; if it is CSV, give --format csv)") == true)
        let (_, ndjson) = try readImport(text, named: .ndjson)
        #expect(described(ndjson).first?.hasPrefix(problem) == true, "\(described(ndjson))")
    }

    @Test("the name does not overrule the content: CSV named .csv, JSON named .csv, NDJSON named .json")
    func nameOnlyForNonJSON() throws {
        let (csv, csvProblems) = try readImport("name,weapon\nA-Bot,fire\n", named: .csv)
        #expect(csv.count == 1 && csvProblems.isEmpty)
        let (json, jsonProblems) = try readImport(#"[{"name": "A-Bot", "weapon": "fire"}]"#, named: .csv)
        #expect(json.count == 1 && jsonProblems.isEmpty)
        let (lines, lineProblems) = try readImport("{\"name\": \"A-Bot\", \"weapon\": \"fire\"}\n", named: .json)
        #expect(lines.count == 1 && lineProblems.isEmpty)
        let (_, scalar) = try readImport("42", named: .json)
        #expect(described(scalar).first?.hasSuffix(", but found a number") == true)
    }

    @Test("a document that is not JSON lists its syntax error before what it said of the records", arguments: [
        ("[1 true]", "1:4: expected `,` or `]` after a value of the monsters array but found `t`", 2),
        ("[{}", "1:4: the JSON text ends before the monsters array is closed", 3),
        (#"[{"name": "A", "weapon": "fire"} 1]"#, "1:34: expected `,` or `]` after a value of the monsters array but found `1`", 1),
        (#"[1, {"a" "b"}]"#, #"1:10: expected `:` after the key `a`"#, 2),
        ("{\"format\": \"roster\", \"monsters\": [2, 3}", "1:39: expected `,` or `]` after a value of the monsters array but found `}`", 3),
    ])
    func syntaxErrorFirst(_ text: String, _ problem: String, _ count: Int) throws {
        for named in [nil, MonsterReader.Format.json] {
            let (_, problems) = try readImport(text, format: named == nil ? .json : nil, named: named)
            #expect(described(problems).first == problem, "\(described(problems))")
            #expect(problems.count == count, "\(described(problems))")
        }
    }

    @Test("one object over several lines is valid JSON: it is told how to give it, not given its lines' syntax errors")
    func objectOverLines() throws {
        let pretty = "{\n  \"name\": \"A-Bot\",\n  \"weapon\": \"fire\"\n}\n"
        for named in [nil, MonsterReader.Format.json] {
            let (records, problems) = try readImport(pretty, named: named)
            #expect(records.isEmpty)
            #expect(described(problems) == ["1:1: this is one JSON object over several lines; import reads NDJSON with one monster object on each line, an array of monsters or a roster JSON document: put the object on one line, or in [ ]"])
        }
        // One object on its line is NDJSON of one monster, as before.
        let (one, none) = try readImport("{\"name\": \"A-Bot\", \"weapon\": \"fire\"}\n")
        #expect(one.count == 1 && none.isEmpty)
    }

    @Test("a syntax error is listed even after the most problems a log lists")
    func syntaxErrorPastTheLimit() throws {
        let records = Array(repeating: "1", count: ProblemLog.limit + 5).joined(separator: ",")
        let (_, problems) = try readImport("[\(records) 2]", format: .json)
        #expect(problems.count == ProblemLog.limit)
        #expect(problems.first?.message.hasPrefix("expected `,` or `]` after a value of the monsters array but found `2`") == true)
    }

    @Test("valid JSON of the wrong shape still says what shape import wants")
    func validButNotARoster() throws {
        let (_, lines) = try readImport(#"{"name": "A", "weapon": "fire"}"#, format: .json)
        #expect(described(lines).first?.hasSuffix("it looks like NDJSON: try --format ndjson") == true)
        let (_, scalar) = try readImport("42", format: .json)
        #expect(described(scalar).first?.hasSuffix(", but found a number") == true)
    }

    @Test("nesting too deep is said where it happens, however long the file")
    func deepNesting() throws {
        let (_, problems) = try readImport(String(repeating: "[", count: 100_000), format: .json)
        // The 65th bracket, the first past the limit, as the parser counts over the whole text.
        #expect(described(problems) == ["1:65: the JSON is nested more than 64 levels deep"])
        let (_, inDocument) = try readImport(#"{"monsters": "# + String(repeating: "[", count: 100), format: .json)
        #expect(described(inDocument) == ["1:77: the JSON is nested more than 64 levels deep"])
    }

    @Test("a long number, as a double written out in full, is read")
    func longNumber() throws {
        let number = "-0." + String(repeating: "0", count: 77) + "1"
        let (_, problems) = try readImport("[\(number)]", format: .json)
        #expect(described(problems) == ["1:2: expected a monster object but found a number"])
    }

    @Test("an unknown escape names the character after the backslash")
    func unknownEscape() throws {
        let (_, problems) = try readImport(#"["\x00"]"#, format: .json)
        #expect(described(problems) == [#"1:3: a backslash before `x` is not a JSON escape; a backslash itself is written `\\`"#])
    }
}
