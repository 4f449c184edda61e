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
        try roster.press(binding: "show the monster list")
        #expect(roster.list.isShown && roster.focused == "Monsters overlay")
        roster.press(.down, .enter)
        #expect(!roster.list.isShown)
        #expect(roster.focused == "details: Name")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
    }

    @Test("the monster drawer of a narrow window is the list: w, n, u and x work there, and Esc goes back one level")
    func drawerIsTheList() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("m"))
        #expect(roster.focused == "Monsters overlay")
        roster.press(.character("?"))
        let help = try #require(roster.overlay)
        #expect(help.shows("undo") && help.shows("remove"), "its help lists the list's commands: \(help.lines)")
        roster.press(.escape)
        #expect(roster.focused == "Monsters overlay", "Esc closes the help, one level")

        // w: the weapon panel over the details, the drawer put away.
        roster.press(.down, .character("w"))
        #expect(roster.focused == "editing: Weapon" && !roster.list.isShown)
        roster.press(.character("3"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire)
        // The choice gives the focus back where w was pressed: the drawer, open again.
        #expect(roster.focused == "Monsters overlay" && roster.list.isShown, "\(roster.focused)")

        // u from the drawer takes it back, and says so.
        roster.press(.character("u"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun)
        #expect(roster.footer.message?.hasPrefix("undid") == true)

        // x asks, over the drawer; Esc answers no and leaves the drawer up.
        roster.press(.character("x"))
        #expect(roster.overlay?.shows("Remove Dog-Bot?") == true)
        roster.press(.escape)
        #expect(roster.focused == "Monsters overlay")

        // n: a new monster's form; Esc discards it and goes back where n was pressed, the drawer.
        roster.press(.character("n"))
        #expect(roster.focused == "editing: Name" && !roster.list.isShown)
        roster.press(.escape)
        #expect(roster.focused == "Monsters overlay", "\(roster.focused)")
        #expect(roster.list.isShown)
        // Esc in the drawer goes back one level: it closes onto the details.
        roster.press(.escape)
        #expect(roster.focused.hasPrefix("details"), "\(roster.focused)")
        #expect(!roster.list.isShown)
    }

    @Test("Esc in the drawer, as in the list: the filter first (said in the footer), then the marks, then the drawer closes",
          arguments: [Size(width: 60, height: 20), Size(width: 80, height: 24)])
    func escInTheDrawerClearsTheFilterFirst(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "))          // marks Cat-Bot
        roster.press(.character("/")).type("bot").press(.enter)
        #expect(roster.interface.controller.list.isFiltering)
        roster.press(.escape)
        #expect(!roster.interface.controller.list.isFiltering, "Esc cleared the filter")
        #expect(roster.footer.message == "cleared the filter", "\(roster.footer.message ?? "")")
        #expect(roster.list.isShown, "the list is still up: \(roster.focused)")
        roster.press(.escape)
        #expect(!roster.interface.controller.hasAnyMarks, "then Esc cleared the mark")
        #expect(roster.footer.message == "cleared 1 mark", "\(roster.footer.message ?? "")")
        #expect(roster.list.isShown, "the list is still up: \(roster.focused)")
        if size.width == 60 {
            roster.press(.escape)
            #expect(!roster.list.isShown, "only then does Esc close the drawer")
        }
    }
}
