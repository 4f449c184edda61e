import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore
import TextSafety

/// Another program may write a history entry of any length (the sqlite3
/// shell on a file). The interface tells it at once, in the footer's
/// rows, and `h` lists it at once: a summary of 16 MB once kept it blind
/// to keys for many seconds.
@Suite("A long history entry another program wrote, in the interface")
struct LongHistoryTextTests {
    /// Another program's entry with a summary of `length` letters, and a
    /// change of Ice-Bot so that the interface looks.
    static func writeElsewhere(_ path: String, length: Int) throws {
        let other = try SQLiteRosterStore.open(path: path)
        try other.database.cached("""
            INSERT INTO history (id, at, surface, command, summary, kind)
            VALUES ((SELECT coalesce(max(id), 0) + 1 FROM history), '2026-01-01T00:00:00Z', 'command line', 'edit',
                    replace(hex(zeroblob(?)), '0', 'a'), 'rows')
            """).run([.integer(Int64(length / 2))])
        try other.database.execute("UPDATE monster SET weapon = 'smoke' WHERE name = 'Ice-Bot'")
    }

    @Test("told in the footer's rows, cut with …, and listed by h, each at once")
    func toldAndListed() throws {
        let roster = try RosterScreenHarness(width: 100, height: 24)
        _ = roster.text
        try Self.writeElsewhere(roster.path, length: 16_000_000)
        let clock = ContinuousClock()
        let told = clock.measure {
            roster.interface.poll()
            _ = roster.text
        }
        #expect(told < .seconds(2), "\(told)")
        let footer = roster.rows(in: roster.interface.screen.footer.frame)
        #expect(footer.count <= KeyHintBar.maximumMessageRows)
        #expect(footer.first?.hasPrefix("Another program changed the roster: edit") == true)
        #expect(footer.last?.hasSuffix("…") == true)
        #expect(roster.lines.count == 24)
        let listed = clock.measure {
            roster.press(.character("h"))
            _ = roster.text
        }
        #expect(listed < .seconds(2), "\(listed)")
        #expect(roster.text.contains("History · newest first"))
        #expect(roster.text.contains("edit aaaaaaaa"))
        // Keys go on: Esc closes the history at once.
        let closed = clock.measure {
            roster.press(.escape)
            _ = roster.text
        }
        #expect(closed < .seconds(1), "\(closed)")
        #expect(!roster.text.contains("History · newest first"))
    }

    @Test("the plain roster reads out such a change cut after a quote's length, saying so")
    func plainToldCut() throws {
        let session = try PlainSessionTests.Conversation(["1", "list"])
        session.beforeEachAnswer = { answered in
            guard answered == 1 else { return }
            try? LongHistoryTextTests.writeElsewhere(session.store.name, length: 16_000_000)
        }
        try session.run()
        let told = session.lines.filter { $0.hasPrefix("Another program changed the roster: edit aaaa") }
        #expect(told == ["Another program changed the roster: edit " + String(repeating: "a", count: Quote.longest - 5)
                         + RosterSessionController.newsCut + "."], "\(told.map { $0.suffix(60) })")
        #expect(session.output.utf8.count < 10_000)
    }
}
