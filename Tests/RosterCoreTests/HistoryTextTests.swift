import Foundation
import Testing
@testable import RosterCore

/// Another program may write history entries (the sqlite3 shell on a
/// file, a writer role on a server), and nothing bounds their text but
/// what roster reads of it: a 16 MB summary read whole made
/// `history --limit 3` print 18 MB and the interface blind for a minute.
@Suite("History text another program wrote is read only up to its bound")
struct HistoryTextTests {
    /// An entry of `command` with `summary` of `length` letters, written
    /// as the sqlite3 shell could (SQLite makes the text, so no 16 MB
    /// string passes through the test).
    static func plantEntry(_ roster: ImportRoster, length: Int, command: String = "edit", file: String? = nil) throws {
        try roster.store.database.cached("""
            INSERT INTO history (id, at, surface, command, file, summary, kind)
            VALUES ((SELECT coalesce(max(id), 0) + 1 FROM history), '2026-01-01T00:00:00Z', 'command line', ?, ?,
                    replace(hex(zeroblob(?)), '0', 'a'), 'rows')
            """).run([.text(command), file.map(SQLValue.text) ?? .null, .integer(Int64(length / 2))])
    }

    @Test("a summary of 16 MB is read as its first 32,768 characters, marked as cut; a short one whole")
    func longSummaryCut() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try Self.plantEntry(roster, length: 16_000_000)
        let entries = try roster.store.history(limit: 3)
        #expect(entries.count == 2)
        let planted = try #require(entries.first)
        #expect(planted.summary == String(repeating: "a", count: HistoryText.summaryBound) + "… (cut: longer than 32768 characters)")
        #expect(entries.last?.summary == "Cat-Bot: Sword → Fire")
        // The same through every other read of an entry.
        #expect(try roster.store.entry(id: planted.id)?.summary == planted.summary)
    }

    @Test("a summary exactly at the bound is whole; one code point past it is cut")
    func boundExactly() throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, length: HistoryText.summaryBound)
        #expect(try roster.store.history(limit: 1).first?.summary == String(repeating: "a", count: HistoryText.summaryBound))
        try Self.plantEntry(roster, length: HistoryText.summaryBound + 2)
        #expect(try roster.store.history(limit: 1).first?.summary.hasSuffix("a… (cut: longer than 32768 characters)") == true)
    }

    @Test("a file name and a command written past the checks are cut too")
    func fileAndCommandCut() throws {
        let roster = try ImportRoster()
        try roster.store.database.execute("PRAGMA ignore_check_constraints = ON")
        try Self.plantEntry(roster, length: 10, command: String(repeating: "c", count: 100_000),
                            file: String(repeating: "f", count: 100_000))
        let entry = try #require(try roster.store.history(limit: 1).first)
        #expect(entry.command == String(repeating: "c", count: HistoryText.wordBound) + HistoryText.cutMark(HistoryText.wordBound))
        #expect(entry.file == String(repeating: "f", count: HistoryText.fileBound) + HistoryText.cutMark(HistoryText.fileBound))
    }

    @Test("the name another program's write left in the count of outside changes is read cut too")
    func outsideNameCut() throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        try roster.store.database.execute("""
            PRAGMA ignore_check_constraints = ON;
            UPDATE monster SET name = replace(hex(zeroblob(500000)), '0', 'n') WHERE id = 2;
            """)
        let change = try #require(try roster.store.outsideChangeSinceNewestEntry())
        #expect(change.latestName == String(repeating: "n", count: HistoryText.fieldBound) + HistoryText.cutMark(HistoryText.fieldBound))
        #expect(change.latestKind == "changed")
    }

    @Test("cutting counts code points, as SQL does, and keeps text within the bound as it is")
    func keptCountsCodePoints() {
        #expect(HistoryText.kept("é✦é", bound: 3) == "é✦é")
        #expect(HistoryText.kept("é✦é!", bound: 3) == "é✦é" + HistoryText.cutMark(3))
        // A letter and its mark are two code points.
        #expect(HistoryText.kept("e\u{301}e\u{301}", bound: 3) == "e\u{301}e" + HistoryText.cutMark(3))
    }

    /// The longest values roster keeps, in code points: every character
    /// a letter under seven marks, and backticks to lengthen the quotes.
    static func longest(_ id: Int64, _ letter: String) -> Monster {
        let heavy = letter + String(repeating: "\u{301}", count: 7)
        let name = "`" + String(repeating: heavy, count: MonsterRules.nameCodePointLimit / 8 - 1)
        let description = "`" + String(repeating: heavy, count: MonsterRules.descriptionCodePointLimit / 8 - 1)
        return Monster(id: id, name: name, description: description, icon: String(repeating: letter, count: 60) + ".png",
                       nameColor: .default, weapon: Weapon(.sword), height: Height(feet: 1, inches: 2), origin: "JP",
                       activated: Timestamp(iso8601: "2026-11-29T14:05:28Z"))
    }

    @Test("the longest summary roster writes, and the undo repeating it, are within the bound")
    func longestOwnSummaryFits() {
        let pairs = (1...5).map { id in
            (before: Self.longest(Int64(id), "a"), after: Self.longest(Int64(id), "b"))
        }
        for pair in pairs {
            #expect(pair.before.problems.isEmpty && pair.after.problems.isEmpty)
        }
        let summary = ChangeWording.edits(pairs.map { ($0.before, $0.after) })
        let undo = "edit " + summary
        #expect(undo.unicodeScalars.count > 15_000)
        #expect(undo.unicodeScalars.count <= HistoryText.summaryBound)
    }
}
