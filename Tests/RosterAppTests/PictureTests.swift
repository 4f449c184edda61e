import Testing
import TerminalKit
@testable import RosterApp

@Suite("Pictures on the interactive screen")
struct PictureTests {
    @Test("half blocks: the icon and the weapon are drawn in colour, and every panel button has its picture")
    func halfBlocks() throws {
        let roster = try RosterScreenHarness()
        let screen = roster.screen
        let blocks = (0..<screen.size.height).flatMap { y in (0..<screen.size.width).map { screen[$0, y] } }
            .filter { $0.text == "▀" || $0.text == "▄" }
        #expect(blocks.count > 100, "the icon and the weapon picture are drawn")
        #expect(blocks.contains { if case .rgb = $0.style.foreground { true } else { false } })
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel)
        _ = roster.screen
        let buffer = roster.screen
        for rect in panel.buttonRects.dropLast() {
            let inner = rect.inset(by: 1)
            let drawn = (inner.y..<inner.maxY).contains { y in (inner.x..<inner.maxX).contains { buffer[$0, y].text == "▀" || buffer[$0, y].text == "▄" } }
            #expect(drawn, "a picture in the button at \(rect)")
        }
    }

    @Test("a field scrolled partly out of a small pane shows its lower part, cut at the pane's edge")
    func partlyScrolled() throws {
        let roster = try RosterScreenHarness(width: 40, height: 12)
        for _ in 0..<6 { roster.press(.tab) }          // Name … Activated: the pane scrolls
        #expect(roster.focusedLabel == "Activated")
        let text = roster.text
        #expect(text.contains("⚔  Sword"), "the weapon cell's lower rows still show:\n\(text)")
        #expect(!text.contains("Preferred way to kill"), "its top row is above the pane")
        #expect(roster.lines[1].hasPrefix("╭─ Cat-Bot"), "the pane's border is not drawn over")
    }

    @Test("without colour the pictures give way to the weapons' glyphs")
    func text() throws {
        let roster = try RosterScreenHarness(pictures: .text)
        let text = roster.text
        #expect(!text.contains("▀"))
        #expect(text.contains("⚔  Sword"))
        roster.press(.character("w"))
        #expect(roster.text.contains("➳"))
    }

    @Test("kitty: pictures are placements over blank cells; a sliding panel crops them and an overlay hides them")
    func kitty() throws {
        let roster = try RosterScreenHarness(pictures: .kittyGraphics)
        let placements = roster.screen.placements
        #expect(placements.count == 2, "the icon and the weapon")
        #expect(placements.allSatisfy { $0.isVisible })
        #expect(!roster.text.contains("▀"), "no half blocks beneath real pictures")
        // The weapon panel covers the bottom of the screen: the pictures
        // above it stay whole, the panel's own buttons show theirs.
        roster.press(.character("w"))
        let withPanel = roster.screen.placements
        let panelTop = try #require(roster.weaponPanel).frame.y
        #expect(withPanel.count == 2 + 5)
        for placement in withPanel where placement.isVisible {
            #expect(placement.visible.maxY <= 30)
        }
        let covered = withPanel.prefix(2).filter { $0.frame.maxY > panelTop }
        for placement in covered { #expect(placement.visible.maxY <= panelTop, "cropped at the panel's top") }
        roster.press(.escape)
        // The help overlay hides whatever it overlaps.
        roster.press(.character("?"))
        let withHelp = roster.screen.placements
        #expect(withHelp.contains { !$0.isVisible }, "a picture under the help screen is hidden")
    }
}
