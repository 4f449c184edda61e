import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// States a person could not get out of, and keys that did nothing: each
/// found by hand in tmux before the toolkit knew who owns a key.
@Suite("Who owns a key: no state traps a person")
struct KeyOwnershipTests {
    @Test("below 70 columns, / then Enter keeps the filter and leaves a list that q and Ctrl-C still work in")
    func narrowFilterThenEnter() throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        roster.press(.character("/")).type("ic").press(.enter)
        #expect(roster.listTitle?.hasSuffix(" 1 found") == true, "the filter is kept")
        #expect(roster.cursor == nil, "no longer typing")
        roster.press(.character("j"))
        #expect(roster.listTitle?.hasSuffix(" 1 found") == true, "j moves in the list instead of going into an unseen filter")
        #expect(roster.listFilterLine == "ic")
        roster.press(.enter)
        #expect(!roster.list.isShown, "Enter closed the list")
        #expect(roster.details.field("Name")?.value == "Ice-Bot")
        roster.press(.character("q"))
        #expect(roster.interface.quitStatus == 0)
    }

    @Test("below 70 columns, Esc in the filter clears it and leaves it")
    func narrowFilterEscape() throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        roster.press(.character("/")).type("ic").press(.enter, .enter, .character("/"))
        #expect(roster.cursor != nil)
        roster.press(.escape)
        #expect(roster.cursor == nil, "Esc left the filter")
        #expect(roster.listTitle == "Monsters · 6", "and cleared it")
        roster.press(.control("c"))
        #expect(roster.interface.quitStatus == 0, "Ctrl-C read as a key quits as q does")
    }

    @Test("m then / filters as you type in the Monsters overlay")
    func monstersThenSlash() throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        roster.press(.character("m"), .character("/")).type("fire")
        #expect(roster.listTitle == "Monsters · 1 found")
        #expect(roster.list.lines == ["Fire-Bot"])
    }

    @Test("q and Ctrl-C quit from the Monsters overlay", arguments: [("q", Int32(0)), ("Ctrl-C", Int32(0))])
    func quitFromOverlay(_ key: String, _ status: Int32) throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        roster.press(.character("m"))
        #expect(roster.listTitle == "Monsters · 6")
        roster.press(key == "q" ? .character("q") : .control("c"))
        #expect(roster.interface.quitStatus == status)
    }

    @Test("Ctrl-C quits while help, the remove prompt or the list overlay is open", arguments: ["?", "x", "m"])
    func interruptAboveOverlays(_ opener: Character) throws {
        let roster = try RosterScreenHarness(width: opener == "m" ? 60 : 100, height: 24)
        roster.press(.character(opener))
        #expect(!roster.window.overlays.isEmpty)
        roster.press(.control("c"))
        #expect(roster.interface.quitStatus == 0)
    }

    @Test("Ctrl-Z asks to suspend from above any overlay")
    func suspendAboveOverlays() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("?"), .control("z"))
        #expect(roster.interface.takeSuspendRequest())
        #expect(!roster.interface.takeSuspendRequest(), "once per press")
    }

    @Test("q over a picker does nothing but say so, as no letter does there; Ctrl-C quits; in a text field q is a letter",
          arguments: ["Weapon", "Height", "Colour", "Activated"])
    func qInPanels(_ field: String) throws {
        let roster = try RosterScreenHarness()
        try roster.edit(field)
        roster.type("xyzq")
        #expect(roster.interface.quitStatus == nil, "typing xyzq over the \(field) picker ends nothing")
        #expect(roster.editingLabel == field, "the picker is still up")
        #expect(roster.footer.message == "the q key does nothing here, as no letter does in a picker: Esc closes it, Ctrl-C quits",
                "\(roster.footer.message ?? "no message")")
        #expect(roster.footerText.contains("The q key does nothing here"), "in sight: \(roster.footerText)")
        roster.press(.character("j"))
        #expect(roster.footer.keys.contains("Ctrl-C quit"), "the footer names the way out: \(roster.footer.keys)")
        #expect(!roster.footer.keys.contains("q quit"), "\(roster.footer.keys)")
        roster.press(.control("c"))
        #expect(roster.interface.quitStatus == 0, "the documented way out of a picker ends as q does, not as an interrupt")
        let typing = try RosterScreenHarness()
        try typing.edit("Name")
        typing.type("q")
        #expect(typing.interface.quitStatus == nil)
    }

    @Test("the minimum-size screen wins with a panel open, and the panel is back when the window grows")
    func minimumSizeWins() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"))
        #expect(roster.dockedPanel?.shows("✕ Close") == true)
        roster.interface.resize(to: Size(width: 39, height: 11))
        let small = roster.text
        #expect(small.contains("40×12") && small.contains("39×11"))
        #expect(!small.contains("Close") && !small.contains("Done"), "nothing of the panel is drawn")
        roster.press(.character("3"))
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword, "keys do not reach a panel nobody can see")
        roster.interface.resize(to: Size(width: 100, height: 30))
        #expect(roster.dockedPanel?.shows("✕ Close") == true)
        roster.interface.resize(to: Size(width: 39, height: 11))
        roster.press(.character("q"))
        #expect(roster.interface.quitStatus == 0, "q quits from the small screen, as it says")
    }

    @Test("the remove prompt says y / N, and Enter keeps the monster")
    func removeDefaultsToNo() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("x"))
        #expect(roster.overlay?.lines == ["Remove Dog-Bot?  y / N"])
        roster.press(.enter)
        #expect(try roster.monster("Dog-Bot") != nil)
        #expect(roster.window.overlays.isEmpty)
    }

    @Test("a panel dismissed without a choice gives the focus back where it was", arguments: ["escape", "close"])
    func panelGivesFocusBack(_ way: String) throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"))
        if way == "escape" { roster.press(.escape) } else { try roster.click(on: "✕ Close") }
        #expect(roster.window.firstResponder === roster.interface.screen.list)
        // From a focused field, Esc gives the focus back to that field.
        roster.press(.tab, .tab, .enter, .escape)
        #expect(roster.window.firstResponder === roster.interface.screen.details)
        #expect(roster.focusedLabel == "Description")
    }

    @Test("over another panel a is a stray letter that does nothing; the header's activation button edits it with its own editor",
          arguments: ["Weapon", "Height", "Colour"])
    func activationFromAnyPanel(_ label: String) throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"))
        if label != "Weapon" { try roster.edit(label) }
        #expect(roster.editingLabel == label)
        roster.press(.character("a"))
        #expect(roster.editingLabel == label, "a did nothing over the \(label) panel")
        #expect(roster.header.contains(" a · set activation date… "), "a button that says what it sets, and its key: \(roster.header)")
        try roster.click(on: "set activation date")
        #expect(roster.editingLabel == "Activated")
        #expect(roster.docked.contains { $0 is DateTimePicker })
        roster.press(.escape)
        #expect(roster.editingLabel == nil)
        #expect(roster.docked.isEmpty)
    }

    @Test("the README's key table names the header's activation button as the header shows it")
    func readmeNamesTheButton() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardizedFileURL
        let text = try String(contentsOf: readme, encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `a` |") }, "the key table has a row for a")
        let button = "a · set activation date…"
        #expect(roster.header.contains(button), "\(roster.header)")
        #expect(row.contains(button) && !row.contains("Activated button"), "\(row)")
    }

    @Test("a from help and from the Monsters overlay closes them and opens the activation editor")
    func activationFromOverlays() throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        for opener in ["?", "m"] as [Character] {
            roster.press(.character(opener), .character("a"))
            #expect(roster.window.overlays.isEmpty)
            #expect(roster.editingLabel == "Activated")
            roster.press(.escape)
        }
    }

    @Test("when another program removes the monster shown, the details let go: the list has the focus, with a sentence")
    func removedWhileFocused() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .tab, .tab, .tab)
        #expect(roster.focusedLabel == "Colour")
        _ = try SQLiteRosterStore.open(path: roster.path).remove(["Dog-Bot"])
        #expect(roster.interface.poll())
        #expect(roster.window.firstResponder === roster.interface.screen.list)
        #expect(roster.footerText.contains("Another program removed Dog-Bot"))
        roster.press(.enter)
        #expect(roster.editingLabel == nil, "Enter edits nothing of another monster")
    }

    @Test("when the monster being edited is removed elsewhere, the edit closes and the list has the focus")
    func removedWhileEditing() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down)
        try roster.edit("Height")
        _ = try SQLiteRosterStore.open(path: roster.path).remove(["Dog-Bot"])
        #expect(roster.interface.poll())
        #expect(roster.editingLabel == nil && roster.docked.isEmpty)
        #expect(roster.window.firstResponder === roster.interface.screen.list)
        #expect(roster.footerText.contains("Another program removed Dog-Bot; the edit was put away unsaved"))
    }

    @Test("a name's refusal sentence wraps whole inside a narrow pane", arguments: [100, 60, 44])
    func refusalWraps(_ width: Int) throws {
        let roster = try RosterScreenHarness(width: width, height: 30)
        try roster.edit("Name")
        roster.press(.control("u")).type("123").press(.enter)
        #expect(roster.editingLabel == "Name")
        // Read inside the field's frame: a word past the pane's border, or
        // cut across two rows, would not read back whole.
        let value = try #require(roster.details.field("Name")).value
        #expect(value.hasSuffix(" ✗ a name cannot be only digits (with or without #), which would read as an id"), "\(value)")
    }

    @Test("at narrow widths help does not offer a list that is hidden; it lists j/k, Ctrl-Z, Delete and the mouse")
    func helpIsTrue() throws {
        let roster = try RosterScreenHarness(width: 60, height: 30)
        roster.press(.tab, .character("?"))
        let narrow = try #require(roster.overlay)
        #expect(!narrow.shows("back to list"))
        #expect(narrow.shows("show the monster list"))
        let wide = try RosterScreenHarness(width: 120, height: 40)
        wide.press(.character("?"))
        let help = try #require(wide.overlay)
        for key in ["Ctrl-Z", "Ctrl-C", "x Del", "↑ k ↓ j", "click"] { #expect(help.shows(key), "\(key) in help") }
    }
}
