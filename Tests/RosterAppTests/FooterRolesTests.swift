import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Issue 25: a footer too short for every key keeps them by role: what
/// acts in this state first, then the way back, then help. Tried as a new
/// user, the list's footer at 80×24 with marks dropped `x` and `u` (the
/// keys that act on the marks and take it back), and at 60×20 on first
/// start there was no `m`, the one way to the monster list.
@Suite("The footer keeps the keys a person needs, at every size")
struct FooterRolesTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    /// The footer's labels: `["Enter", "w", "x", "?"]`.
    private func labels(_ roster: RosterScreenHarness) -> [String] {
        roster.footer.keys.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test("with two monsters marked, the list's footer keeps w, x and u, Esc and help", arguments: sizes)
    func listWithMarks(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        // A change in the history, for u to take back.
        // Esc from the details goes back to the list: the drawer, where it is one.
        roster.press(.character("w"), .character("3"), .escape)
        roster.press(.space, .space)
        #expect(roster.interface.controller.marked.count == 2)
        roster.interface.controller.clearStatus()
        let keys = labels(roster)
        #expect(roster.list.isShown, "the list is in sight")
        for key in ["w", "x", "u", "Esc", "?"] {
            #expect(keys.contains(key), "at \(size.0)×\(size.1) the footer keeps \(key): \(roster.footer.keys)")
        }
        // What those keys do here: x asks about the two marked monsters.
        roster.press(.character("x"))
        #expect(roster.overlay?.shows("Remove 2 marked monsters") == true, "\(roster.overlay?.lines ?? [])")
        roster.press(.escape)
    }

    @Test("on first start, the footer names how to act, the way to the list, help and quit", arguments: sizes)
    func firstStart(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let keys = labels(roster)
        #expect(keys.contains("Enter"), "\(roster.footer.keys)")
        #expect(keys.contains("?"), "\(roster.footer.keys)")
        #expect(keys.contains("q"), "\(roster.footer.keys)")
        if roster.interface.screen.isCollapsed {
            #expect(keys.contains("m"), "collapsed, m is the way to the list: \(roster.footer.keys)")
            roster.press(.character("m"))
            #expect(roster.list.isShown, "m shows the list")
        } else {
            #expect(roster.list.isShown)
            #expect(keys.contains("/"), "the filter, with nothing marked: \(roster.footer.keys)")
        }
    }

    @Test("Esc then w typed fast over the drawer (read as Alt-w) closes it and opens the weapon panel, as typed slowly")
    func escapeThenLetterOverTheDrawer() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("m"))
        #expect(roster.list.isShown)
        roster.press(KeyEvent(.character("w"), modifiers: .alt))
        #expect(!roster.window.isPresenting(roster.interface.screen.listOverlay), "Esc closed the drawer")
        #expect(roster.weaponPanel != nil, "w opened the weapon panel")
    }

    @Test("the monster drawer's footer says how to close it and how to act", arguments: [(60, 20)])
    func drawer(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("m"))
        let keys = labels(roster)
        #expect(keys.contains("Esc"), "\(roster.footer.keys)")
        #expect(keys.contains("?"), "\(roster.footer.keys)")
    }

    @Test("the monster drawer at 60×20 shows what fits of the keys that work there, by priority, as the list's footer does")
    func drawerShowsWhatFits() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("m"))
        // On first start, with nothing to undo.
        #expect(roster.footerText == "Esc close  w weapon  n new  x remove  ? help  q quit", "\(roster.footerText)")
        // After a change, u takes back what was done; the row has room for
        // one of n and u, and u goes with what was just done.
        roster.press(.escape, .character("w"), .character("3"), .escape)
        roster.interface.controller.clearStatus()
        #expect(roster.footerText == "Esc close  w weapon  u undo  x remove  ? help  q quit", "\(roster.footerText)")
        // Each works there, as the list's keys do.
        roster.press(.character("u"))
        #expect(roster.footer.message?.hasPrefix("undid") == true, "\(roster.footer.message ?? "")")
        #expect(roster.list.isShown, "the drawer stays")
        roster.press(.character("x"))
        #expect(roster.overlay?.shows("Remove Cat-Bot?") == true, "\(roster.overlay?.lines ?? [])")
        roster.press(.escape, .character("n"))
        #expect(roster.focused == "editing: Name", "n starts a new monster from the drawer: \(roster.focused)")
    }
}
