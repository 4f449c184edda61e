import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

@Suite("The weapon cell and its input panel")
struct WeaponPanelTests {
    @Test("focusing the weapon cell with Tab and Enter presents the panel with the current weapon marked")
    func presentsPanel() throws {
        // Wide enough for the weapons' pictures in the buttons.
        let roster = try RosterScreenHarness(width: 130, height: 40)
        #expect(roster.weaponPanel == nil)
        roster.press(.tab, .tab, .tab, .tab)
        #expect(roster.weaponPanel == nil, "Tab only focuses; Enter opens")
        #expect(roster.focused == "details: Weapon")
        roster.press(.enter)
        #expect(roster.focused == "editing: Weapon")
        let panel = try #require(roster.weaponPanel)
        #expect(panel.currentIndex == WeaponType.allCases.firstIndex(of: .sword))
        #expect(panel.highlightedIndex == panel.currentIndex)
        let sword = try #require(roster.screen.find("4 Sword"))
        let button = try #require(panel.buttonRects.first { $0.contains(sword) })
        #expect(roster.screen.text(row: button.y).contains("✓"), "Sword, the current weapon, is marked")
        #expect(roster.dockedPanel?.shows("✕ Close") == true)
        // Docked at the bottom across the full width of the screen.
        #expect(panel.frame.x == 0 && panel.frame.width == 130 && panel.frame.maxY == 40)
    }

    @Test("on an 80-column terminal every weapon keeps its whole name; the digits move to the buttons' edges")
    func narrowPanel() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel)
        let star = try #require(roster.screen.find("Ninja Star"))
        let button = try #require(panel.buttonRects.first { $0.contains(star) })
        #expect(roster.screen.text(row: button.y).contains("╭─2─"), "the digit that picks it sits in its edge")
        for row in button.y...button.maxY - 1 {
            #expect(!roster.screen.text(row: row).contains("…"), "no name is cut short")
        }
        let wide = try RosterScreenHarness(width: 130, height: 40)
        wide.press(.character("w"))
        #expect(wide.dockedPanel?.shows("2 Ninja Star") == true, "with room, the digit leads the name")
        // Smaller still, without room for pictures, names stay whole too.
        let small = try RosterScreenHarness(width: 40, height: 12)
        small.press(.character("w"))
        let smallPanel = try #require(small.weaponPanel)
        let smallStar = try #require(small.screen.find("Ninja Star"))
        let smallButton = try #require(smallPanel.buttonRects.first { $0.contains(smallStar) })
        for row in smallButton.y...smallButton.maxY - 1 {
            #expect(!small.screen.text(row: row).contains("…"), "no name is cut short: \(small.screen.text(row: row))")
        }
    }

    @Test("choosing Sword saves it at once, slides the panel away, and the list and details show it")
    func choosingSaves() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down)  // Dog-Bot, who carries a blowgun
        #expect(roster.list.selected == "Dog-Bot")
        roster.press(.character("w"))
        #expect(roster.weaponPanel != nil)
        roster.press(.right, .right, .right)  // blowgun → ninja star → fire → sword
        #expect(roster.weaponPanel?.highlightedIndex == 3)
        roster.press(.enter)
        #expect(roster.weaponPanel == nil)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .sword)
        #expect(roster.details.field("Weapon")?.value.contains("†  Sword") == true)
        #expect(roster.list.selected == "Dog-Bot")
        #expect(roster.selectedListRow?.contains("† Dog-Bot") == true, "the list row's glyph is the sword's")
        #expect(roster.footerText.contains("Dog-Bot now carries Sword"))
    }

    @Test("digits choose directly")
    func digits() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w")).type("5")
        #expect(roster.weaponPanel == nil)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke)
    }

    @Test("Close and Esc dismiss without a change")
    func closeChangesNothing() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"), .right, .escape)
        #expect(roster.weaponPanel == nil)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        roster.press(.character("w"))
        roster.press(.left)  // from Sword to Fire, then to Close is further left… go to Close directly
        for _ in 0..<10 where roster.weaponPanel?.highlightedIndex != roster.weaponPanel?.closeIndex { roster.press(.right) }
        roster.press(.enter)
        #expect(roster.weaponPanel == nil)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        // Focus went back to where it was before `w`: the list.
        #expect(roster.window.firstResponder === roster.interface.screen.list)
        #expect(roster.focused == "list")
        #expect(roster.details.field("Weapon")?.isFocused == false)
    }

    @Test("the picker cell takes no typed or pasted text and shows no cursor")
    func noTextEntry() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"))
        let before = roster.screen
        roster.paste("fire\u{1B}[31m")
        roster.type("xyz")
        #expect(roster.cursor == nil)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        #expect(roster.screen == before, "nothing typed or pasted changed the screen")
    }

    @Test("clicks: a monster selects it, the weapon cell opens the panel, a button chooses")
    func mouse() throws {
        let roster = try RosterScreenHarness()
        try roster.click(on: "Ice-Bot")
        #expect(roster.list.selected == "Ice-Bot")
        try roster.click(on: "Preferred way to kill")
        let panel = try #require(roster.weaponPanel)
        _ = roster.screen
        let blowgun = try #require(panel.buttonRects.first)
        roster.click(Point(x: blowgun.x + 2, y: blowgun.y + 1))
        #expect(roster.weaponPanel == nil)
        #expect(try roster.weaponInDatabase("Ice-Bot") == .blowgun)
    }

    @Test("the panel slides up over about 150 ms when motion is on")
    func slides() throws {
        let roster = try RosterScreenHarness()
        roster.window.animationsEnabled = true
        roster.press(.character("w"))
        roster.window.advanceAnimations(to: 1000)
        _ = roster.screen
        let panel = try #require(roster.weaponPanel)
        #expect(panel.frame.y >= 30 - 1, "starts below the screen")
        roster.window.advanceAnimations(to: 1075)
        _ = roster.screen
        let halfway = panel.frame.y
        #expect(halfway < 30 && halfway > 30 - panel.preferredHeight(forWidth: 100))
        roster.window.advanceAnimations(to: 1160)
        _ = roster.screen
        #expect(panel.frame.maxY == 30)
        #expect(!roster.window.isAnimating)
        roster.press(.escape)
        #expect(roster.window.isAnimating, "slides down again")
        roster.window.advanceAnimations(to: 2000)
        roster.window.advanceAnimations(to: 2200)
        #expect(roster.weaponPanel == nil)
    }
}

