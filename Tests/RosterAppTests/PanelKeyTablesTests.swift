import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The last keys built afresh on every call are tables declared once,
/// with availability asked apart (issue 25): the question in the footer's
/// place, the accessory bar, and ⌫ in the pickers that can clear a value.
@Suite("The question's, the accessory bar's and the pickers' clearing key tables")
struct PanelKeyTablesTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    @Test("the remove question: y removes, Enter and Esc keep, and its keys are the table's", arguments: sizes)
    func removeQuestion(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("x"))
        #expect(roster.overlay?.lines == ["Remove Cat-Bot?  y / N"], "\(roster.overlay?.lines ?? [])")
        let prompt = try #require(roster.window.overlays.last?.view as? ConfirmationPrompt)
        #expect(prompt.keyBindings.map(\.label) == ["y", "N"], "the default, no, in capitals")
        #expect(prompt.keyBindings.map(\.keptRole) == [.act, .back], "yes acts, no goes back")
        roster.press(.enter)
        #expect(roster.overlay == nil)
        #expect(try roster.monster("Cat-Bot") != nil, "Enter kept Cat-Bot")
        roster.press(.character("x"), .escape)
        #expect(try roster.monster("Cat-Bot") != nil, "Esc kept Cat-Bot")
        roster.press(.character("x"), .character("y"))
        #expect(try roster.monster("Cat-Bot") == nil, "y removed it")
    }

    @Test("a question whose default is yes: Enter answers yes, shown as Y")
    func defaultYes() throws {
        var answered: Bool?
        let prompt = ConfirmationPrompt("Keep going?", defaultAnswer: true, onConfirm: { answered = true }, onDecline: { answered = false })
        let bindings = ConfirmationPrompt.keys.bindings(for: prompt)
        #expect(bindings.map(\.label) == ["Y", "n"])
        bindings.first { $0.matches(.enter) }?.perform(.enter)
        #expect(answered == true)
    }

    @Test("the accessory bar's Tab moves to the next field while a name is typed", arguments: sizes)
    func accessoryTab(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Name")
        #expect(AccessoryBar.keys.bindings(for: roster.interface.screen.details.accessoryBar).contains { $0.label == "Tab" })
        roster.press(.tab)
        #expect(roster.editingLabel == "Description", "Tab went on to the next field")
    }

    @Test("the accessory bar of a panel summoned without fields offers only Done")
    func accessoryWithoutFields() throws {
        let bar = AccessoryBar { $0.onDone = {} }
        let bindings = AccessoryBar.keys.bindings(for: bar)
        #expect(bindings.allSatisfy { $0.keys.isEmpty }, "no Tab where there is no field to move to")
        #expect(bindings.map(\.help) == ["Done"])
    }

    @Test("⌫ clears the height on its wheels, and is not offered where there is nothing to clear", arguments: sizes)
    func clearing(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Height")
        #expect(roster.dockedPanel?.lines.last?.contains("⌫ clear") == true || size.0 < 120,
                "the wheels' row offers it: \(roster.dockedPanel?.lines.last ?? "")")
        roster.press(.backspace)
        #expect(roster.editingLabel == nil, "cleared, the wheels close")
        #expect(try roster.monster("Cat-Bot")?.height == nil, "the height is unknown now")
        #expect(roster.details.field("Height")?.value == DetailField.absent, "shown as absent")
        try roster.edit("Height")
        let field = try #require(roster.interface.screen.details.editingField)
        #expect(DetailField.clearingKeys.bindings(for: field).isEmpty, "nothing to clear: the key is not the field's")
        roster.press(.escape)
        try roster.edit("Weapon")
        let weapon = try #require(roster.interface.screen.details.editingField)
        #expect(DetailField.clearingKeys.bindings(for: weapon).isEmpty, "a weapon cannot be cleared")
    }
}
