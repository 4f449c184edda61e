import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Each view's keys are a table declared once, with availability asked
/// apart: the footer and the help show the keys that work now, and a key
/// that cannot work now says why in the footer instead of doing nothing.
@Suite("Key tables with availability")
struct KeyTablesTests {
    /// A roster with no monsters left.
    private func emptyRoster(width: Int = 120, height: Int = 35) throws -> RosterScreenHarness {
        try RosterScreenHarness(width: width, height: height) { store in
            for monster in try store.monsters(offset: 0, limit: 100) { _ = try store.remove(monsterID: monster.id) }
        }
    }

    @Test("on an empty roster, keys that need a monster say why, and the footer does not offer them", arguments: [
        KeyEvent.character("x"), .character("w"), .tab, .character("a"),
    ])
    func unavailableSaysWhy(_ key: KeyEvent) throws {
        let roster = try emptyRoster()
        let offered = roster.footer.keys
        #expect(!offered.contains { $0.hasPrefix("x ") || $0.hasPrefix("w ") || $0.hasPrefix("Tab ") || $0.hasPrefix("a ") },
                "\(offered)")
        #expect(offered.contains("n new"), "\(offered)")
        roster.press(key)
        #expect(roster.footer.message == "no monster is chosen: the roster is empty; n adds one", "\(key): \(roster.text)")
        #expect(roster.lines.last?.contains("the roster is empty") == true, "in sight in the footer row")
        #expect(roster.focused == "list", "nothing else happened")
        // The next key replaces the reason, as any message.
        roster.press(.down)
        #expect(roster.footer.message == nil)
    }

    @Test("a filter that finds nothing is the reason named")
    func filterFindsNothing() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("zzz").press(.enter)
        roster.press(.character("x"))
        #expect(roster.footer.message == "no monster is chosen: none matches the filter `zzz`", "\(roster.text)")
    }

    @Test("the tables are declared once: binding them twice gives the same keys, words and availability")
    func declaredOnce() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let root = roster.interface.screen
        func described(_ bindings: [KeyBinding]) -> [String] {
            bindings.map { "\($0.keys) \($0.label) \($0.help) \($0.availability)" }
        }
        #expect(described(root.keyBindings) == described(root.keyBindings))
        #expect(RosterRootView.keys.entries.count == RosterRootView.keys.entries.count)
        // The same table, another state: what applies changes, the table does not.
        let browsing = described(root.keyBindings)
        try roster.edit("Name")
        #expect(described(root.keyBindings) != browsing)
        #expect(described(root.keyBindings).allSatisfy { $0.contains("weapon") || $0.contains("click") })
    }
}
