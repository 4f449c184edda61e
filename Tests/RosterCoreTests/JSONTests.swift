import Testing
@testable import RosterCore

@Suite("Reading JSON strictly")
struct JSONParserTests {
    @Test("objects keep their members in order, numbers keep their text")
    func basics() throws {
        let node = try JSONParser.parse(#"{"b": [1, -2.5e3, true, null], "a": "x\u00e9\n"}"#)
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        guard case .string(let text)? = node["a"]?.value else { Issue.record("a"); return }
        #expect(text == "xé\n")
        guard case .array(let items)? = node["b"]?.value, case .number(let number) = items[1].value else {
            Issue.record("b"); return
        }
        #expect(number == "-2.5e3")
    }

    @Test("surrogate pairs decode; lone surrogates are errors")
    func surrogates() throws {
        guard case .string(let text) = try JSONParser.parse(#""\ud83d\ude00""#).value else { Issue.record(); return }
        #expect(text == "😀")
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(#""\ud83d""#) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(#""\ude00x""#) }
    }

    @Test("mistakes are reported with line and column", arguments: [
        ("{\"a\": 1,}", 1, 9, "quoted key"),
        ("{\n  \"a\": 1,\n  \"a\": 2\n}", 3, 3, "appears twice"),
        ("[1, 2", 1, 6, "ends inside an array"),
        ("", 1, 1, "empty"),
        ("\"abc", 1, 1, "never closed"),
        ("[01]", 1, 3, "cannot start with 0"),
        ("{\"a\": tru}", 1, 7, "expected a JSON value"),
        ("[1] 2", 1, 5, "after the JSON value"),
        ("\"tab\there\"", 1, 5, "control character"),
        ("\"é\"x", 1, 4, "after the JSON value"),
    ])
    func errors(_ text: String, _ line: Int, _ column: Int, _ fragment: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.location == TextLocation(line: line, column: column), "\(text): \(error)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test("invalid UTF-8 inside a string is an error")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONSyntaxError.self) { try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) } }
        let overlong: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]
        #expect(throws: JSONSyntaxError.self) { try overlong.withUnsafeBufferPointer { try JSONParser.parse($0) } }
    }

    @Test("deep nesting is refused rather than exhausting the stack")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }
}

@Suite("Writing JSON")
struct JSONWriterTests {
    func written(_ text: String) throws -> String {
        let output = ByteOutput()
        try JSONWriter.appendString(text, to: output)
        return output.text()
    }

    @Test("quotes, backslashes and controls are escaped")
    func escapes() throws {
        #expect(try written("a\"b\\c\nd\te\u{01}") == #""a\"b\\c\nd\te\u0001""#)
    }

