import Testing
@testable import RosterCore
import TextSafety

@Suite("Records written straight from SQLite's rows")
struct RecordFormTests {
    @Test("the plain byte scan finds exactly what SafeText.fieldEscaped would change")
    func scanAgreesWithSafeText() {
        var samples = ["Cat-Bot", "猫ボット", "🔥", "café", "a\tb", "e\u{301}", "\u{1B}]0;x\u{07}", "x\u{85}", "\u{A0}nbsp",
                       "\u{202E}rtl", "\u{2066}iso", "\u{200E}", "\u{2028}", "\u{061C}", "\u{2027}", "\u{202F}", "\u{206A}",
                       "\u{FEFF}bom", "\u{FEFE}", "\u{00AD}", "zw\u{200B}sp", #"AC\DC"#, "\\"]
        // Every scalar of the first two planes' interesting ranges, alone.
        for value in Array(0..<0x300) + Array(0x2000..<0x2100) + Array(0x600..<0x620) {
            if let scalar = Unicode.Scalar(value) { samples.append(String(Character(scalar))) }
        }
        for sample in samples {
            let expected = SafeText.fieldEscaped(sample) != sample
            let found = Array(sample.utf8).withUnsafeBufferPointer(MonsterRecords.plainNeedsEscape)
            #expect(found == expected, "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a backslash is doubled so that an escaped newline and the text \\n differ")
    func backslashes() {
        #expect(SafeText.fieldEscaped("two\nlines") == #"two\nlines"#)
        #expect(SafeText.fieldEscaped(#"AC\DC \n"#) == #"AC\\DC \\n"#)
        #expect(SafeText.fieldEscaped("plain") == "plain")
        #expect(SafeText.escaped(#"AC\DC"#) == #"AC\DC"#, "the table for people leaves backslashes alone")
    }

    /// The default roster with text a terminal would act on, a backslash,
    /// a tab, bytes that are not UTF-8 and unknown and known details.
    func hostileRoster() throws -> ImportRoster {
        let roster = try ImportRoster()
        try roster.store.database.execute("""
            UPDATE monster SET description = 'red' || char(27) || '[31m' || char(10) || 'two' || char(9) || 'AC\\DC' WHERE id = 1;
            UPDATE monster SET description = CAST(x'41e2809e9b42' AS TEXT), height = '6ft2in', origin = 'FR',
                               activated = '2026-11-29T14:05:00Z' WHERE id = 2;
            UPDATE monster SET description = char(8238) || 'bidi' WHERE id = 3;
            """)
        return roster
    }

    @Test("a plain row says what escaping every field of the monster says")
    func plainMatchesTheMonster() throws {
        let roster = try hostileRoster()
        let output = ByteOutput()
        try roster.store.appendRecords(.plain, to: output)
        let expected = try roster.store.monsters().map { monster in
            MonsterFields.all.map { SafeText.fieldEscaped($0.value(monster).text) }.joined(separator: "\t") + "\n"
        }.joined()
        #expect(output.text() == expected)
        #expect(output.text().hasPrefix("1\tCat-Bot\tred\\e[31m\\ntwo\\tAC\\\\DC\t"))
        #expect(!output.bytes().contains(0x1B))
    }

    @Test("JSON, NDJSON and CSV rows are the monsters' own records")
    func recordsMatchTheMonsters() throws {
        let roster = try hostileRoster()
        let monsters = try roster.store.monsters()
        let json = ByteOutput(), lines = ByteOutput(), csv = ByteOutput()
        var separators: [Int] = []
        let written = try roster.store.appendRecords(.json, to: json) { separators.append($0) }
        try roster.store.appendRecords(.jsonLine, to: lines)
        try roster.store.appendRecords(.csv(CSVWriter()), to: csv)
        #expect(written == monsters.count)
        #expect(separators == Array(0..<monsters.count), "before runs ahead of each record with the count so far")
        let oneByOne = ByteOutput(), csvOneByOne = ByteOutput()
        for monster in monsters {
            try MonsterRecords.appendJSON(monster, to: oneByOne)
            try MonsterRecords.appendCSV(monster, to: csvOneByOne, writer: CSVWriter())
        }
        #expect(json.text() == oneByOne.text())
        #expect(lines.text() == oneByOne.text().replacing("}{", with: "}\n{") + "\n")
        #expect(csv.text() == csvOneByOne.text())
    }

    @Test("only the monsters carrying the weapon asked for are written")
    func carrying() throws {
        let roster = try ImportRoster()
        let output = ByteOutput()
        let written = try roster.store.appendRecords(.plain, carrying: .ninjaStar, to: output)
        #expect(written == 2)
        #expect(output.text().split(separator: "\n").map { $0.split(separator: "\t")[1] } == ["Fire-Bot", "Mini-Tomato-Bot"])
    }
}
