import Testing
@testable import RosterCore

/// An import tells each mistake once, labelled for what it is: a problem
/// that only follows from another one (a misspelt key, then the field it
/// meant said to be missing) is not told again, and valid JSON of the
/// wrong shape is not called a syntax error.
@Suite("Import problems told once, labelled for what they are")
struct ImportProblemFollowingTests {
    private func problems(_ text: String, format: MonsterReader.Format? = nil) throws -> [InputProblem] {
        try JSONTestSuiteTests.problems(Array(text.utf8), format: format, named: format)
    }

    @Test("a misspelt JSON key is told with the key meant, and that key is not also told missing")
    func misspeltKey() throws {
        let told = try problems(#"[{"nme": "X", "weapon": "fire"}]"#, format: .json)
        #expect(told.map(\.message) == ["unknown key `nme`; did you mean `name`?"])
        let both = try problems(#"{"nme": "X", "wepon": "fire"}"# + "\n", format: .ndjson)
        #expect(both.count == 2, "\(both.map(\.message))")
        #expect(!both.contains { $0.message.hasPrefix("the record has no") })
        // A key that suggests nothing leaves the missing field told.
        let other = try problems(#"[{"zzz": "X", "weapon": "fire"}]"#, format: .json)
        #expect(other.contains { $0.message == "the record has no name" })
    }

    @Test("a misspelt CSV column is told with the column meant, and the header is not also said to lack it")
    func misspeltColumn() throws {
        let told = try problems("name,weapn\nX,fire\n", format: .csv)
        #expect(told.map(\.message) == ["unknown column `weapn`; did you mean `weapon`?"])
        let lacking = try problems("name,colour\nX,red\n", format: .csv)
        #expect(lacking.contains { $0.message.hasPrefix("the header has no weapon column") })
    }

    @Test("a misspelt document key is told once, as the document's, not as a monster with no name or weapon")
    func misspeltDocument() throws {
        let format = try problems(#"{"formt": "roster", "monsters": []}"#)
        #expect(format.map(\.message) == ["unknown key `formt` in the document; did you mean `format`?"])
        let monsters = try problems(#"{"monster": [{"name": "X", "weapon": "fire"}]}"#)
        #expect(monsters.map(\.message) == ["unknown key `monster` in the document; did you mean `monsters`?"])
        // A monster's own first key still starts NDJSON.
        let monster = try problems(#"{"nme": "X", "weapon": "fire"}"# + "\n")
        #expect(monster.map(\.message) == ["unknown key `nme`; did you mean `name`?"])
    }

    @Test("a key twice in one object is valid JSON refused on purpose: a shape problem, not syntax")
    func duplicateKey() throws {
        for format in [MonsterReader.Format.json, .ndjson] {
            let text = format == .json ? #"[{"name": "X", "name": "Y", "weapon": "fire"}]"# : #"{"name": "X", "name": "Y", "weapon": "fire"}"# + "\n"
            let told = try problems(text, format: format)
            #expect(told.map(\.kind) == [.shape], "\(format): \(told)")
        }
    }

    @Test("a number in the monsters array is not called a monster")
    func numberInArray() throws {
        let told = try problems("[1 2]", format: .json)
        #expect(told.first?.message == "expected `,` or `]` after a value of the monsters array but found `2`")
    }
}
