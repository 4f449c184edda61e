import Testing
@testable import RosterCLI
@testable import RosterCore

/// Each type an option is declared with reads its good spellings and
/// refuses the rest in one sentence, the same from every command.
@Suite("Values read from the command line by their types")
struct TypedOptionTests {
    let parser = RosterCommandLine.parser

    /// The value `text` gives as `Value`.
    func read<Value: ExpressibleByArgument>(_ text: String, as type: Value.Type) -> Result<Value, ArgumentProblem> {
        do throws(ArgumentProblem) {
            return .success(try Value(argument: text))
        } catch {
            return .failure(error)
        }
    }

    /// The sentence `text` is refused with, given as `label`.
    func refusal<Value: ExpressibleByArgument>(_ text: String, as type: Value.Type, label: String = "--option") -> String? {
        if case .failure(let problem) = read(text, as: type) { return problem.message(for: label) }
        return nil
    }

    @Test("a weapon in any spelling; a typo suggested, nonsense answered with the list")
    func weapons() throws {
        for text in ["sword", "NinjaStar", "ninja_star", "Ninja Star", " FIRE "] {
            #expect((try? read(text, as: WeaponType.self).get()) != nil, "\(text)")
        }
        #expect(try read("ninja star", as: WeaponType.self).get() == .ninjaStar)
        #expect(refusal("swrod", as: WeaponType.self) == "unknown weapon `swrod`; did you mean `sword`?")
        #expect(refusal("banana", as: WeaponType.self)
                == "unknown weapon `banana`; the weapons are blowgun, ninja-star, fire, sword, smoke")
        // Empty is said so, not shown as empty backticks.
        #expect(refusal("", as: WeaponType.self, label: "WEAPON") == "WEAPON is empty; give a weapon: blowgun, ninja-star, fire, sword, smoke")
    }

    @Test("a name colour in any case")
    func colours() throws {
        #expect(try read("Red", as: NameColor.self).get() == .red)
        #expect(try read(" blue ", as: NameColor.self).get() == .blue)
        #expect(refusal("bleu", as: NameColor.self) == "unknown colour `bleu`; did you mean `blue`?")
        #expect(refusal("purple", as: NameColor.self) == "unknown colour `purple`; the colours are default, red, green, blue")
    }

    @Test("a country by name or code; none is unknown where a value may be")
    func countries() throws {
        for text in ["France", "france", "FR", "fr", "FRA"] {
            #expect(try read(text, as: Country.self).get().code == "FR", "\(text)")
        }
        #expect(refusal("Frnace", as: Country.self) == "unknown country `Frnace`; did you mean `France`?")
        #expect(refusal("Atlantis-Under-The-Sea", as: Country.self)
                == "unknown country `Atlantis-Under-The-Sea`; give a country's name or its ISO 3166 code, such as France or FR")
        let unknown = try read("None", as: Country?.self).get()
        #expect(unknown == nil)
        #expect(try read("JP", as: Country?.self).get()?.code == "JP")
        #expect(refusal("none", as: Country.self)?.hasPrefix("unknown country `none`") == true)
    }

    @Test("a height in feet and inches; the option is named before a sentence that does not say it")
    func heights() throws {
        #expect(try read("5ft11", as: Height.self).get().key == "5ft11in")
        #expect(try read("5'11\"", as: Height.self).get().key == "5ft11in")
        #expect(try read("71in", as: Height.self).get().key == "5ft11in")
        #expect(refusal("40ft", as: Height.self, label: "--height")
                == "--height: `40ft` is taller than a height can be; the most is 30 ft 11 in")
        #expect(refusal("5ft13", as: Height.self, label: "--height")
                == "--height: `5ft13` has 13 inches after the feet; that part goes from 0 to 11")
        #expect(refusal("tall", as: Height.self, label: "--height")
                == "--height: `tall` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m")
        #expect(try read(" NONE ", as: Height?.self).get() == nil)
    }

    @Test("a moment on the local clock, exact with Z or an offset, or now")
    func moments() throws {
        #expect(try read("2026-11-29T13:05Z", as: Timestamp.self).get().iso8601 == "2026-11-29T13:05:00Z")
        #expect(try read("2026-11-29T14:05+01:00", as: Timestamp.self).get().iso8601 == "2026-11-29T13:05:00Z")
        #expect((try? read("now", as: Timestamp.self).get()) != nil)
        let refused = try #require(refusal("tomorrow", as: Timestamp.self, label: "--activated"))
        #expect(refused.hasPrefix("--activated: `tomorrow` is not a valid date and time"), "\(refused)")
        #expect(try read("none", as: Timestamp?.self).get() == nil)
    }

    @Test("a choice is a word in any case, refused with the words and the closest")
    func choices() throws {
        #expect(try read("JSON", as: OutputFormat.self).get() == .json)
        #expect(try read("Markdown", as: ExportFormat.self).get() == .markdown)
        #expect(try read("UPSERT", as: ImportMode.self).get() == .upsert)
        #expect(try read("auto", as: ImportCommand.FormatChoice.self).get().format == nil)
        #expect(try read("csv", as: ImportCommand.FormatChoice.self).get().format == MonsterReader.Format.csv)
        #expect(refusal("jsn", as: OutputFormat.self, label: "--format")
                == "--format must be one of table, plain, json, ndjson, csv, not `jsn`; did you mean `json`?")
        #expect(refusal("merge", as: ImportMode.self, label: "--mode")
                == "--mode must be one of insert, upsert, replace, not `merge`")
        #expect(refusal("xml", as: ImportCommand.ReportStyle.self, label: "--errors")
                == "--errors must be one of text, json, not `xml`")
    }

    @Test("an option declared among some choices refuses the others")
    func someChoices() throws {
        let error = try #require(usageError(["show", "Cat-Bot", "--format", "csv"]))
        #expect(error.message == "--format must be one of table, plain, json, not `csv`")
        let parsed = try parser.parse(["show", "Cat-Bot", "--format", "Json"])
        #expect(parsed[ReadingCommands.showFormat] == .json)
    }

    @Test("a count is a whole number from 1 up, worded for where it was given")
    func counts() throws {
        #expect(try read("12", as: PositiveCount.self).get().value == 12)
        for text in ["0", "-1", "x", "1.5", "00"] {
            #expect(refusal(text, as: PositiveCount.self, label: "--limit") == "--limit must be a whole number from 1 up, not `\(text)`")
        }
        #expect(refusal("٣", as: PositiveCount.self, label: "--limit")
                == "--limit must be a whole number from 1 up, written with the digits 0 to 9, not `٣`")
        #expect(refusal("", as: PositiveCount.self, label: "--limit") == "--limit is empty; it must be a whole number from 1 up")
        // Past what an Int holds is as many as there are; spaces around it are a quoting slip.
        #expect(try read("99999999999999999999", as: PositiveCount.self).get().value == Int.max)
        #expect(try read(" 7 ", as: PositiveCount.self).get().value == 7)
        #expect(refusal("0", as: PositiveCount.self, label: "N") == "N must be a whole number from 1 up, not `0`")
    }

    @Test("an expectation is FIELD=VALUE, split at the first =")
    func expectations() throws {
        let pair = try read("description=a=b", as: FieldExpectation.self).get()
        #expect(pair.field == "description" && pair.value == "a=b")
        #expect(try read("origin=", as: FieldExpectation.self).get().value == "")
        #expect(refusal("weapon", as: FieldExpectation.self, label: "--expect")
                == "--expect takes FIELD=VALUE, such as weapon=sword, not `weapon`")
    }

    @Test("a CSV delimiter is one character that cannot be part of a cell, or tab")
    func delimiters() throws {
        #expect(try read(";", as: CSVDelimiter.self).get().byte == UInt8(ascii: ";"))
        #expect(try read("|", as: CSVDelimiter.self).get().byte == UInt8(ascii: "|"))
        #expect(try read("TAB", as: CSVDelimiter.self).get().byte == 0x09)
        for text in ["ab", "a", "7", "\"", " ", "é", ""] {
            #expect(refusal(text, as: CSVDelimiter.self, label: "--delimiter")
                    == "--delimiter takes one character such as , ; or |, or the word tab, not `\(text)`", "\(text)")
        }
    }

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test("the parser reads each value once, and a command gets it typed")
    func typedValues() throws {
        let parsed = try parser.parse(["edit", "Cat-Bot", "--colour", "RED", "--weapon", "Ninja Star", "--height", "6ft2",
                                       "--origin", "none", "--activated", "2026-11-29T13:05Z", "--expect", "weapon=sword",
                                       "--expect", "name=Cat-Bot"])
        #expect(parsed[CommonOptions.newColor] == .red)
        #expect(parsed[WritingCommands.Edit.weapon] == .ninjaStar)
        #expect(parsed[WritingCommands.Edit.details.height]??.key == "6ft2in")
        // Given, and made unknown: .some(nil).
        let origin = parsed[WritingCommands.Edit.details.origin]
        #expect(origin != nil && origin! == nil)
        #expect(parsed[WritingCommands.Edit.details.activated]??.iso8601 == "2026-11-29T13:05:00Z")
        #expect(parsed.values(WritingCommands.Edit.expect).map { "\($0.field)|\($0.value)" } == ["weapon|sword", "name|Cat-Bot"])
        #expect(parsed[WritingCommands.Edit.name] == nil)
        let history = try parser.parse(["history", "-l", "3"])
        #expect(history[HistoryCommands.limit]?.value == 3)
    }

    @Test("typed positional arguments are read the same way: set-weapon's WEAPON after its names, undo's N")
    func typedArguments() throws {
        let assignment = try parser.parse(["set-weapon", "Cat-Bot", "Dog-Bot", "ninja star"])
        #expect(assignment[WritingCommands.weaponArgument] == .ninjaStar)
        #expect(assignment.leadingAndLast?.leading == ["Cat-Bot", "Dog-Bot"])
        #expect(try parser.parse(["undo", "3"])[HistoryCommands.undoCount]?.value == 3)
        #expect(try parser.parse(["redo"])[HistoryCommands.redoCount] == nil)
        #expect(try parser.parse(["set-weapon", "--stdin"])[WritingCommands.weaponArgument] == nil)
        // set-weapon reports them itself, after looking for a weapon given first.
        #expect(try parser.parse(["set-weapon", "Cat-Bot", "swrod", "--from", "banana"]).valueProblems == [
            "unknown weapon `banana`; the weapons are blowgun, ninja-star, fire, sword, smoke",
            "unknown weapon `swrod`; did you mean `sword`?",
        ])
        #expect(usageError(["undo", "0"])?.message == "N must be a whole number from 1 up, not `0`")
    }

    @Test("every value that cannot be read is reported at once, in the order given")
    func everyProblem() throws {
        let error = try #require(usageError(["edit", "Cat-Bot", "--origin", "Frnace", "--colour", "bleu", "--height", "40ft"]))
        #expect([error.message] + error.otherMessages == [
            "unknown country `Frnace`; did you mean `France`?",
            "unknown colour `bleu`; did you mean `blue`?",
            "--height: `40ft` is taller than a height can be; the most is 30 ft 11 in",
        ])
        #expect(error.command == "edit")
    }

    @Test("add is handed its unreadable values, to report with the problems only it finds")
    func addCollects() throws {
        let parsed = try parser.parse(["add", "Cat-Bot", "--weapon", "swrod", "--color", "purple"])
        #expect(parsed.valueProblems == [
            "unknown weapon `swrod`; did you mean `sword`?",
            "unknown colour `purple`; the colours are default, red, green, blue",
        ])
        #expect(parsed[WritingCommands.weapon] == nil)
    }

    @Test("asking for help is never a mistake, even with a value that cannot be read")
    func helpBeatsValues() throws {
        let parsed = try parser.parse(["list", "--format", "jsn", "--help"])
        #expect(parsed[GlobalOptions.help])
    }
}

