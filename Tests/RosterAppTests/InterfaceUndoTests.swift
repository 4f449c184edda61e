import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

extension RosterScreenHarness {
    /// The roster as `roster export` writes it, read through another
    /// connection, as a script would.
    func exported() throws -> [UInt8] {
        let output = ByteOutput()
        try SQLiteRosterStore.open(path: path).export(.json, to: output)
        return output.bytes()
    }
}

/// Every change the interface makes, field by field, is taken back by `u`
/// to the exact bytes before it, and put back by `U` to the exact bytes
/// after it.
@Suite("Undo and redo of every change made in the interface")
struct InterfaceUndoTests {
    /// The keys that make one change, from the list with Cat-Bot selected.
    static func change(_ name: String, on roster: RosterScreenHarness) throws {
        switch name {
        case "Name": try roster.edit("Name").press(.control("u")).type("Kit-Bot").press(.enter)
        case "Description": try roster.edit("Description").type(" purr").press(.enter)
        case "Colour": try roster.edit("Colour").press(.down, .enter)
        case "Weapon": try roster.edit("Weapon").type("3")
        case "Height": try roster.edit("Height").press(.up, .enter)
        case "Origin": try roster.edit("Origin").type("fra").press(.enter)
        case "Activated": try roster.edit("Activated").press(.right, .right, .right, .right, .down, .enter)
        case "⌫ Height": try roster.edit("Height").press(.backspace)
        case "⌫ Origin": try roster.edit("Origin").press(.delete)
        case "⌫ Activated": try roster.edit("Activated").press(.backspace)
        case "add": roster.press(.character("n")).type("Bat-Bot").press(.enter)
        default: roster.press(.down, .character("x"), .character("y"))
        }
    }

    @Test("export, change through the interface, u: the same bytes; U: the changed bytes",
          arguments: ["Name", "Description", "Colour", "Weapon", "Height", "Origin", "Activated",
                      "⌫ Height", "⌫ Origin", "⌫ Activated", "add", "remove"])
    func undoRedo(_ name: String) throws {
        let roster = try RosterScreenHarness()
        let before = try roster.exported()
        try Self.change(name, on: roster)
        #expect(roster.editingLabel == nil, "the change was made and its editor closed")
        let changed = try roster.exported()
        #expect(changed != before, "the keys changed the roster")
        #expect(roster.footerText.contains("· u undo"), "\(roster.footerText)")

        roster.press(.character("u"))
        #expect(try roster.exported() == before, "u restores the exact bytes")
        #expect(roster.footer.message?.hasPrefix("undid ") == true, "\(roster.footer.message ?? "no message")")
        roster.press(.character("U"))
        #expect(try roster.exported() == changed, "U puts back the exact bytes of the change")
        #expect(roster.footer.message?.hasPrefix("redid ") == true, "\(roster.footer.message ?? "no message")")
        roster.press(.character("u"))
        #expect(try roster.exported() == before, "and u takes it back again")
    }
}
