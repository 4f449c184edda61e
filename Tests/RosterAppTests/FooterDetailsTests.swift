import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// What a new user's trial found in the footer: a key that matters cut
/// at 80 columns, keys offered where they do nothing, an overlay's footer
/// naming keys of the screen behind it, the help's title cut.
@Suite("The footer offers what works, and keeps what matters")
struct FooterDetailsTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    @Test("on first start n new is kept over u and h, which can only say the history is empty; after a change h is kept",
          arguments: [(120, 35), (80, 24)])
    func historyKept(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        #expect(roster.focused == "list")
        let keys = roster.footer.keys
        for kept in ["Enter open", "n new", "? help", "q quit"] {
            #expect(keys.contains { $0.hasPrefix(kept) }, "\(kept) in \(keys)")
        }
        if size.0 == 80 {
            #expect(!keys.contains("u undo") && !keys.contains("h history"), "nothing to undo yet: \(keys)")
        }
        roster.press(.character("h"))
        #expect(roster.footer.message == "the history is empty: no change to undo", "h still says so")
        // After a change, with u on offer too.
        roster.press(.character("w")).press(.character("3"))
        roster.press(.escape)
        #expect(roster.footer.keys.contains { $0.hasPrefix("h history") }, "\(roster.footer.keys)")
        #expect(roster.footer.keys.contains("u undo"), "\(roster.footer.keys)")
    }

    @Test("a filter that leaves the list empty: the footer offers neither Enter nor U, only what works", arguments: [(120, 35), (80, 24)])
    func emptyFilteredList(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("/")).type("zzz").press(.enter)
        #expect(roster.listMessage?.hasPrefix("No names contain `z") == true, "\(roster.text)")
        let keys = roster.footer.keys
        #expect(!keys.contains { $0.hasPrefix("Enter") }, "\(keys)")
        #expect(!keys.contains { $0.hasPrefix("U ") }, "\(keys)")
        #expect(keys.contains("Esc clear") || keys.contains("Esc clear filter"), "\(keys)")
        roster.press(.enter)
        #expect(roster.focused == "list", "Enter did nothing")
    }

    @Test("over the help the footer offers ? and Esc to close it, and not a activated, which would close it unseen", arguments: sizes)
    func helpFooter(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("?"))
        let keys = roster.footer.keys
        #expect(keys.contains("? close"), "\(keys)")
        #expect(keys.contains { $0.hasPrefix("Esc close") }, "\(keys)")
        #expect(!keys.contains { $0.hasPrefix("a ") }, "\(keys)")
        roster.press(.character("?"))
        #expect(roster.window.overlays.isEmpty, "? closed the help, as the footer said")
    }

    @Test("the help box's title is whole: its name and how to close it", arguments: sizes)
    func helpTitle(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("?"))
        let help = try #require(roster.window.overlays.last?.view as? KeyHelpView)
        let top = roster.screen.text(row: help.frame.y)
        #expect(top.contains("roster keys (↑↓ more, Esc closes)") || top.contains("roster keys (Esc closes)"), "\(top)")
    }

    @Test("a focused text field's footer offers Ctrl-E at 120, 80 and 60 columns, kept by its role over w, m and h",
          arguments: sizes)
    func controlE(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Description")
        roster.press(.escape)
        #expect(roster.focused == "details: Description")
        #expect(roster.footer.keys.contains("Ctrl-E editor") || roster.footer.keys.contains("Ctrl-E open in your editor"),
                "focused: \(roster.footer.keys)")
        // Kept by role: what acts on the focused field first, then help.
        #expect(roster.footer.keys.contains("Enter edit") && roster.footer.keys.contains("? help"), "\(roster.footer.keys)")
    }
}