/// The plain roster refuses in the command line's words: one sentence,
/// built once in RosterCore.
@Suite("One set of refusals")
struct SharedRefusalTests {
    @Test("the sentences for an unknown weapon, colour and country are RosterCore's, wherever they are read")
    func sameSentences() throws {
        guard case .failure(let country) = Country.reading("Frnace"),
              case .failure(let colour) = NameColor.reading("purple"),
              case .failure(let weapon) = WeaponType.reading("swrod") else {
            Issue.record("a typo was read as a value")
            return
        }
        // Import reads a record's fields through the same readers.
        var monster = MonsterFields.blank
        #expect(MonsterFields.nameColor.assign(&monster, .text("purple")) == colour.message)
        #expect(MonsterFields.weapon.assign(&monster, .text("swrod")) == weapon.message)
        #expect(MonsterFields.origin.assign(&monster, .text("Frnace")) == country.message)
        #expect(MonsterFields.weapon.assign(&monster, .text("FIRE")) == nil && monster.weapon.type == .fire)
        let batch = WeaponBatch.parse(Array("Cat-Bot\tswrod\n".utf8))
        #expect(batch.problems.map(\.message) == [weapon.message])
        #expect(weapon.suggestion == "sword" && country.suggestion == "France")
        #expect(UnknownValue.reading("None", as: Height.self) == .success(nil))
    }
}
