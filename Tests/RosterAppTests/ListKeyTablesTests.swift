import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The monster list and its filter declare their keys once, as the main
/// screen does (`KeyTablesTests`): the footer and `?` read the same table
/// that dispatches, and a key that cannot work now says why.
@Suite("The list's and the filter's key tables")
struct ListKeyTablesTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    /// A roster with no monsters left.
    private func emptyRoster(_ size: (Int, Int)) throws -> RosterScreenHarness {
        try RosterScreenHarness(width: size.0, height: size.1) { store in
            for monster in try store.monsters(offset: 0, limit: 100) { _ = try store.remove(monsterID: monster.id) }
        }
    }

    @Test("on an empty roster, Enter in the list says why it opens nothing, and the footer does not offer it",
          arguments: [(120, 35), (80, 24)])
    func enterOnEmptyList(_ size: (Int, Int)) throws {
        let roster = try emptyRoster(size)
        #expect(roster.focused == "list")
        #expect(!roster.footer.keys.contains { $0.hasPrefix("Enter") }, "\(roster.footer.keys)")
        roster.press(.enter)
        #expect(roster.footer.message == "no monster is chosen: the roster is empty; n adds one", "\(roster.text)")
        #expect(roster.focused == "list", "nothing else happened")
    }

    @Test("at 60×20 the monster drawer closes with Enter, Esc or m, and its footer says Esc closes it", arguments: [
        KeyEvent.enter, .escape, .character("m"),
    ])
    func drawerCloses(_ key: KeyEvent) throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("m"))
        #expect(roster.focused == "Monsters overlay")
        #expect(roster.footer.keys.contains { $0.hasPrefix("Esc close") }, "\(roster.footer.keys)")
        roster.press(key)
        #expect(!roster.list.isShown, "\(key) closed the drawer: \(roster.text)")
    }

    @Test("the filter's footer offers keep, clear and move, and its table is the one that dispatches", arguments: sizes)
    func filterFooter(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        if size.0 < 70 { roster.press(.character("m")) }
        roster.press(.character("/")).type("bot")
        #expect(roster.focused == "filter")
        let keys = roster.footer.keys
        #expect(keys.contains { $0.hasPrefix("Enter keep") } || keys.contains("Enter keep filter"), "\(keys)")
        #expect(keys.contains { $0.hasPrefix("Esc clear") }, "\(keys)")
        let offered = roster.window.activeBindingGroups.first { $0.title == "Filter" }?.bindings.map(\.help) ?? []
        #expect(offered == FilterField.keys.bindings(for: roster.interface.screen.list.filterField).map(\.help))
        roster.press(.enter)
        #expect(roster.list.lines.allSatisfy { $0.contains("Bot") }, "\(roster.list.lines)")
    }
}
