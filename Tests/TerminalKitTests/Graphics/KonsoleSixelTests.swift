import Testing
import TestSupport
@testable import TerminalKit

/// Sixel pictures on Konsole 22.12, which keeps them over the cells and
/// fills their transparent pixels with register 0 (`FakeKonsole` models
/// it): what a person sees there, with the workarounds and without.
@Suite("Sixel pictures as Konsole shows them")
struct KonsoleSixelTests {
    /// A 16×16 ring: a dark outline and a pink inside, transparent outside
    /// the ring and in its middle.
    static let art = Image(rows: (0..<16).map { y in
        (0..<16).map { x in
            let distance = max(abs(2 * x - 15), abs(2 * y - 15))
            return distance > 13 || distance < 5 ? RGBA.clear : distance > 11 ? RGBA(20, 20, 60) : RGBA(230, 120, 170)
        }
    })
    static var transparentArtPixels: Int { stride(from: 3, to: art.rgba.count, by: 4).filter { art.rgba[$0] == 0 }.count }
    /// Konsole's default background (Breeze), as it answers OSC 11.
    static let background = RGBA(0x23, 0x26, 0x27)

    /// Whether two colours are the same within what sixel's percent
    /// colours keep (each channel to about 1.3 of 255).
    static func near(_ colour: RGBA?, _ other: RGBA) -> Bool {
        guard let colour else { return false }
        return abs(Int(colour.red) - Int(other.red)) <= 2 && abs(Int(colour.green) - Int(other.green)) <= 2
            && abs(Int(colour.blue) - Int(other.blue)) <= 2
    }

    /// Konsole's answers to the probe, the background among them.
    static func konsoleProbe() -> TerminalProbe {
        var probe = TerminalProbe()
        for reply in ["\u{1B}P>|Konsole 22.12.3\u{1B}\\", "\u{1B}[>1;115;0c", "\u{1B}[?1;0;256S",
                      "\u{1B}]11;rgb:2323/2626/2727\u{1B}\\", "\u{1B}[?62;1;4c"] {
            probe.read(Array(reply.utf8))
        }
        return probe
    }

    func frame(pictures: [(id: UInt32, at: Point)]) -> Buffer {
        var buffer = Buffer(size: Size(width: 60, height: 20))
        buffer.write("roster", at: .zero)
        for picture in pictures {
            buffer.placements.append(PicturePlacement(imageID: picture.id, placementID: picture.id,
                                                    frame: Rect(x: picture.at.x, y: picture.at.y, width: 16, height: 8),
                                                    imageSize: Size(width: 16, height: 16), visible: nil))
        }
        return buffer
    }

    /// A renderer set up as the run loop sets it up from `probe`, or with
    /// no workaround at all.
    func renderer(workarounds: Bool, probe: TerminalProbe = konsoleProbe()) -> Renderer {
        let quirks = workarounds ? PictureQuirks(probe: probe) : PictureQuirks()
        var renderer = Renderer(colorDepth: .truecolor)
        var sixel = CellPictureOutput(cellSize: Size(width: 8, height: 16), registers: 256) { _ in Self.art }
        sixel.deletesPictures = quirks.keepsPicturesOverCells
        sixel.transparentFill = quirks.fillsTransparentPixels ? probe.background : nil
        renderer.pictures = sixel
        return renderer
    }

    @Test("Konsole is known by its name and tells its background: both workarounds apply, and nowhere else")
    func recognised() {
        let probe = Self.konsoleProbe()
        #expect(probe.background == Self.background && probe.sixel)
        let quirks = PictureQuirks(probe: probe)
        #expect(quirks.keepsPicturesOverCells && quirks.fillsTransparentPixels)
        #expect(!PictureQuirks(terminalName: "XTerm(379)", deviceModel: 41).fillsTransparentPixels)
        #expect(!PictureQuirks(terminalName: nil, deviceModel: 24).fillsTransparentPixels, "mlterm")
    }

