import Testing
import TestSupport
@testable import TerminalKit

/// Kitty pictures kept as frames of one image per place
/// (`KittyFrameReels`), on a terminal that keeps frames as kitty does.
@Suite("Kitty pictures as frames: one image per place, a frame switch per move")
struct KittyFrameReelsTests {
    static let size = Size(width: 80, height: 24)
    static let iconFrame = Rect(x: 30, y: 3, width: 16, height: 8)

    /// Each picture's PNG stands for itself: different bytes per id.
    static func png(_ id: UInt32) -> [UInt8] { Array(repeating: UInt8(truncatingIfNeeded: id), count: 300) }

    static func sent(_ id: UInt32) -> [UInt8] { Base64.encode(png(id)) }

    func renderer() -> Renderer {
        var renderer = Renderer(colorDepth: .truecolor)
        renderer.pictures = KittyImageOutput(imageData: { Self.png($0) }, frameReels: KittyFrameReels())
        return renderer
    }

    /// A screen with picture `id` in the icon's place (slot 1), and, when
    /// given, picture `weapon` in a second place (slot 2).
    func frame(icon id: UInt32?, weapon: UInt32? = nil, text: String = "roster", size: Size = size) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write(text, at: .zero)
        if let id {
            buffer.fill(Self.iconFrame)
            buffer.placements.append(KittyPlacement(imageID: id, placementID: 1, frame: Self.iconFrame,
                                                    imageSize: Size(width: 64, height: 64)))
        }
        if let weapon {
            let frame = Rect(x: 50, y: 3, width: 8, height: 4)
            buffer.fill(frame)
            buffer.placements.append(KittyPlacement(imageID: weapon, placementID: 2, frame: frame,
                                                    imageSize: Size(width: 64, height: 64)))
        }
        return buffer
    }

    /// What the terminal shows in the icon's place, as the base64 it was sent.
    func shownIcon(_ terminal: FakeKittyTerminal) -> [UInt8]? {
        let here = terminal.visiblePlacements.filter { $0.column == Self.iconFrame.x && $0.row == Self.iconFrame.y }
        guard here.count == 1, let placement = here.first else { return nil }
        return terminal.shownData(of: placement)
    }

    @Test("moving between pictures sends each once, then only switches frames, and the right one shows")
    func switchesFrames() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        var revisits: [Int] = []
        for (step, id) in ([1, 2, 3, 4, 3, 2, 1, 4] as [UInt32]).enumerated() {
            let bytes = renderer.render(frame(icon: id, text: "step \(step)"), cursor: nil)
            terminal.write(bytes)
            #expect(terminal.errors.isEmpty, "\(terminal.errors)")
            #expect(shownIcon(terminal) == Self.sent(id), "step \(step) shows picture \(id)")
            #expect(terminal.visiblePlacements.count == 1, "one placement, never a second one left behind")
            if step >= 4 { revisits.append(bytes.count) }
        }
        #expect(terminal.storedImages.count == 1, "one image holds all four pictures")
        #expect(terminal.frames.values.first?.count == 4)
        #expect(terminal.placementHistory.count == 1, "placed once, never again")
        // The switch (about 20 bytes) and the changed text, inside the
        // synchronized-update markers: far from the 66 bytes a delete and
        // a placement took.
        #expect(revisits.allSatisfy { $0 < 60 }, "\(revisits)")
        #expect(terminal.animationState.values.allSatisfy { $0 == 1 }, "the frames never play by themselves")
    }

    @Test("two places keep their own images; hiding one and showing it again shows what it should")
    func twoPlaces() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        terminal.write(renderer.render(frame(icon: 1, weapon: 5), cursor: nil))
        terminal.write(renderer.render(frame(icon: 2, weapon: 6), cursor: nil))
        terminal.write(renderer.render(frame(icon: nil, weapon: 6), cursor: nil))
        #expect(shownIcon(terminal) == nil, "the icon's place is empty")
        terminal.write(renderer.render(frame(icon: 1, weapon: 5), cursor: nil))
        #expect(terminal.errors.isEmpty, "\(terminal.errors)")
        #expect(shownIcon(terminal) == Self.sent(1))
        let weapon = terminal.visiblePlacements.first { $0.column == 50 }
        #expect(weapon.flatMap { terminal.shownData(of: $0) } == Self.sent(5))
        #expect(terminal.storedImages.count == 2)
    }

    @Test("after a resize and after the images are freed, the place shows the picture it should")
    func survivesResizeAndFreeing() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        terminal.write(renderer.render(frame(icon: 1), cursor: nil))
        terminal.write(renderer.render(frame(icon: 2), cursor: nil))
        terminal.resize(width: 100, height: 30)
        renderer.invalidate()
        terminal.write(renderer.render(frame(icon: 2, size: Size(width: 100, height: 30)), cursor: nil))
        #expect(shownIcon(terminal) == Self.sent(2))
        // Suspending frees every image; coming back builds the reel anew.
        terminal.write(renderer.removeGraphics())
        #expect(terminal.storedImages.isEmpty)
        renderer.invalidate()
        terminal.write(renderer.render(frame(icon: 1, size: Size(width: 100, height: 30)), cursor: nil))
        #expect(terminal.errors.isEmpty, "\(terminal.errors)")
        #expect(shownIcon(terminal) == Self.sent(1))
    }

    @Test("a reel the terminal lost is sent again once; an error about it names the picture, to be drawn another way")
    func errors() {
        let terminal = FakeKittyTerminal(width: 80, height: 24)
        var renderer = renderer()
        terminal.write(renderer.render(frame(icon: 1), cursor: nil))
        terminal.write(renderer.render(frame(icon: 2), cursor: nil))
        // Something else cleared the screen the kitty way.
        terminal.write(Array("\u{1B}[2J".utf8))
        terminal.write(renderer.render(frame(icon: 1, text: "moved"), cursor: nil))
        let replies = terminal.takeReplies()
        #expect(!replies.isEmpty, "the lost image is reported")
        #expect(replies.compactMap { renderer.readGraphicsReply($0) }.isEmpty, "not given up on the first time")
        renderer.invalidate()
        terminal.write(renderer.render(frame(icon: 1, text: "again"), cursor: nil))
        #expect(shownIcon(terminal) == Self.sent(1), "sent again and shown")
        // A refusal about the reel comes back as the picture it shows.
        let refusal = Array("\u{1B}_Gi=\(KittyFrameReels.firstReelID + 1);EINVAL:bad image\u{1B}\\".utf8)
        #expect(renderer.readGraphicsReply(refusal) == 1)
        #expect(renderer.readGraphicsReply(refusal) == nil, "a second word about a forgotten reel changes nothing")
    }

    @Test("only kitty 0.20 or later is trusted with frames")
    func support() {
        #expect(KittyFrameReels.supported(terminalName: "kitty(0.26.5)"))
        #expect(KittyFrameReels.supported(terminalName: "kitty(0.20.0)"))
        #expect(!KittyFrameReels.supported(terminalName: "kitty(0.19.3)"))
        #expect(!KittyFrameReels.supported(terminalName: "WezTerm 20240203"))
        #expect(!KittyFrameReels.supported(terminalName: "ghostty 1.1"))
        #expect(!KittyFrameReels.supported(terminalName: nil))
    }
}
