import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The pickers declare their keys once (ChoicePanel, WheelPicker, the date
/// picker, MenuPopover, the help), and a picker's keys are its own: a
/// letter with no meaning in it does nothing there, rather than becoming a
/// command of the screen behind (issue 25: " the Magnificent…" typed over
/// the height wheel saved a height, set an activation and opened a form).
@Suite("The pickers' key tables, and stray letters over a picker")
struct PickerKeyTablesTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    private func everyMonster(_ roster: RosterScreenHarness) throws -> [Monster] {
        try SQLiteRosterStore.open(path: roster.path).monsters(offset: 0, limit: 100)
    }

    /// Opens `label`'s editor, types `text` over it, and checks what a
    /// person would see: the same editor up, its `shown` state as it was,
    /// no overlay, no new monster's form, and the database as it was.
    @discardableResult
    private func type(_ text: String, over label: String, size: (Int, Int),
                      shown: (RosterScreenHarness) -> AnyHashable?) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let before = try everyMonster(roster)
        try roster.edit(label)
        let state = shown(roster)
        roster.type(text)
        #expect(roster.editingLabel == label, "the \(label) editor is still up: \(roster.text)")
        #expect(shown(roster) == state, "the \(label) picker did not move")
        #expect(roster.window.overlays.isEmpty, "no overlay opened")
        #expect(roster.interface.controller.draft == nil, "no new monster's form")
        #expect(try everyMonster(roster) == before, "the database is as it was")
        return roster
    }

    @Test("“ the Magnificent” typed over the height wheel changes nothing and opens nothing", arguments: sizes)
    func strayTypingOverTheHeightWheel(_ size: (Int, Int)) throws {
        let roster = try type(" the Magnificent", over: "Height", size: size) { roster in
            (roster.docked.first { $0 is WheelPicker } as? WheelPicker)?.selection
        }
        #expect(roster.footer.keys.contains { $0.hasPrefix("Esc") }, "the height panel's footer: \(roster.footer.keys)")
        roster.press(.escape)
        #expect(roster.editingLabel == nil)
    }

    @Test("“ the Magnificent” typed over the activation's picker saves nothing and opens nothing, though n turns it to now", arguments: sizes)
    func strayTypingOverTheDatePicker(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let before = try everyMonster(roster)
        try roster.edit("Activated")
        roster.type(" the Magnificent")
        #expect(roster.editingLabel == "Activated", "the picker is still up: \(roster.text)")
        #expect(roster.window.overlays.isEmpty, "no overlay opened")
        #expect(roster.interface.controller.draft == nil, "no new monster's form")
        #expect(try everyMonster(roster) == before, "the database is as it was")
        roster.press(.escape)
        #expect(roster.editingLabel == nil)
        #expect(try everyMonster(roster) == before, "Esc keeps what was there")
    }

    @Test("a digit past the weapon panel's last choice picks nothing and goes no further", arguments: sizes)
    func digitPastTheChoices(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let before = try everyMonster(roster)
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel)
        roster.type("79")
        #expect(roster.editingLabel == "Weapon", "the weapon panel is still up")
        #expect(try everyMonster(roster) == before)
        // Its footer reads the panel's table: 1–5 for five weapons.
        #expect(roster.lines.last?.contains("1–5 choose") == true, "\(roster.lines.last ?? "")")
        #expect(ChoicePanel.keys.bindings(for: panel).contains { $0.label == "1–5" })
    }

    @Test("the colour popover's keys are its own, and letters over it do nothing", arguments: sizes)
    func colourPopover(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let before = try everyMonster(roster)
        try roster.edit("Colour")
        #expect(roster.window.popoverIsShowing, "\(roster.text)")
        // The accessory bar covers the screen's footer here: the keys in
        // force are the popover's, which `?` lists.
        let offered = roster.window.footerBindings.map { "\($0.label) \($0.help)" }
        #expect(offered.contains("Enter choose") && offered.contains("Esc close"), "\(offered)")
        #expect(!offered.contains { $0.hasPrefix("a ") || $0.hasPrefix("w ") }, "\(offered)")
        roster.type("anxu")
        #expect(roster.editingLabel == "Colour", "the popover is still up")
        #expect(roster.window.overlays.isEmpty)
        #expect(try everyMonster(roster) == before)
    }

    @Test("the activation's picker offers Enter done and Esc cancel from its table; a stray letter other than n does nothing",
          arguments: sizes)
    func datePicker(_ size: (Int, Int)) throws {
        let roster = try type("xuwh", over: "Activated", size: size) { roster in
            (roster.docked.first { $0 is DateTimePicker } as? DateTimePicker)?.value
        }
        let offered = roster.window.activeBindingGroups.flatMap(\.bindings).map(\.help)
        #expect(offered.contains("done") && offered.contains("cancel") && offered.contains("now"), "\(offered)")
    }

    @Test("the help's scroll keys are offered only when it must scroll", arguments: sizes)
    func helpScrolls(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("?"))
        let help = try #require(roster.window.overlays.last?.view as? KeyHelpView)
        _ = roster.screen
        let scrolls = help.contentHeight + 2 > help.frame.height
        #expect(roster.footer.keys.contains("↑↓ scroll") == scrolls, "\(size): \(roster.footer.keys)")
        #expect(help.keyBindings.contains { $0.help == "scroll" } == scrolls)
    }
}
