import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Every Esc says what it did: a wheel turned and left, a clash's value
/// kept, and at every width Esc on a detail field goes back one level.
@Suite("Esc told")
struct EscapesToldTests {
    @Test("a turned height or origin wheel, then Esc: the footer says the value was left as it was", arguments: ["Height", "Origin"])
    func turnedWheelLeft(_ label: String) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let before = try roster.monster("Cat-Bot")
        try roster.edit(label).press(.down, .escape)
        #expect(roster.footer.message == "left Cat-Bot's \(label.lowercased()) as it was", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot") == before)
    }

    @Test("a turned wheel on marks, then Esc: the footer says their values were left as they were")
    func turnedWheelOnMarksLeft() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.showList().press(.character(" "), .character(" "))
        try roster.edit("Height").press(.down, .escape)
        #expect(roster.footer.message == "left the 2 marked monsters' heights as they were", "\(roster.footer.message ?? "")")
    }

    @Test("after a clash, Esc keeps theirs and says so: one monster, and marks")
    func clashThenEscape() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("w"))
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit("Cat-Bot", MonsterChanges(weapon: .smoke))
        roster.type("3").press(.escape)
        #expect(roster.footer.message == "kept theirs: Cat-Bot's weapon stays Smoke, as another program saved it",
                "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke)

        roster.showList().press(.character(" "), .character(" "), .character("w"))
        _ = try other.edit("Dog-Bot", MonsterChanges(weapon: .fire))
        roster.interface.poll()
        roster.type("4").press(.escape)
        #expect(roster.footer.message == "kept theirs: the 2 marked monsters' weapons stay as they are now", "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire)
    }

    @Test("at 40 and 60 columns Esc on a detail field opens the list's drawer, as it goes back to the list wider",
          arguments: [Size(width: 40, height: 20), Size(width: 60, height: 20)])
    func narrowEscapeOpensDrawer(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        #expect(roster.interface.screen.isCollapsed)
        roster.interface.screen.details.focus(2)
        roster.press(.escape)
        #expect(roster.focused == "Monsters overlay", "\(roster.text)")
        roster.press(.escape)
        #expect(roster.focused.hasPrefix("details"), "the drawer's Esc closes it: \(roster.focused)")
    }
}
