import Testing
import TestSupport
@testable import TerminalKit

/// The terminals whose sixel faults roster works around, recognised by
/// their answers, and what the renderer then sends (`PictureQuirks`).
@Suite("Sixel on terminals with known faults")
struct SixelQuirksTests {
    static let art = Image(rows: (0..<16).map { y in (0..<16).map { x in (x + y) % 3 == 0 ? RGBA(200, 40, 90) : RGBA(30, 20, 60) } })

    func frame(size: Size) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("roster", at: .zero)
        let picture = Rect(x: 4, y: 2, width: 16, height: 8)
        buffer.placements.append(PicturePlacement(imageID: 1, placementID: 1, frame: picture,
                                                imageSize: Size(width: 16, height: 16), visible: nil))
        return buffer
    }

    func renderer(quirks: PictureQuirks) -> Renderer {
        var renderer = Renderer(colorDepth: .truecolor)
        var sixel = CellPictureOutput(cellSize: Size(width: 8, height: 16), registers: 256) { _ in Self.art }
        sixel.paintsAgainAfterRepaint = quirks.paintsAgainAfterRepaint
        renderer.pictures = sixel
        return renderer
    }

    @Test("mlterm is known by its DA2 model 24 or its XTVERSION name, Konsole by its XTVERSION name; xterm and kitty by neither")
    func recognised() {
        func answered(_ replies: [String]) -> PictureQuirks {
            var probe = TerminalProbe()
            for reply in replies { probe.read(Array(reply.utf8)) }
            return PictureQuirks(probe: probe)
        }
        let mlterm = answered(["\u{1B}[>24;279;0c", "\u{1B}[?1;0;1024S", "\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c"])
        #expect(mlterm.paintsAgainAfterRepaint && !mlterm.keepsPicturesOverCells)
        #expect(answered(["\u{1B}P>|mlterm(3.9.3)\u{1B}\\", "\u{1B}[?63;4c"]).paintsAgainAfterRepaint)
        let konsole = answered(["\u{1B}P>|Konsole 22.12.3\u{1B}\\", "\u{1B}[>1;115;0c", "\u{1B}[?1;0;256S", "\u{1B}[?62;1;4c"])
        #expect(konsole.keepsPicturesOverCells && !konsole.paintsAgainAfterRepaint)
        let xterm = answered(["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[>41;379;0c", "\u{1B}[?63;1;2;4c"])
        #expect(xterm == PictureQuirks())
        let kitty = answered(["\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}[>1;4000;29c", "\u{1B}[?62;c"])
        #expect(kitty == PictureQuirks())
    }

    /// Paints a picture, resizes the terminal, and draws frames as the run
    /// loop does: the resized frame, then a follow-up while one is wanted.
    func afterResize(quirks: PictureQuirks) -> (terminal: FakeSixelTerminal, followUps: Int) {
        let terminal = FakeSixelTerminal(width: 60, height: 20)
        terminal.blackensPicturesAfterResize = true
        var renderer = renderer(quirks: quirks)
        terminal.write(renderer.render(frame(size: Size(width: 60, height: 20)), cursor: nil))
        terminal.resize(width: 70, height: 24)
        renderer.invalidate()
        let resized = frame(size: Size(width: 70, height: 24))
        terminal.write(renderer.render(resized, cursor: nil))
        var followUps = 0
        while renderer.wantsFollowUpFrame, followUps < 5 {
            terminal.write(renderer.render(resized, cursor: nil))
            followUps += 1
        }
        return (terminal, followUps)
    }

    @Test("on mlterm, the pictures of the frame after a resize are painted once more in a frame of their own, in colour")
    func mltermRepaint() {
        let (terminal, followUps) = afterResize(quirks: PictureQuirks(paintsAgainAfterRepaint: true))
        #expect(followUps == 1)
        #expect(terminal.blackPixels == 0)
        #expect(terminal.picturePixels(columns: 4..<20, rows: 2..<10) == 16 * 8 * 8 * 16)
    }

    @Test("elsewhere nothing is sent again (and the model of mlterm's fault does show black without the follow-up)")
    func noRepaintElsewhere() {
        let (terminal, followUps) = afterResize(quirks: PictureQuirks())
        #expect(followUps == 0)
        #expect(terminal.blackPixels > 0)
        var renderer = renderer(quirks: PictureQuirks())
        _ = renderer.render(frame(size: Size(width: 60, height: 20)), cursor: nil)
        #expect(!renderer.wantsFollowUpFrame)
        #expect(renderer.render(frame(size: Size(width: 60, height: 20)), cursor: nil).isEmpty)
    }

    @Test("mlterm's fault hits iTerm2 inline images too: after a full repaint they are drawn once more, alone; elsewhere not")
    func inlineImagesAgain() {
        func drawn(quirk: Bool) -> (first: String, second: String, third: String) {
            var renderer = Renderer(colorDepth: .truecolor)
            var inline = CellPictureOutput(cellPixels: Size(width: 8, height: 16)) { _ in Self.art }
            inline.paintsAgainAfterRepaint = quirk
            renderer.pictures = inline
            let buffer = frame(size: Size(width: 60, height: 20))
            let first = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
            let second = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
            let third = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
            return (first, second, third)
        }
        let mlterm = drawn(quirk: true)
        #expect(mlterm.first.contains("]1337;File=") && mlterm.second.contains("]1337;File="))
        #expect(!mlterm.second.contains("roster") && !mlterm.second.contains("\u{1B}_G"), "only the picture, no delete")
        #expect(mlterm.third.isEmpty)
        let elsewhere = drawn(quirk: false)
        #expect(elsewhere.first.contains("]1337;File=") && elsewhere.second.isEmpty)
    }
}
