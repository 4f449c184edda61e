import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Behaviour told as a person sees it, one part of the screen at a time.
@Suite("The roster as a person sees it")
struct AsSeenTests {
    @Test("choosing a weapon: the panel is showing, the database says sword, the details say Sword, the list has the keys back")
    func choosingAWeapon() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(roster.focused == "list")
        try roster.press(binding: "move").press(.down)
        #expect(roster.list.selected == "Dog-Bot")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
        try roster.press(binding: "weapon")
        #expect(roster.focused == "editing: Weapon")
        #expect(roster.weaponPanel != nil)
        #expect(roster.footer.keys.contains("1–5 choose"))
        roster.press(.character("4"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .sword)
        #expect(roster.details.field("Weapon")?.value.contains("Sword") == true)
        #expect(roster.footer.message == "Dog-Bot now carries Sword")
        #expect(roster.focused == "list")
    }

    @Test("a narrow window: the details have the keys, the Monsters overlay takes them and gives them back")
    func narrowWindow() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        #expect(!roster.list.isShown)
        #expect(roster.focused == "details: Name")
        try roster.press(binding: "monsters")
        #expect(roster.list.isShown && roster.focused == "Monsters overlay")
        roster.press(.down, .enter)
        #expect(!roster.list.isShown)
        #expect(roster.focused == "details: Name")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
    }
}