    @Test("a picture's transparent pixels show Konsole's own background, not register 0")
    func transparentPixels() {
        let cells = (columns: 4..<20, rows: 2..<10)
        // Each art pixel is 8×8 screen pixels here (16 cells of 8 across, 8 of 16 down).
        let transparent = Self.transparentArtPixels * 64
        #expect(transparent > 0)

        let konsole = FakeKonsole(width: 60, height: 20)
        var fixed = renderer(workarounds: true)
        konsole.write(fixed.render(frame(pictures: [(1, Point(x: 4, y: 2))]), cursor: nil))
        // In whole bands shorter than its cells (`exactCells`).
        #expect(konsole.picturePixels(columns: cells.columns, rows: cells.rows) == 128 * 126)
        #expect(konsole.picturePixels(columns: cells.columns, rows: cells.rows) { Self.near($0, Self.background) } > transparent * 9 / 10)
        #expect(Self.near(konsole.pictureColour(x: 4 * 8 + 64, y: 2 * 16 + 64), Self.background), "the ring's middle")
        #expect(Self.near(konsole.pictureColour(x: 4 * 8 + 20, y: 2 * 16 + 64), RGBA(230, 120, 170)), "the ring itself")

        // Without it, what Konsole showed: the middle in another colour.
        let before = FakeKonsole(width: 60, height: 20)
        var plain = renderer(workarounds: false)
        before.write(plain.render(frame(pictures: [(1, Point(x: 4, y: 2))]), cursor: nil))
        #expect(before.picturePixels(columns: cells.columns, rows: cells.rows) { Self.near($0, Self.background) } == 0)
        #expect(!Self.near(before.pictureColour(x: 4 * 8 + 64, y: 2 * 16 + 64), Self.background))
    }

    @Test("a sixel on Konsole takes exactly its rows: the text below stays, one ending on the last row but one does not scroll, and the column right of it, which Konsole blanks, is written again in the same frame")
    func exactCells() {
        let konsole = FakeKonsole(width: 60, height: 20)
        var renderer = renderer(workarounds: true)
        var buffer = frame(pictures: [(1, Point(x: 4, y: 11))])
        buffer.write("│", at: Point(x: 20, y: 12))
        buffer.write("below", at: Point(x: 4, y: 19))
        konsole.write(renderer.render(buffer, cursor: nil))
        #expect(konsole.pictures.map { [$0.cells.columns.count, $0.cells.rows.count] } == [[16, 8]])
        #expect(konsole.scrolls == 0, "the line feed after the picture stays above the last row")
        #expect(konsole.line(19).dropFirst(4).hasPrefix("below"), "\(konsole.line(19))")
        #expect(konsole.line(12).dropFirst(20).hasPrefix("│"), "the box's right edge: \(konsole.line(12))")
        #expect(!renderer.wantsFollowUpFrame && renderer.render(buffer, cursor: nil).isEmpty, "nothing is left to do")
        // A frame that paints nothing blanks nothing, and writes nothing again.
        buffer.write("x", at: Point(x: 40, y: 1))
        #expect(String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self).filter { $0 == "│" }.isEmpty)
    }