@Suite("Panels and changes made by other programs")
struct ExternalChangeTests {
    @Test("a panel open for a monster another program removes closes unsaved; nothing reaches the monster that took its place")
    func removedUnderThePanel() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("w"))
        #expect(roster.weaponPanel != nil)
        _ = try SQLiteRosterStore.open(path: roster.path).remove(["Dog-Bot"])
        #expect(roster.interface.poll())
        #expect(roster.weaponPanel == nil, "the panel put away")
        #expect(roster.footerText.contains("the edit was put away unsaved"))
        roster.type("3")
        #expect(try roster.weaponInDatabase("Explode-Bot") == .smoke, "the key did not choose for another monster")
    }

    @Test("a panel open for a monster another program changes shows the new value")
    func changedUnderThePanel() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w"))
        _ = try SQLiteRosterStore.open(path: roster.path).setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(roster.interface.poll())
        #expect(roster.weaponPanel?.currentIndex == WeaponType.allCases.firstIndex(of: .fire))
    }

    @Test("? over the weapon panel is the help for the panel, its keys under the panel's name, not the field's prompt")
    func helpOverThePanel() throws {
        let roster = try RosterScreenHarness(width: 100, height: 30)
        roster.press(.character("w"), .character("?"))
        // What the help box holds, read between its borders.
        let help = try #require(roster.overlay)
        #expect(help.title.hasPrefix("roster keys"))
        let inside = help.lines
        #expect(inside.contains("Weapon panel"), "\(inside)")
        #expect(!inside.contains { $0.contains("Preferred way to kill") }, "\(inside)")
        #expect(inside.contains { $0.hasPrefix("1–5") && $0.hasSuffix("choose") }, "\(inside)")
    }

    @Test("narrow, with the panel open, a refusal under the weapon leaves the weapon's row whole: the caption is never drawn beneath it")
    func refusalBesideTheWeaponWhenNarrow() throws {
        for height in 14...24 {
            let roster = try RosterScreenHarness(width: 60, height: height)
            roster.press(.character("w"))
            #expect(roster.weaponPanel != nil)
            let refusal = "the roster at /tmp/lead/pg/.s.PGSQL.5491 (database postgres, user rdr) cannot be written: "
                + "the database role `rdr` may only read it (permission denied for table history_counter); nothing was changed"
            roster.interface.screen.weaponCell.problem = refusal
            roster.interface.controller.status = ("Weapon not saved: \(refusal)", true)
            let text = roster.text
            // The weapon's glyph and the caption on one row is one drawn over the other.
            #expect(!roster.lines.contains { $0.contains("†") && $0.contains("way to kill") }, "60×\(height):\n\(text)")
        }
    }
}
