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
        #expect(described(reader.log.problems) == ["2:7: weapon: unknown weapon `swrod`; did you mean `sword`?"])
    }

    @Test("a header with tabs and no comma makes the file tab-separated, as a spreadsheet's tab-separated text is")
    func tabsDetected() throws {
        let (records, problems) = try readImport("name\tweapon\tdescription\nA-Bot\tfire\t\"one, two; three\"\nB-Bot\tsmoke\t\n")
        #expect(problems.isEmpty, "\(described(problems))")
        #expect(records.map(\.monster.name) == ["A-Bot", "B-Bot"])
        #expect(records.first?.monster.description == "one, two; three")
        func detected(_ header: String) -> UInt8 {
            Array(header.utf8).withUnsafeBufferPointer { CSVMonsterReader.detectDelimiter($0) }
        }
        #expect(detected("name\tweapon") == 0x09)
        // A comma anywhere outside quotes keeps commas; otherwise the more frequent of ; and tab.
        #expect(detected("name\tweapon,icon") == UInt8(ascii: ","))
        #expect(detected("name;weapon;icon\tx") == UInt8(ascii: ";"))
        #expect(detected("name\tweapon\ticon;x") == 0x09)
        #expect(detected("\"a\tb\";weapon") == UInt8(ascii: ";"))
    }

    @Test("a header of column names joined by another separator gets one sentence naming it, not two that contradict",
          arguments: [("name|weapon", ",", "1:1: the header reads as one column: its column names are separated by `|`, not `,`; give that separator with --delimiter"),
                      ("name\tweapon", ";", "1:1: the header reads as one column: its column names are separated by tabs, not `;`; give --delimiter tab"),
                      ("name,weapon", "\t", "1:1: the header reads as one column: its column names are separated by `,`, not tabs; give that separator with --delimiter"),
                      ("Name / Weapon / Height", ",", "1:1: the header reads as one column: its column names are separated by `/`, not `,`; give that separator with --delimiter")])
    func oneCellOfNames(_ header: String, _ delimiter: String, _ expected: String) throws {
        let given: UInt8? = delimiter == "," ? nil : Array(delimiter.utf8)[0]
        let bytes = Array("\(header)\nA-Bot\(header.contains("|") ? "|" : ",")fire\n".utf8)
        let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "test"), format: .csv, raw: false, delimiter: given)
        while try reader.next() != nil {}
        #expect(described(reader.log.problems) == [expected])
    }

    @Test("a header with cells joined by two separators says so once, at the cell, rather than suggest a column it then says is missing")
    func twoSeparators() throws {
        let (_, problems) = try readImport("name;weapon,icon\nA;fire,meetcatbot.png\n")
        #expect(described(problems) == [
            "1:1: the header cell `name;weapon` holds column names separated by `;`, but its cells are separated by `,`; separate every column the same way",
        ])
        // A cell that only looks alike is still an unknown column.
        let (_, other) = try readImport("name,weapon,colour-name\nA,fire,red\n")
        #expect(described(other).first?.hasPrefix("1:13: unknown column `colour-name`") == true, "\(described(other))")
    }
}
