import Testing
@testable import RosterCore

/// Every kind of bad input an import can meet: each is reported with its
/// line, column and field, and a file with any problem adds nothing.
@Suite("Import finds every problem in a bad file")
struct ImportProblemTests {
    let header = "id,name,description,icon,name_color,weapon\r\n"

    @Test("malformed JSON is a syntax problem at the place it goes wrong")
    func malformedJSON() throws {
        let (records, problems) = try readImport("[{\"name\": \"A\", \"weapon\": \"sword\",}]")
        #expect(records.isEmpty)
        #expect(described(problems) == ["1:34: expected a quoted key but found `}`"])
    }

    @Test("values of the wrong type are reported for each field")
    func wrongTypes() throws {
        let (records, problems) = try readImport("""
            [{"id": "7", "name": 5, "weapon": ["sword"], "description": true}]
            """)
        #expect(records.isEmpty)
        #expect(described(problems) == [
            "1:9: id: expected a whole number but found a string",
            "1:22: name: expected a string but found a number",
            "1:35: weapon: expected a string but found an array",
            "1:61: description: expected a string but found a boolean",
        ])
    }

    @Test("an unknown weapon or colour suggests the one meant")
    func unknownWeaponAndColour() throws {
        let (_, problems) = try readImport(header + "1,Cat-Bot,,meetcatbot.png,rde,swrod\r\n2,Dog-Bot,,x.png,purple,laser\r\n")
        #expect(described(problems) == [
            "2:27: name_color: unknown colour `rde`; did you mean `red`?",
            "2:31: weapon: unknown weapon `swrod`; did you mean `sword`?",
            "3:18: name_color: unknown colour `purple`; the colours are default, red, green, blue",
            "3:25: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke",
        ])
    }

    @Test("missing required fields and columns are named")
    func missingFields() throws {
        let (_, jsonProblems) = try readImport("{\"name\": \"Cat-Bot\"}\n{\"weapon\": \"fire\"}\n")
        #expect(described(jsonProblems) == ["1:1: weapon: the record has no weapon", "2:1: name: the record has no name"])
        let (_, csvProblems) = try readImport("name,description\r\nCat-Bot,hi\r\n")
        #expect(described(csvProblems) == [
            "1:1: the header has no weapon column; the first line must name the columns, such as id,name,description,icon,name_color,weapon,height,origin,activated",
        ])
    }

    @Test("unknown keys and columns are problems, with a suggestion")
    func unknownKeys() throws {
        let (_, problems) = try readImport("{\"name\": \"A\", \"weapon\": \"fire\", \"colour\": \"red\"}\n")
        #expect(described(problems) == ["1:43: colour: unknown key `colour`; did you mean `name_color`?"])
    }

    @Test("names that are too long or hold control characters are refused")
    func badNames() throws {
        let long = String(repeating: "x", count: 65)
        let (records, problems) = try readImport(header + ",\(long),,,,sword\r\n,\"Bad\u{1B}[31m\",,,,sword\r\n,Fine,,,,sword\r\n")
        #expect(records.map(\.monster.name) == ["Fine"])
        #expect(described(problems) == [
            "2:2: name: a name can have at most 64 characters; this one has 65",
            "3:2: name: a name cannot contain control characters, and this one contains U+001B",
        ])
    }

    @Test("a duplicate key in a JSON object is a problem")
    func duplicateKeys() throws {
        let (_, problems) = try readImport("[{\"name\": \"A\", \"weapon\": \"fire\", \"name\": \"B\"}]")
        #expect(described(problems) == ["1:34: the key `name` appears twice in one object"])
    }

    @Test("invalid UTF-8 is found in every format")
    func invalidUTF8() throws {
        var csv = Array((header + "1,Cat").utf8)
        csv += [0xC3, 0x28]
        csv += Array(",,,,sword\r\n".utf8)
        #expect(described(try readImport(csv).problems) == ["2:6: the text is not valid UTF-8"])
        var json = Array("[{\"name\": \"A".utf8)
        json += [0xFF]
        json += Array("\", \"weapon\": \"fire\"}]".utf8)
        #expect(described(try readImport(json).problems) == ["1:13: the text is not valid UTF-8"])
    }

    @Test("a truncated file says where it ends")
    func truncated() throws {
        let (records, problems) = try readImport("""
            {"format": "roster", "version": 1, "monsters": [
              {"name": "A", "weapon": "fire"},
              {"name": "B", "wea
            """)
        #expect(records.map(\.monster.name) == ["A"])
        #expect(described(problems) == ["3:17: a string starting here is never closed"])
        let (_, endless) = try readImport("[{\"name\": \"A\", \"weapon\": \"fire\"}")
        #expect(described(endless) == ["1:33: the JSON text ends before the monsters array is closed"])
    }

    @Test("an unbalanced CSV quote points at the quote that is never closed")
    func unbalancedQuotes() throws {
        let (records, problems) = try readImport(header + "1,Cat-Bot,\"MEE-OW,,,sword\r\n2,Dog-Bot,,,,blowgun\r\n")
        #expect(records.isEmpty)
        #expect(described(problems) == ["2:11: a quoted field starting here is never closed"])
        let (_, stray) = try readImport(header + "1,Cat \"the\" Bot,,,,sword\r\n1,\"Cat\"x,,,,sword\r\n")
        #expect(described(stray) == [
            "2:7: a quote inside a field that is not quoted; quote the whole field and write the quote twice (`\"\"`)",
            "3:8: unexpected text after a closing quote; a quote inside a quoted field is written twice (`\"\"`)",
        ])
    }

    @Test("rows with too few or too many fields are reported and the rest still read")
    func fieldCounts() throws {
        let (records, problems) = try readImport(header + "1,A,,,\r\n2,B,,,,sword,extra\r\n3,C,,,,fire\r\n")
        #expect(records.map(\.monster.name) == ["C"])
        #expect(described(problems) == [
            "2:1: the record has 5 fields, but the header has 6",
            "3:1: the record has 7 fields, but the header has 6",
        ])
    }

    @Test("huge and fractional numbers are not ids")
    func hugeNumbers() throws {
        let (_, problems) = try readImport("""
            [{"id": 99999999999999999999, "name": "A", "weapon": "fire"},
             {"id": 1e400, "name": "B", "weapon": "fire"},
             {"id": 1.5, "name": "C", "weapon": "fire"},
             {"id": 1\(String(repeating: "0", count: 80)), "name": "E", "weapon": "fire"}]
            """)
        #expect(described(problems) == [
            "1:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 99999999999999999999",
            "2:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 1e400",
            "3:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 1.5",
            "4:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 1\(String(repeating: "0", count: 80))",
        ])
        let (_, csv) = try readImport(header + "12345678901234567890123,A,,,,fire\r\n-9223372036854775809,B,,,,fire\r\n1e3,C,,,,fire\r\n")
        #expect(described(csv) == [
            "2:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 12345678901234567890123",
            "3:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not -9223372036854775809",
            "4:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not `1e3`",
        ])
    }

    @Test("M12: ids beyond 2^53 - 1 either side of 0 are refused in JSON and CSV, in one sentence naming that bound, past 2^63 - 1 too; 2^53 - 1 itself is taken")
    func idsBeyondExact() throws {
        let (_, problems) = try readImport("""
            [{"id": 9223372036854775807, "name": "A", "weapon": "fire"},
             {"id": -9007199254740992, "name": "B", "weapon": "fire"},
             {"id": 9007199254740991, "name": "C", "weapon": "fire"},
             {"id": 9223372036854775808, "name": "D", "weapon": "fire"}]
            """)
        // Past 2^63 − 1 too, the sentence names the bound roster keeps,
        // not the widest integer it reads.
        #expect(described(problems) == [
            "1:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 9223372036854775807",
            "2:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not -9007199254740992",
            "4:9: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 9223372036854775808",
        ])
        let (_, csv) = try readImport(header + "9007199254740992,A,,,,fire\r\n100000000000000000,B,,,,fire\r\n9007199254740991,C,,,,fire\r\n9223372036854775808,D,,,,fire\r\n")
        #expect(described(csv) == [
            "2:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 9007199254740992",
            "3:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 100000000000000000",
            "5:1: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 9223372036854775808",
        ])
    }

    @Test("deep nesting is refused without exhausting the stack")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let (_, problems) = try readImport("[{\"name\": \"A\", \"weapon\": \"fire\", \"description\": \(deep)}]")
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("nested more than 64 levels") == true
                || problems.first?.message.contains("longer than 64 KiB") == true)
        let nested = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let (_, shallow) = try readImport("[\(nested)]")
        #expect(described(shallow) == ["1:65: the JSON is nested more than 64 levels deep"])
    }

    @Test("an empty file is empty, one of only white space is said to be that, and the message says how to read empty NDJSON")
    func emptyFile() throws {
        let advice = "import reads JSON, NDJSON or CSV (for an empty NDJSON file, which holds no monsters, give --format ndjson)"
        #expect(described(try readImport("").problems) == ["1:1: the input is empty; \(advice)"])
        #expect(described(try readImport("\u{FEFF}").problems) == ["1:1: the input is empty; \(advice)"])
        #expect(described(try readImport("\u{FEFF} \r\n\n").problems) == ["1:1: the input holds only blank space (spaces, tabs or line ends); \(advice)"])
        #expect(described(try readImport(" ").problems) == ["1:1: the input holds only blank space (spaces, tabs or line ends); \(advice)"])
        // A CSV needs its header and JSON its brackets, even when told the format.
        for format in [MonsterReader.Format.csv, .json] {
            #expect(described(try readImport("", format: format).problems) == ["1:1: the input is empty; import reads JSON, NDJSON or CSV"])
        }
    }

    @Test("empty NDJSON, or NDJSON of blank lines, holds no monsters when the format is given")
    func emptyNDJSON() throws {
        for text in ["", "\n", "\u{FEFF}", " \r\n\t\n\n"] {
            for chunkSize in [1, 3, 1 << 20] {
                let (records, problems) = try readImport(text, format: .ndjson, chunkSize: chunkSize)
                #expect(records.isEmpty)
                #expect(problems.isEmpty, "\(text.debugDescription): \(described(problems))")
            }
        }
        let roster = try ImportRoster()
        let empty = try roster.importBytes([], mode: .replace, format: .ndjson)
        #expect(empty == ImportSummary(removed: 6))
        #expect(try roster.store.count() == 0)
        #expect(try roster.export(.ndjson).isEmpty)
    }

    @Test("a lone JSON value that is not an object or an array is JSON, with one clear problem")
    func jsonScalars() throws {
        let expected = "expected a roster JSON document `{\"format\": \"roster\", …, \"monsters\": […]}` or an array of monsters, but found"
        for (text, kind) in [("42", "a number"), ("null", "null"), ("true", "a boolean"), ("\"just a string\"", "a string"),
                             ("\n  -1.5e3 \r\n", "a number")] {
            let place = text.hasPrefix("\n") ? "2:3" : "1:1"
            #expect(try FuzzRegressionTests.agreeing(Array(text.utf8)) == ["\(place): \(expected) \(kind)"], "\(text)")
            #expect(described(try readImport(text, format: .json).problems) == ["\(place): \(expected) \(kind)"])
            #expect(described(try readImport(text, format: .ndjson).problems)
                    == ["\(place): expected one monster object per line, but found \(kind)"])
        }
        // Not one JSON value: still CSV (here, a header without the columns).
        #expect(described(try readImport("42,43\n").problems).first?.hasPrefix("1:1: unknown column `42`") == true)
        // Told it is CSV, it is read as CSV.
        #expect(described(try readImport("42", format: .csv).problems).first?.hasPrefix("1:1: unknown column `42`") == true)
        // Told it is NDJSON, a CSV file is not called a JSON document.
        #expect(described(try readImport("name,weapon\nA,sword\n", format: .ndjson).problems)
                == ["1:1: expected one monster object per line, but found `n`"])
    }

    @Test("a binary file is refused at once, not read as thousands of bad rows")
    func binaryFile() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        png += (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let (records, problems) = try readImport(png)
        #expect(records.isEmpty)
        #expect(described(problems) == ["3:1: this is not a text file (it holds a NUL byte); import reads JSON, NDJSON or CSV"])
    }

    @Test("UTF-16 text, as spreadsheets save \"Unicode text\", is told as UTF-16, not as a binary file")
    func utf16() throws {
        for bom: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF]] {
            let text = bom + Array("name,weapon\nA,fire\n".utf8).flatMap { bom[0] == 0xFF ? [$0, 0] : [0, $0] }
            let (records, problems) = try readImport(text)
            #expect(records.isEmpty)
            #expect(described(problems) == [
                "1:1: this file is UTF-16 text (it starts with a UTF-16 byte order mark); import reads UTF-8: save it as UTF-8 and import it again",
            ])
        }
    }

    @Test("a record longer than the limit stops the reading with a clear problem")
    func recordLimit() throws {
        let huge = String(repeating: "a", count: ChunkedInput.recordLimit + 10)
        let (_, problems) = try readImport(header + "1,\(huge),,,,fire\r\n", chunkSize: 4096)
        #expect(described(problems) == ["2:1: a record is longer than 64 KiB, the most import accepts"])
    }

    @Test("a JSON document from a newer roster, or from something else, is refused")
    func foreignDocument() throws {
        let (_, newer) = try readImport("{\"format\": \"roster\", \"version\": 9, \"monsters\": []}")
        #expect(described(newer) == ["1:33: version: the file was written by a newer roster (format version 9); this roster reads version 2"])
        let (_, other) = try readImport("{\"format\": \"spreadsheet\", \"monsters\": []}")
        #expect(described(other) == ["1:12: format: this JSON is not a roster export: `format` must be `roster`"])
    }

    @Test("duplicate names within a file, ignoring case, are reported at each repeat; a replace giving every id keeps them as a roster keeps them")
    func duplicateNamesInFile() throws {
        let roster = try ImportRoster()
        let csv = header + "1,Zed-Bot,,,,sword\r\n2,ZED-BOT,,,,fire\r\n3,Ant-Bot,,,,fire\r\n4,zed-bot,,,,smoke\r\n"
        for mode in [ImportMode.insert, .upsert] {
            #expect(roster.importProblems(csv, mode: mode) == [
                "3:3: name: `ZED-BOT` reads as `Zed-Bot`, which is already used at line 2, column 3 (names are compared ignoring case, width and look-alike letters)",
                "5:3: name: `zed-bot` reads as `Zed-Bot`, which is already used at line 2, column 3 (names are compared ignoring case, width and look-alike letters)",
            ], "mode \(mode)")
        }
        #expect(try roster.store.count() == 6)
        // A backup of a roster another program left such names in.
        #expect(roster.importProblems(csv, mode: .replace) == [])
        let keys = try KeyedNames.nameKeys(roster.store)
        #expect([keys[1], keys[2], keys[4]] == ["zed-bot", NameRekeying.shadowKey("zed-bot", id: 2), NameRekeying.shadowKey("zed-bot", id: 4)])
        #expect(try roster.store.find("ZED-BOT")?.id == 2)
    }

    @Test("a record with a bad value still has its other values checked, and its name and id compared")
    func everyProblemOfARecord() throws {
        let roster = try ImportRoster()
        let long = String(repeating: "x", count: 65)
        let csv = "name,weapon\n\(long),laser\nAnt,sword\nant,laser\nCat-Bot,laser\n"
        let shared = [
            "2:1: name: a name can have at most 64 characters; this one has 65",
            "2:67: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke",
            "4:1: name: `ant` reads as `Ant`, which is already used at line 3, column 1 (names are compared ignoring case, width and look-alike letters)",
            "4:5: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke",
        ]
        let laser = "5:9: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke"
        #expect(roster.importProblems(csv, mode: .insert) == shared + [
            "5:1: name: a monster named `Cat-Bot` is already on the roster; use --mode upsert to update it",
            laser,
        ])
        for mode in [ImportMode.upsert, .replace] {
            #expect(roster.importProblems(csv, mode: mode) == shared + [laser], "mode \(mode)")
        }
        // JSON: a key that is not a field, or a value of the wrong type.
        #expect(roster.importProblems("{\"name\":\"Dog-Bot\",\"weapon\":\"fire\",\"colour\":\"red\"}\n", mode: .insert) == [
            "1:9: name: a monster named `Dog-Bot` is already on the roster; use --mode upsert to update it",
            "1:44: colour: unknown key `colour`; did you mean `name_color`?",
        ])
        #expect(roster.importProblems("[{\"name\":\"A\",\"weapon\":\"fire\"},{\"name\":\"a\",\"weapon\":7,\"icon\":\"x\"}]", mode: .insert) == [
            "1:39: name: `a` reads as `A`, which is already used at line 1, column 10 (names are compared ignoring case, width and look-alike letters)",
            "1:52: weapon: expected a string but found a number",
            "1:61: icon: an icon is an image asset name such as meetcatbot.png: letters, digits, `-`, `_` and `.`, ending in .png, at most 64 characters",
        ])
        // replace: a refused value, the id and the name, all on one record.
        #expect(roster.importProblems("id,name,weapon,origin\n5,Ant,sword,\n5,ant,sword,Narnia\n", mode: .replace) == [
            "3:1: id: the id 5 is also used at line 2, column 1",
            "3:3: name: `ant` reads as `Ant`, which is already used at line 2, column 3 (names are compared ignoring case, width and look-alike letters)",
            "3:13: origin: unknown country `Narnia`; give a country's name or its ISO 3166 code, such as France or FR",
        ])
        #expect(try roster.store.count() == 6)
        #expect(try roster.store.find("Cat-Bot")?.weapon.type == .sword)
    }

    @Test("a record with problems stands in with its name and id only, read the same whole, in pieces and strictly")
    func standIns() throws {
        let text = "{\"id\":4,\"name\":\"Ant\",\"weapon\":\"laser\",\"description\":\"kept out\"}\n{\"name\":\"\",\"weapon\":\"laser\"}\n"
        _ = try FuzzRegressionTests.agreeing(Array(text.utf8))
        let (records, problems) = try readImport(text, standIns: true)
        #expect(problems.count == 3)
        #expect(records.count == 1)
        #expect(records.first?.isStandIn == true)
        #expect(records.first?.monster == Monster(id: 4, name: "Ant", description: "", icon: Monster.defaultIcon,
                                                   nameColor: .default, weapon: Weapon(.sword)))
        #expect(records.first?.hasID == true)
        #expect(try readImport(text).records.isEmpty)
    }

    @Test("a file with very many problems counts them all and keeps the first ten thousand")
    func manyProblems() throws {
        let roster = try ImportRoster()
        let lines = (1...10_050).map { "Bot-\($0),laser" }.joined(separator: "\n")
        do {
            _ = try roster.importText("name,weapon\n" + lines + "\n", mode: .insert)
            Issue.record("the import should have failed")
        } catch RosterError.problems(let problems, _, let total) {
            #expect(problems.count == ProblemLog.limit)
            #expect(total == 10_050)
        }
    }

    @Test("every problem of a file is reported, and nothing is written")
    func allOrNothing() throws {
        let roster = try ImportRoster()
        let before = try roster.export(.json)
        let problems = roster.importProblems(header + "7,New-Bot,,,,fire\r\n8,,,,,fire\r\n9,Other-Bot,,,,laser\r\n10,Cat-Bot,,,,fire\r\n",
                                             mode: .insert)
        #expect(problems.count == 3)
        #expect(problems.last?.contains("`Cat-Bot` is already on the roster") == true)
        #expect(try roster.export(.json) == before)
    }
}
