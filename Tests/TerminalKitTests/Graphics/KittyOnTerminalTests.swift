import Testing
import TestSupport
@testable import TerminalKit

/// The renderer's kitty pictures as a terminal that keeps kitty's rules
/// (`FakeKittyTerminal`) shows them: what a person would see in kitty.
@Suite("Kitty pictures on a terminal that frees and clamps like kitty")
struct KittyOnTerminalTests {
    static let png: [UInt8] = Array(repeating: 0x42, count: 300)

    func frame(_ size: Size, pictures: [(id: UInt32, frame: Rect)]) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("roster", at: .zero)
        for (index, picture) in pictures.enumerated() {
            buffer.fill(picture.frame)
            buffer.placements.append(PicturePlacement(imageID: picture.id, placementID: UInt32(index + 1), frame: picture.frame,
                                                    imageSize: Size(width: 64, height: 64)))
        }
        return buffer
    }

    func renderer() -> Renderer {
        var renderer = Renderer(colorDepth: .truecolor)
        renderer.pictures = KittyImageOutput(imageData: { _ in Self.png })
        return renderer
    }

    @Test("pictures survive a resize: the repaint does not free them, or sends them again")
    func resize() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        let pictures: [(id: UInt32, frame: Rect)] = [(1, Rect(x: 2, y: 2, width: 16, height: 8)), (2, Rect(x: 30, y: 2, width: 8, height: 4))]
        terminal.write(renderer.render(frame(Size(width: 80, height: 24), pictures: pictures), cursor: nil))
        #expect(terminal.visiblePlacements.count == 2)
        for size in [Size(width: 100, height: 30), Size(width: 80, height: 24)] {
            terminal.resize(width: size.width, height: size.height)
            renderer.invalidate()
            terminal.write(renderer.render(frame(size, pictures: pictures), cursor: nil))
            #expect(terminal.errors.isEmpty, "\(terminal.errors)")
            #expect(terminal.visiblePlacements.count == 2, "both pictures show at \(size)")
        }
    }

    @Test("a picture that reaches below the screen is cut at the last row, never clamped onto it")
    func clippedToScreen() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        // A panel sliding up: its picture starts below the screen and rises.
        for top in stride(from: 27, through: 16, by: -1) {
            terminal.write(renderer.render(frame(Size(width: 80, height: 24), pictures: [(1, Rect(x: 4, y: top, width: 8, height: 4))]),
                                           cursor: nil))
        }
        #expect(!terminal.placementHistory.isEmpty)
        for placement in terminal.placementHistory {
            #expect(placement.fits(width: 80, height: 24), "\(placement) lies on the screen")
        }
        #expect(terminal.visiblePlacements.first?.rowRange == 16..<20)
    }

    @Test("a picture the terminal no longer has is sent again when it says so")
    func resendAfterENOENT() throws {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        let size = Size(width: 80, height: 24)
        terminal.write(renderer.render(frame(size, pictures: [(1, Rect(x: 2, y: 2, width: 16, height: 8))]), cursor: nil))
        // Something else cleared the screen the kitty way, freeing the image.
        terminal.write(Array("\u{1B}[2J".utf8))
        terminal.write(renderer.render(frame(size, pictures: [(1, Rect(x: 2, y: 3, width: 16, height: 8))]), cursor: nil))
        let replies = terminal.takeReplies()
        #expect(replies.count == 1, "an error comes back instead of being silenced")
        for reply in replies { #expect(renderer.readGraphicsReply(reply) == nil, "not given up on yet") }
        terminal.write(renderer.render(frame(size, pictures: [(1, Rect(x: 2, y: 3, width: 16, height: 8))]), cursor: nil))
        #expect(terminal.visiblePlacements.count == 1, "sent again and placed")
    }

    @Test("a picture the terminal refuses is given up on, to be drawn another way")
    func refused() throws {
        var renderer = renderer()
        let size = Size(width: 80, height: 24)
        _ = renderer.render(frame(size, pictures: [(7, Rect(x: 2, y: 2, width: 16, height: 8))]), cursor: nil)
        let reply = Array("\u{1B}_Gi=7;EBADPNG:Failed to decode\u{1B}\\".utf8)
        #expect(renderer.readGraphicsReply(reply) == 7)
        let noise = Array("\u{1B}[?62;4c".utf8)
        #expect(renderer.readGraphicsReply(noise) == nil)
    }

    @Test("suspending takes every picture away; resuming shows them again")
    func suspendAndResume() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        let size = Size(width: 80, height: 24)
        let pictures: [(id: UInt32, frame: Rect)] = [(1, Rect(x: 2, y: 2, width: 16, height: 8))]
        terminal.write(renderer.render(frame(size, pictures: pictures), cursor: nil))
        terminal.write(renderer.removeGraphics())
        #expect(terminal.visiblePlacements.isEmpty)
        // Leaving and entering the alternate screen again frees images in kitty.
        terminal.write(Array("\u{1B}[?1049l\u{1B}[?1049h".utf8))
        renderer.invalidate()
        terminal.write(renderer.render(frame(size, pictures: pictures), cursor: nil))
        #expect(terminal.errors.isEmpty, "\(terminal.errors)")
        #expect(terminal.visiblePlacements.count == 1)
    }
}