    @Test("on xterm the same picture keeps its transparent pixels unset")
    func elsewhereTransparent() {
        var probe = TerminalProbe()
        for reply in ["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1B}[?63;1;2;4c"] { probe.read(Array(reply.utf8)) }
        #expect(probe.background == RGBA(255, 255, 255))
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        var xterm = renderer(workarounds: true, probe: probe)
        terminal.write(xterm.render(frame(pictures: [(1, Point(x: 4, y: 2))]), cursor: nil))
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) == 128 * 128 - Self.transparentArtPixels * 64)
    }

    @Test("a picture that moves or goes away leaves nothing behind on Konsole, and the rest stay")
    func movedAndGone() {
        let konsole = FakeKonsole(width: 60, height: 20)
        var renderer = renderer(workarounds: true)
        konsole.write(renderer.render(frame(pictures: [(1, Point(x: 4, y: 2)), (2, Point(x: 30, y: 2))]), cursor: nil))
        #expect(konsole.pictures.count == 2)
        // The first moves down; the second goes (a panel over it, say).
        konsole.write(renderer.render(frame(pictures: [(1, Point(x: 4, y: 10))]), cursor: nil))
        #expect(konsole.pictures.map { [$0.column, $0.row] } == [[4, 10]])
        #expect(konsole.picturePixels(columns: 4..<20, rows: 2..<10) == 0, "nothing where the first was")
        #expect(konsole.picturePixels(columns: 30..<46, rows: 2..<10) == 0, "nothing where the second was")
        // Back as before: both, once each.
        konsole.write(renderer.render(frame(pictures: [(1, Point(x: 4, y: 2)), (2, Point(x: 30, y: 2))]), cursor: nil))
        #expect(Set(konsole.pictures.map { [$0.column, $0.row] }) == [[4, 2], [30, 2]])
        #expect(konsole.pictures.count == 2)

        // Without the deletion, Konsole kept the old pictures over the text.
        let before = FakeKonsole(width: 60, height: 20)
        var plain = self.renderer(workarounds: false)
        before.write(plain.render(frame(pictures: [(1, Point(x: 4, y: 2)), (2, Point(x: 30, y: 2))]), cursor: nil))
        before.write(plain.render(frame(pictures: [(1, Point(x: 4, y: 10))]), cursor: nil))
        #expect(before.picturePixels(columns: 30..<46, rows: 2..<10) > 0, "the model keeps what Konsole kept")
    }

    @Test("after a full repaint (a resize) Konsole shows each picture once, where it belongs")
    func repaint() {
        let konsole = FakeKonsole(width: 60, height: 20)
        var renderer = renderer(workarounds: true)
        let buffer = frame(pictures: [(1, Point(x: 4, y: 2))])
        konsole.write(renderer.render(buffer, cursor: nil))
        renderer.invalidate()
        konsole.write(renderer.render(buffer, cursor: nil))
        #expect(konsole.pictures.count == 1)
        #expect(konsole.pictures.first.map { [$0.column, $0.row] } == [4, 2])
        #expect(konsole.line(0).hasPrefix("roster"))
    }

    @Test("roster show's sixel pictures, printed and left behind, show Konsole's background where they are transparent")
    func printedPicture() {
        let fill = PictureQuirks(probe: Self.konsoleProbe()).fillsTransparentPixels ? Self.konsoleProbe().background : nil
        func printed(fill: RGBA?) -> [UInt8] {
            var output = CellPictureOutput(cellSize: Size(width: 8, height: 16), registers: 256) { _ in Self.art }
            output.transparentFill = fill
            return output.picture(PicturePlacement(imageID: 1, placementID: 1, frame: Rect(x: 0, y: 0, width: 16, height: 8),
                                                   imageSize: Size(width: 16, height: 16)))
        }
        let konsole = FakeKonsole(width: 60, height: 20)
        konsole.write(printed(fill: fill))
        #expect(konsole.picturePixels(columns: 0..<16, rows: 0..<8) { Self.near($0, Self.background) } == Self.transparentArtPixels * 64)
        let before = FakeKonsole(width: 60, height: 20)
        before.write(printed(fill: nil))
        #expect(before.picturePixels(columns: 0..<16, rows: 0..<8) { Self.near($0, Self.background) } == 0)
    }
    @Test("a picture whose top rows are transparent shows every colour it defines, its rarest too")
    func blankTopBand() {
        // A flame: nothing in its top six rows (so the first band is
        // blank), five colours below, the rarest (the heart) last.
        let colours = [RGBA(224, 64, 43), RGBA(31, 26, 46), RGBA(247, 140, 31), RGBA(255, 217, 74), RGBA(255, 246, 208)]
        let flame = Image(rows: (0..<16).map { y in
            (0..<16).map { x -> RGBA in
                guard y >= 6 else { return .clear }
                if x == 0 || x == 15 || y == 15 { return colours[1] }
                if (7...8).contains(x), (11...12).contains(y) { return colours[4] }
                return x < 4 ? colours[0] : x < 7 ? colours[2] : colours[3]
            }
        })
        let konsole = FakeKonsole(width: 60, height: 20)
        konsole.write(Sixel.encode(flame, registers: 256))
        #expect(konsole.pictures.count == 1)
        for (x, y, colour) in [(7, 11, colours[4]), (8, 12, colours[4]), (0, 8, colours[1]), (2, 8, colours[0]), (5, 8, colours[2]), (10, 8, colours[3])] {
            #expect(Self.near(konsole.pictureColour(x: x, y: y), colour), "pixel \(x),\(y)")
        }
        #expect(konsole.picturePixels(columns: 0..<2, rows: 0..<1) { Self.near($0, FakeKonsole.vt340Colours[4]) } == 0,
                "no pixel in the VT340's magenta")
    }
}
