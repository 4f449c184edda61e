import Testing
@testable import RosterCore

/// Semicolon-separated CSV, as spreadsheets write it where the decimal
/// separator is a comma: found from the header, or named by the caller.
@Suite("CSV delimiters")
struct CSVDelimiterTests {
    @Test("a header with semicolons and no comma makes the file semicolon-separated")
    func semicolonsDetected() throws {
        let (records, problems) = try readImport("name;weapon;description\r\nA-Bot;fire;\"one; two, three\"\r\nB-Bot;smoke;\r\n")
        #expect(problems.isEmpty, "\(described(problems))")
        #expect(records.map(\.monster.name) == ["A-Bot", "B-Bot"])
        #expect(records.first?.monster.description == "one; two, three")
    }

    @Test("a comma anywhere in the header keeps commas; a semicolon inside quotes does not count")
    func commasKept() throws {
        let (records, problems) = try readImport("name,weapon,description\nA;Bot,fire,x;y\n")
        #expect(problems.isEmpty, "\(described(problems))")
        #expect(records.first?.monster.name == "A;Bot")
        #expect(CSVMonsterReader.detectDelimiter(Array("\"a;b\",weapon".utf8).withUnsafeBufferPointer { $0 }) == UInt8(ascii: ","))
        #expect(CSVMonsterReader.detectDelimiter(Array("\"a,b\";weapon".utf8).withUnsafeBufferPointer { $0 }) == UInt8(ascii: ";"))
    }

    @Test("a named delimiter is used as given, problems at their columns")
    func namedDelimiter() throws {
        let bytes = Array("name|weapon\nA-Bot|swrod\n".utf8)
        let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "test"), format: .csv, raw: false,
                                       delimiter: UInt8(ascii: "|"))
        while try reader.next() != nil {}
        #expect(described(reader.log.problems) == ["2:7: weapon: unknown weapon “swrod”; did you mean `sword`?"])
    }
}
