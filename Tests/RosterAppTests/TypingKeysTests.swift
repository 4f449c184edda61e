import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

extension RosterScreenHarness {
    /// The keys docked under an editor whose stack covers the footer (an
    /// accessory bar over a text field, or beside the colour popover), as
    /// drawn in that row: `["Enter done", "Esc cancel", "F1 help"]`; empty
    /// when no such row is docked.
    var dockedKeys: [String] {
        _ = screen
        guard window.dockedViews.contains(where: { $0 === window.dockedKeyHints }) else { return [] }
        let row = rows(in: window.dockedKeyHints.frame).first ?? ""
        return row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether the key row docked under the editor is the screen's bottom row.
    var dockedKeysAreAtTheBottom: Bool {
        _ = screen
        return window.dockedKeyHints.frame.maxY == screen.size.height
    }
}

/// Issue 25: while a name, a description or a new monster is typed, or
/// the colour list is up, the accessory bar docks over the footer. A
/// person typing must still see how to keep, leave and get help, and `?`
/// there is a letter: F1 is help, and the row under the bar names it.
@Suite("The keys a person sees while typing, and in the colour list")
struct TypingKeysTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    /// The row under the bar shows Enter, Esc and a help key that is not a letter.
    private func expectKeepLeaveAndHelp(_ roster: RosterScreenHarness, help: String, _ what: String) {
        let keys = roster.dockedKeys
        #expect(roster.dockedKeysAreAtTheBottom, "\(what): the keys are on the bottom row")
        #expect(keys.contains { $0.hasPrefix("Enter ") }, "\(what): how to keep it: \(keys)")
        #expect(keys.contains { $0.hasPrefix("Esc ") }, "\(what): how to leave: \(keys)")
        #expect(keys.contains("\(help) help"), "\(what): how to get help: \(keys)")
    }

    @Test("typing a name: Enter, Esc and F1 are shown; ? is a letter of the name; F1 opens the help", arguments: sizes)
    func typingAName(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Name")
        expectKeepLeaveAndHelp(roster, help: "F1", "the name editor")
        roster.type("?")
        #expect(roster.overlay == nil, "? typed into the name opens nothing")
        #expect(roster.details.field("Name")?.value.hasSuffix("?") == true, "the name reads \(roster.details.field("Name")?.value ?? "")")
        roster.press(.f1)
        #expect(roster.overlay?.title.hasPrefix("roster keys") == true, "F1 opens the help over the name editor")
        #expect(roster.overlay?.shows("Enter") == true, "the help lists the editor's keys")
        roster.press(.escape)
        #expect(roster.overlay == nil)
        #expect(roster.editingLabel == "Name", "closing the help leaves the name being typed")
        roster.press(.escape)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("Cat-Bot") != nil, "Esc kept the name as it was")
    }

    @Test("typing a description shows the same keys", arguments: sizes)
    func typingADescription(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Description")
        roster.type("Purrs?")
        expectKeepLeaveAndHelp(roster, help: "F1", "the description editor")
        #expect(roster.overlay == nil)
    }

    @Test("a new monster's name, typed: the same keys", arguments: sizes)
    func typingANewMonster(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("n"))
        #expect(roster.editingLabel == "Name", "n opens a new monster's form at its name")
        roster.type("Owl-Bot")
        expectKeepLeaveAndHelp(roster, help: "F1", "the new monster's name")
        roster.press(.enter)
        #expect(try roster.monster("Owl-Bot") != nil, "Enter added it, as the row said")
    }

    @Test("the colour list: Enter, Esc and ? are shown under the bar", arguments: sizes)
    func colourList(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Colour")
        #expect(roster.popover != nil, "the colour list hangs at the name")
        expectKeepLeaveAndHelp(roster, help: "?", "the colour list")
        roster.press(.character("?"))
        #expect(roster.overlay?.title.hasPrefix("roster keys") == true, "? is help over the colour list")
    }

    @Test("a panel that shows its own keys gets no second row", arguments: sizes)
    func weaponPanelHasItsOwnKeys(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("w"))
        #expect(roster.weaponPanel != nil)
        #expect(roster.dockedKeys.isEmpty, "the weapon panel's own bottom row names its keys")
    }
}
