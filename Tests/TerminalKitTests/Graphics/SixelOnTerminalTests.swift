import Testing
import TestSupport
@testable import TerminalKit

/// The renderer's sixel pictures as a terminal that paints them like
/// xterm (`FakeSixelTerminal`) shows them: a picture that goes away or is
/// covered leaves no pixels behind, and none scrolls the screen.
@Suite("Sixel pictures on a terminal that paints like xterm")
struct SixelOnTerminalTests {
    static let art = Image(rows: (0..<16).map { y in (0..<16).map { x in (x + y) % 3 == 0 ? RGBA(200, 40, 90) : RGBA(30, 20, 60) } })
    static let size = Size(width: 60, height: 20)

    func renderer() -> Renderer {
        var renderer = Renderer(colorDepth: .truecolor)
        renderer.pictures = CellPictureOutput(cellSize: Size(width: 8, height: 16), registers: 256) { _ in Self.art }
        return renderer
    }

    /// A frame with pictures, each visible where `visible` says (the whole frame by default).
    func frame(_ pictures: [(frame: Rect, visible: Rect?)], text: [(String, Point)] = [], size: Size = Self.size) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("roster", at: .zero)
        for (index, picture) in pictures.enumerated() {
            buffer.fill(picture.frame)
            buffer.placements.append(PicturePlacement(imageID: 1, placementID: UInt32(index + 1), frame: picture.frame,
                                                    imageSize: Size(width: 16, height: 16), visible: picture.visible))
        }
        for (line, point) in text { buffer.write(line, at: point) }
        return buffer
    }

    /// Every cell that shows picture pixels lies inside a visible picture.
    func onlyInside(_ terminal: FakeSixelTerminal, _ visible: [Rect]) -> [Point] {
        var stray: [Point] = []
        for row in 0..<terminal.height {
            for column in 0..<terminal.width where terminal.picturePixels(column: column, row: row) > 0 {
                let point = Point(x: column, y: row)
                if !visible.contains(where: { $0.contains(point) }) { stray.append(point) }
            }
        }
        return stray
    }

    @Test("a picture painted, then taken away with nothing else changing, leaves no pixels")
    func removed() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        let picture = Rect(x: 4, y: 2, width: 16, height: 8)
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) > 0)
        terminal.write(renderer.render(frame([]), cursor: nil))
        #expect(terminal.rowsWithPictures.isEmpty, "the blank cells were written again and erased it")
    }

    @Test("covered by a popover, the picture's covered part is erased, the rest painted anew; uncovered, it is whole again")
    func covered() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        let picture = Rect(x: 4, y: 2, width: 16, height: 8)
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        let whole = terminal.picturePixels(columns: 4..<20, rows: 2..<10)
        // Only the rows above a panel at row 6 show.
        let above = Rect(x: 4, y: 2, width: 16, height: 4)
        terminal.write(renderer.render(frame([(picture, above)], text: [("PANEL", Point(x: 4, y: 6))]), cursor: nil))
        #expect(onlyInside(terminal, [above]).isEmpty, "\(onlyInside(terminal, [above]))")
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<6) > 0)
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) == whole)
    }

    @Test("a picture that moves leaves nothing where it was")
    func moved() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        let first = Rect(x: 4, y: 2, width: 16, height: 8), second = Rect(x: 30, y: 4, width: 16, height: 8)
        terminal.write(renderer.render(frame([(first, nil)]), cursor: nil))
        terminal.write(renderer.render(frame([(second, nil)]), cursor: nil))
        #expect(onlyInside(terminal, [second]).isEmpty)
        #expect(terminal.picturePixels(columns: 30..<46, rows: 4..<12) > 0)
    }

    @Test("text written over a picture's cells makes it paint again; an unchanged frame sends nothing")
    func repaintedAfterText() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        let picture = Rect(x: 4, y: 2, width: 16, height: 8)
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        let whole = terminal.picturePixels(columns: 4..<20, rows: 2..<10)
        #expect(renderer.render(frame([(picture, nil)]), cursor: nil).isEmpty)
        // Something drew over it, then went: the cells change twice.
        var covered = frame([])
        covered.write("a message over the picture", at: Point(x: 2, y: 5))
        terminal.write(renderer.render(covered, cursor: nil))
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) == whole)
    }

    @Test("a panel's picture rising from below the screen never reaches the last row, and never scrolls")
    func slide() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        for top in stride(from: 24, through: 8, by: -1) {
            let picture = Rect(x: 4, y: top, width: 16, height: 8)
            terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
            #expect(terminal.scrolls == 0, "at row \(top)")
            #expect(!terminal.rowsWithPictures.contains(19), "nothing on the last row at \(top)")
            #expect(onlyInside(terminal, [picture]).isEmpty, "at row \(top): \(onlyInside(terminal, [picture]))")
            #expect(terminal.line(0).hasPrefix("roster"), "the screen did not move")
        }
        #expect(terminal.picturePixels(columns: 4..<20, rows: 8..<16) > 0)
    }

    @Test("after a resize or a resume, every picture is painted again")
    func repaint() {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var renderer = renderer()
        let picture = Rect(x: 4, y: 2, width: 16, height: 8)
        terminal.write(renderer.render(frame([(picture, nil)]), cursor: nil))
        terminal.resize(width: 70, height: 24)
        renderer.invalidate()
        terminal.write(renderer.render(frame([(picture, nil)], size: Size(width: 70, height: 24)), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) > 0)
        // Ctrl-Z: the shell's screen; fg: the alternate screen again, cleared.
        terminal.write(renderer.removeGraphics())
        terminal.write(Array("\u{1B}[H\u{1B}[2J".utf8))
        #expect(terminal.rowsWithPictures.isEmpty)
        renderer.invalidate()
        terminal.write(renderer.render(frame([(picture, nil)], size: Size(width: 70, height: 24)), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) > 0)
    }
}
