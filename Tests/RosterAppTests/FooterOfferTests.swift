import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A long footer message wraps, and the offer it ends with (` · U redo`,
/// ` · u undo`) stays whole: the lead saw "· U" on one row and "redo" on
/// the next at 80 columns. Neither is cut: the offer goes on a row of its
/// own when it does not fit after the message's last words.
@Suite("A footer message's offer never splits")
struct FooterOfferTests {
    /// The footer's rows that hold the message, as drawn.
    private func messageRows(_ roster: RosterScreenHarness) -> [String] {
        let rows = roster.screen.lines.suffix(KeyHintBar.maximumMessageRows)
        return rows.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("after undoing a change to a monster with a long name, “U redo” is whole at the end of the footer's last row",
          arguments: [(120, 35), (80, 24), (60, 20)])
    func redoOfferWhole(_ size: (Int, Int)) throws {
        // Names of every length from 40 to 60 letters put the message's
        // end at every column of the row, the one that split the offer too.
        for length in stride(from: 40, through: 60, by: 1) {
            let name = "Magnificent-" + String(repeating: "o", count: length - 16) + "-Bot"
            let roster = try RosterScreenHarness(width: size.0, height: size.1) { store in
                _ = try store.edit("Cat-Bot", MonsterChanges(name: name))
            }
            // Chosen by a filter; in the drawer below 70 columns, Enter closes it.
            roster.press(.character("/")).type("Magnificent").press(.enter)
            if size.0 < 70 { roster.press(.enter) }
            roster.press(.character("w"), .character("3"), .escape)
            roster.press(.character("u"))
            #expect(roster.interface.controller.followUp == .redo, "\(length): \(roster.text)")
            let rows = messageRows(roster)
            #expect(rows.last?.hasSuffix("· U redo") == true, "\(size), \(length) letters: \(rows)")
            #expect(!rows.contains { $0.hasSuffix("· U") || $0 == "redo" || $0.hasPrefix("redo") }, "\(size), \(length): \(rows)")
        }
    }

    @Test("the message is never cut for the offer: the offer goes on a row of its own when it does not fit after it")
    func offerOnItsOwnRow() {
        let bar = KeyHintBar()
        bar.message = ("abcdefghijklmnop", Style())
        bar.messageEnding = " · U redo"
        // Together they would wrap between “U” and “redo” at 20 columns.
        #expect(TextWrapping.lines("abcdefghijklmnop · U redo", width: 20) == ["abcdefghijklmnop · U", "redo"])
        #expect(bar.messageLines(width: 21) == ["abcdefghijklmnop", "· U redo"])
        // Where the offer fits after the message, it goes there.
        #expect(bar.messageLines(width: 40) == ["abcdefghijklmnop · U redo"])
        bar.message = ("one two three four five six seven", Style())
        #expect(bar.messageLines(width: 21) == ["one two three four", "five six seven", "· U redo"])
        #expect(bar.messageLines(width: 25) == ["one two three four five", "six seven · U redo"])
    }

    @Test("only a message longer than the rows it is given is cut: its beginning stays, the last row cut with … before the offer")
    func messagePastTheRows() {
        let bar = KeyHintBar()
        bar.message = ("one two three four five six seven eight nine ten eleven twelve", Style())
        bar.messageEnding = " · u"
        #expect(bar.messageLines(width: 15).joined(separator: " ") == "one two three four five six seven eight nine ten eleven twelve · u",
                "whole within the footer's rows: \(bar.messageLines(width: 15))")
        let lines = bar.messageLines(width: 15, rows: 3)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "one two three", "what happened stays in sight: \(lines)")
        #expect(lines.last?.hasSuffix("… · u") == true, "\(lines)")
        bar.messageEnding = nil
        #expect(bar.messageLines(width: 15, rows: 3).last?.hasSuffix("…") == true, "cut, even with no offer")
    }
}