    @Test("characters that act on terminals are escaped too, and the result is still exact JSON")
    func terminalSafety() throws {
        let hostile = "\u{1B}]52;c;aGk=\u{07}\u{9B}2J\u{202E}gnp.exe\u{2066}\u{7F}"
        let json = try written(hostile)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(json == #""\u001b]52;c;aGk=\u0007\u009b2J\u202egnp.exe\u2066\u007f""#)
        guard case .string(let back) = try JSONParser.parse(json).value else { Issue.record(); return }
        #expect(back == hostile)
    }

    @Test("ordinary text, CJK and emoji pass through untouched")
    func passthrough() throws {
        #expect(try written("猫ボット 🔥 café") == "\"猫ボット 🔥 café\"")
    }

    @Test("a string is written the same in place and in pieces, whatever it holds and wherever the buffer fills")
    func inPlaceMatchesPieces() throws {
        // A 64-byte buffer cannot hold the worst case of the longer texts,
        // so they take the piecewise path; the default one writes in place.
        let pieces = "ab\"cd\\\u{01}\u{1B}[2J\u{7F}\u{9B}\u{AD}\u{200B}\u{202E}\u{2028}\u{2066}\u{FEFF}\u{061C}猫🔥é\n\t\r\u{08}\u{0C}"
        var texts = ["", "a", "1234567", "12345678", "123456789", String(repeating: "plain ", count: 40)]
        for length in 0..<pieces.unicodeScalars.count {
            texts.append(String(String.UnicodeScalarView(pieces.unicodeScalars.prefix(length))))
            texts.append("12345678" + String(String.UnicodeScalarView(pieces.unicodeScalars.dropFirst(length))))
        }
        // An escape or a wide character at every distance from either end,
        // where the last word of a text overlaps what was already copied.
        for special in ["\"", "\n", "\u{1B}", "é", "\u{9B}", "\u{202E}", "猫", "🔥"] {
            for before in 0..<12 {
                for after in 0..<12 {
                    texts.append(String(repeating: "x", count: before) + special + String(repeating: "y", count: after))
                }
            }
        }
        for text in texts {
            let large = ByteOutput(capacity: 1 << 16), small = ByteOutput(capacity: 64)
            for _ in 0..<5 {
                try JSONWriter.appendString(text, to: large)
                try JSONWriter.appendString(text, to: small)
            }
            #expect(large.text() == small.text(), "\(text.debugDescription)")
            let single = ByteOutput()
            try JSONWriter.appendString(text, to: single)
            guard case .string(let back) = try JSONParser.parse(single.text()).value else {
                Issue.record("not a JSON string: \(single.text())")
                continue
            }
            #expect(back == text)
        }
    }

    @Test("bytes that are not UTF-8 are refused by the checking writer, which then writes nothing")
    func checkingRefusesInvalidUTF8() throws {
        for invalid: [UInt8] in [[0x9B], [0x43, 0xFF, 0x42], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]] {
            let output = ByteOutput()
            let key: [UInt8] = Array(",\"name\":".utf8)
            let accepted = try invalid.withUnsafeBufferPointer { bytes in
                try key.withUnsafeBufferPointer { prefix in try JSONWriter.appendString(checking: bytes, after: prefix, to: output) }
            }
            #expect(!accepted, "\(invalid)")
            #expect(output.bytes().isEmpty)
        }
    }

    @Test("a monster is written with its keys in the fixed order")
    func monsterRecord() throws {
        let output = ByteOutput()
        let monster = Monster(id: 7, name: "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png",
                              nameColor: .red, weapon: Weapon(.ninjaStar))
        try MonsterRecords.appendJSON(monster, to: output)
        #expect(output.text() == #"{"id":7,"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","name_color":"red","weapon":"ninja-star","height":null,"origin":null,"activated":null}"#)
        let known = ByteOutput()
        var detailed = monster
        detailed.height = Height(feet: 6, inches: 2)
        detailed.origin = "FR"
        detailed.activated = Timestamp(iso8601: "2026-11-29T14:05:00Z")
        try MonsterRecords.appendJSON(detailed, to: known)
        #expect(known.text().hasSuffix(#""weapon":"ninja-star","height":"6ft2in","origin":"FR","activated":"2026-11-29T14:05:00Z"}"#))
    }

    @Test("decimal integers are written exactly, including the extremes")
    func decimals() throws {
        let output = ByteOutput()
        for value in [0, -1, 42, Int64.max, Int64.min] {
            try output.append(decimal: value)
            try output.append(" ")
        }
        #expect(output.text() == "0 -1 42 9223372036854775807 -9223372036854775808 ")
    }
}

@Suite("Writing CSV")
struct CSVWriterTests {
    func record(_ fields: [String], neutralize: Bool = true) throws -> String {
        let output = ByteOutput()
        try CSVWriter(neutralizeFormulas: neutralize).appendRecord(fields, to: output)
        return output.text()
    }

    @Test("fields with commas, quotes and line breaks are quoted; records end in CRLF")
    func quoting() throws {
        #expect(try record(["a", "b,c", "say \"hi\"", "two\nlines"]) == "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }

    @Test("formula-looking cells are neutralised reversibly, unless raw")
    func formulas() throws {
        #expect(try record(["=SUM(A1)", "+1", "-x", "@cmd", "'=already", "'plain"]) ==
                "'=SUM(A1),'+1,'-x,'@cmd,''=already,'plain\r\n")
        #expect(try record(["=SUM(A1)"], neutralize: false) == "=SUM(A1)\r\n")
        #expect(try record(["=a,b"]) == "\"'=a,b\"\r\n")
    }
}
