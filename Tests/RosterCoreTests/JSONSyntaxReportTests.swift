import Testing
@testable import RosterCore

/// The classes of broken JSON that JSONTestSuite (nst/JSONTestSuite) showed
/// answered with a sentence about the document's shape, or a limit,
/// instead of the syntax error at its line and column. Valid JSON of the
/// wrong shape still gets the sentence about the shape.
@Suite("JSON syntax errors are reported at their place")
struct JSONSyntaxReportTests {
    @Test("an object that is not JSON is not taken for NDJSON", arguments: [
        (#"{"a" b}"#, #"1:6: expected ':' after the key "a""#),
        (#"{"a":"a" 123}"#, "1:10: expected ',' or '}' but found '1'"),
        ("{\"a\":\"b\"}/**/", "1:10: unexpected text after the JSON value"),
        (#"{"a":"b",}"#, "1:10: expected a quoted key but found '}'"),
        ("{\n  \"a\": tru\n}", "2:8: expected a JSON value but found 't'"),
    ])
    func brokenObject(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, format: .json)
        #expect(described(problems) == [problem])
    }

    @Test("text that does not start like JSON gets its first mistake", arguments: [
        ("<.>", "1:1: expected a JSON value but found '<'"),
        ("  ]", "1:3: expected a JSON value but found ']'"),
        (#""abc"#, "1:1: a string starting here is never closed"),
        ("2@", "1:2: unexpected text after the JSON value"),
    ])
    func notJSON(_ text: String, _ problem: String) throws {
        let (_, problems) = try readImport(text, format: .json)
        #expect(described(problems).first?.hasPrefix(problem) == true, "\(described(problems))")
        #expect(problems.count == 1)
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
        #expect(described(problems) == ["1:66: the JSON is nested more than 64 levels deep"])
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
        #expect(described(problems) == [#"1:3: a backslash before 'x' is not a JSON escape; a backslash itself is written \\"#])
    }
}
