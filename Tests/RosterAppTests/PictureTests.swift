import Testing
import TerminalKit
@testable import RosterApp

@Suite("Pictures on the interactive screen")
struct PictureTests {
    @Test("half blocks: the icon and the weapon are drawn in colour, and every panel button has its picture")
    func halfBlocks() throws {
        // Wide enough for each button to hold the 16-column art at 1×.
        let roster = try RosterScreenHarness(width: 130, height: 40)
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
        // The weapon cell's rows that are inside the pane, as drawn.
        _ = roster.screen
        let pane = roster.interface.screen.details.frame.inset(by: 1)
        let cell = roster.interface.screen.weaponCell.frame.intersection(pane)
        let shown = roster.rows(in: cell).joined(separator: " ")
        #expect(shown.contains("†  Sword"), "the weapon cell's lower rows still show:\n\(roster.text)")
        #expect(!shown.contains("Preferred way to kill"), "its top row is above the pane")
        #expect(roster.details.title == "Cat-Bot", "the pane's border is not drawn over")
    }

    @Test("without colour the pictures give way to the weapons' glyphs")
    func text() throws {
        let roster = try RosterScreenHarness(pictures: .text)
        // Nowhere on the screen.
        #expect(!roster.text.contains("▀"))
        #expect(roster.details.field("Weapon")?.value.contains("†  Sword") == true)
        roster.press(.character("w"))
        #expect(roster.dockedPanel?.shows("⇝") == true)
    }

    @Test("kitty: pictures are placements over blank cells; a sliding panel crops them and an overlay hides them")
    func kitty() throws {
        let roster = try RosterScreenHarness(width: 130, height: 40, pictures: .kittyGraphics)
        let placements = roster.screen.placements
        #expect(placements.count == 1, "the icon (the weapon cell is too small for its art at 1×)")
        #expect(placements.allSatisfy { $0.isVisible })
        #expect(!roster.text.contains("▀"), "no half blocks beneath real pictures")
        // The weapon panel covers the bottom of the screen: the pictures
        // above it stay whole, the panel's own buttons show theirs.
        roster.press(.character("w"))
        let withPanel = roster.screen.placements
        let panelTop = try #require(roster.weaponPanel).frame.y
        #expect(withPanel.count == 1 + 5)
        for placement in withPanel where placement.isVisible {
            #expect(placement.visible.maxY <= 40)
        }
        let covered = withPanel.prefix(1).filter { $0.frame.maxY > panelTop }
        for placement in covered { #expect(placement.visible.maxY <= panelTop, "cropped at the panel's top") }
        roster.press(.escape)
        // The help overlay hides whatever it overlaps.
        roster.press(.character("?"))
        let withHelp = roster.screen.placements
        #expect(withHelp.contains { !$0.isVisible }, "a picture under the help screen is hidden")
    }
}

@Suite("The monster's picture grows with the pane, by whole multiples")
struct PictureSizeTests {
    /// The cells holding half blocks in the detail pane's columns.
    func pictureCells(_ roster: RosterScreenHarness) -> Rect? {
        let screen = roster.screen
        let pane = roster.interface.screen.details.frame
        var cells: [Point] = []
        for y in pane.y..<pane.maxY {
            for x in pane.x..<pane.maxX where screen[x, y].text == "▀" || screen[x, y].text == "▄" {
                cells.append(Point(x: x, y: y))
            }
        }
        guard let minX = cells.map(\.x).min(), let maxX = cells.map(\.x).max(),
              let minY = cells.map(\.y).min(), let maxY = cells.map(\.y).max() else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test("80×24 and every width from 70 to 89 show the monster's picture at 1×", arguments: [70, 75, 80, 85, 89])
    func common(width: Int) throws {
        let roster = try RosterScreenHarness(width: width, height: 24)
        let cells = try #require(pictureCells(roster), "a picture at \(width)×24:\n\(roster.text)")
        #expect(cells.width <= 16 && cells.height <= 8)
        #expect(cells.width >= 12, "the whole icon, not a shrunk one")
    }

    @Test("a large pane gets a larger picture, a whole multiple of the 16×16 art")
    func large() throws {
        let roster = try RosterScreenHarness(width: 200, height: 60)
        _ = roster.screen
        let frame = roster.interface.screen.details.pictureFrameForTesting
        #expect(frame.width >= 16 * 3 + 2, "\(frame)")
        #expect((frame.width - 2) % 16 == 0 && (frame.height - 2) % 8 == 0)
        #expect((frame.width - 2) / 16 == (frame.height - 2) / 8)
        let cells = try #require(pictureCells(roster))
        #expect(cells.width > 32)
    }
}
