import Testing
import TerminalKit
@testable import RosterApp

/// The details pane names the monster once: on its Name row while that is
/// in sight, in the pane's title when the row is scrolled away.
@Suite("The details pane's title")
struct DetailTitleTests {
    @Test("beside the list at 80×24 the title says Details and the Name row names the monster, after a move too")
    func detailsBesideName() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        #expect(roster.details.title == "Details")
        #expect(roster.details.field("Name")?.value == "Cat-Bot")
        roster.press(KeyEvent(.down))
        #expect(roster.details.title == "Details")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
    }

    @Test("in a small pane scrolled down to Activated, the Name row is gone and the title names the monster")
    func nameInTitleWhenScrolledAway() throws {
        let roster = try RosterScreenHarness(width: 40, height: 12)
        for _ in 0..<6 { roster.press(KeyEvent(.tab)) }
        #expect(roster.focusedLabel == "Activated")
        #expect(roster.details.field("Name") == nil, "the Name row is scrolled out:\n\(roster.text)")
        #expect(roster.fieldLabel("Name") == nil)
        #expect(roster.details.title == "Cat-Bot")
    }
}
