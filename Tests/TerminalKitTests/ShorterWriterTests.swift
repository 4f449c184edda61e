import Testing
import TestSupport
@testable import TerminalKit

/// The writer's two ways of writing a frame (`FrameWriter.writeShorter`):
/// in screen order with no option (the plain writer), and the picture's
/// cells first with `REP` and the block glyphs. Whichever is kept, the
/// screen is the one the buffer says, and never in more bytes than the
/// plain writer's.
@Suite("The optimised writer: the plain writer's screen, never in more bytes")
struct ShorterWriterTests {
    /// The screen `bytes` leave on a terminal showing `before` written by
    /// a renderer, its pen then reset (as a fresh `FrameWriter` assumes).
    static func screen(before: Buffer, then bytes: [UInt8], depth: ColorDepth) -> ScreenModelTerminal {
        let terminal = ScreenModelComparison.terminal(for: before.size)
        var renderer = Renderer(colorDepth: depth)
        terminal.write(renderer.render(before, cursor: nil) + Array("\u{1B}[0m".utf8))
        terminal.write(bytes)
        return terminal
    }

    @Test("random pairs of frames: both writers show the second, and the optimised one is never longer", arguments: [
        ColorDepth.truecolor, .indexed256, .ansi16,
    ])
    func neverLonger(depth: ColorDepth) {
        var plainTotal = 0, optimisedTotal = 0
        for seed in UInt64(1)...120 {
            var random = SplitMix64(seed: seed &* 6_700_417 &+ UInt64(depth.rawValue))
            let size = Size(width: Int.random(in: 8...50, using: &random), height: Int.random(in: 3...14, using: &random))
            let before = PictureBytesTests.frame(&random, size: size, depth: depth)
            var after = seed % 3 == 0 ? before : PictureBytesTests.frame(&random, size: size, depth: depth)
            for _ in 0..<Int.random(in: 0...5, using: &random) { RendererScreenModelTests.mutate(&after, &random) }
            let changes = FrameDiff.changes(from: before, to: after, depth: depth)
            var plainWriter = FrameWriter(), optimisedWriter = FrameWriter()
            (optimisedWriter.repeats, optimisedWriter.blockGlyphs) = (true, true)
            let plain = plainWriter.write(changes, of: after, depth: depth)
            let optimised = optimisedWriter.writeShorter(changes, of: after, depth: depth)
            for (name, bytes) in [("plain", plain), ("optimised", optimised)] {
                let problems = ScreenModelComparison.differences(Self.screen(before: before, then: bytes, depth: depth), after, depth: depth)
                #expect(problems.isEmpty, "\(name), seed \(seed), \(size): \(problems.prefix(4))")
            }
            #expect(optimised.count <= plain.count, "seed \(seed)")
            (plainTotal, optimisedTotal) = (plainTotal + plain.count, optimisedTotal + optimised.count)
        }
        #expect(optimisedTotal < plainTotal * 95 / 100, "\(optimisedTotal) against \(plainTotal)")
    }

    /// A picture of two alternating colour blobs on the left, a line of
    /// text beside each of its rows: what a move in the roster changes.
    static func pictureBesideText(_ colours: (Color, Color), text: String) -> Buffer {
        var buffer = Buffer(size: Size(width: 40, height: 8))
        for y in 0..<8 {
            for x in 0..<12 {
                let (top, bottom) = (x + y) % 5 < 2 ? colours : (colours.1, colours.0)
                buffer.set(Cell(x % 4 == 3 ? " " : "▀", style: Style(foreground: top, background: bottom)), at: Point(x: x, y: y))
            }
            buffer.write("\(text) \(y)", at: Point(x: 16, y: y), style: y == 0 ? Style().bold : .plain)
        }
        return buffer
    }

    @Test("a picture beside text is written row after row of the picture, then the text: fewer colour changes")
    func pictureRowsTogether() {
        let before = Self.pictureBesideText((.rgb(30, 26, 46), .rgb(255, 138, 31)), text: "Will Make You Steamed")
        let after = Self.pictureBesideText((.rgb(216, 66, 58), .rgb(255, 216, 74)), text: "Has A Chilling Effect")
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(before, cursor: nil)
        let optimised = renderer.render(after, cursor: nil)
        var plainWriter = FrameWriter()
        let plain = plainWriter.write(FrameDiff.changes(from: before, to: after, depth: .truecolor), of: after, depth: .truecolor)
        #expect(optimised.count < plain.count * 85 / 100, "\(optimised.count) against \(plain.count)")
        let shown = String(decoding: optimised, as: UTF8.self)
        // The picture's colours are set before any of the text is written.
        let text = shown.range(of: "Has A")?.lowerBound ?? shown.startIndex
        #expect(!shown[text...].contains("216;66;58") && !shown[text...].contains("255;216;74"), "\(shown.debugDescription)")
        #expect(Self.screen(before: before, then: optimised, depth: .truecolor).cells.map(\.text).joined().contains("Has A Chilling"))
    }

    @Test("mlterm (no block glyphs) is never sent █, nor ▄ over a colour the buffer did not ask for")
    func noBlockGlyphsForMlterm() {
        var random = SplitMix64(seed: 2026)
        var renderer = Renderer(colorDepth: .truecolor)
        renderer.blockGlyphs = false
        var sentBlocks = false
        for _ in 0..<60 {
            let buffer = PictureBytesTests.frame(&random, size: Size(width: 40, height: 12), depth: .truecolor)
            let terminal = ScreenModelComparison.terminal(for: buffer.size)
            terminal.write(renderer.render(buffer, cursor: nil))
            for y in 0..<buffer.size.height {
                for x in 0..<buffer.size.width where terminal[x, y].text == "█" || (terminal[x, y].text == "▄" && terminal[x, y].background != "") {
                    #expect(buffer[x, y].text == terminal[x, y].text, "(\(x), \(y)): \(terminal[x, y])")
                }
            }
            var everywhere = Renderer(colorDepth: .truecolor)
            sentBlocks = sentBlocks || String(decoding: everywhere.render(buffer, cursor: nil), as: UTF8.self).contains("█")
        }
        #expect(sentBlocks, "elsewhere the same frames use █")
    }
}
