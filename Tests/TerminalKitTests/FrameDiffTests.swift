import Testing
import TestSupport
@testable import TerminalKit

/// A frame is the cells that changed (`FrameDiff`), in screen order,
/// written by `FrameWriter`; the screen must end up exactly as a full
/// repaint leaves it.
@Suite("Frames as a diff and a writer")
struct FrameDiffTests {
    @Test("the diff is the changed cells in screen order, a run of blanks as one erase, everything after a clear")
    func changedCells() {
        var before = Buffer(size: Size(width: 30, height: 3))
        before.write("hello there, everyone", at: Point(x: 0, y: 0))
        before.write("second", at: Point(x: 2, y: 1))
        var after = before
        after.write("J", at: Point(x: 0, y: 0))
        after.write("                     ", at: Point(x: 9, y: 0))
        after.write("猫", at: Point(x: 4, y: 2))
        let changes = FrameDiff.changes(from: before, to: after, depth: .truecolor)
        #expect(changes.map { [$0.x, $0.y, $0.cells] } == [[0, 0, 1], [9, 0, 21], [4, 2, 2]])
        guard case .erase(let command) = changes[1].step else {
            Issue.record("no erase: \(changes[1])")
            return
        }
        #expect(command == "\u{1B}[K", "blanks to the end of the row are one EL")
        #expect(FrameDiff.changes(from: after, to: after, depth: .truecolor).isEmpty)
        let repaint = FrameDiff.changes(from: nil, to: after, depth: .truecolor)
        #expect(repaint.count == "Jellothe".count + "second".count + 1, "after a clear, only what is not blank")
        let rewritten = FrameDiff.changes(from: after, to: after, depth: .truecolor) { x, y in y == 1 && x < 2 }
        #expect(rewritten.map { [$0.x, $0.y] } == [[0, 1], [1, 1]], "cells a picture left are written whatever they held")
    }

    @Test("an erase inside a row ends at the last blank that changed, not at the end of the blanks")
    func eraseEndsWithTheChange() {
        var before = Buffer(size: Size(width: 40, height: 1))
        before.write("Mini-Tomato-Bot", at: Point(x: 2, y: 0))
        before.write("│", at: Point(x: 39, y: 0))
        var after = Buffer(size: before.size)
        after.write("Ice-Bot", at: Point(x: 2, y: 0))
        after.write("│", at: Point(x: 39, y: 0))
        let changes = FrameDiff.changes(from: before, to: after, depth: .truecolor)
        guard let erase = changes.last, case .erase(let command) = erase.step else {
            Issue.record("no erase: \(changes)")
            return
        }
        // "Mini-Tomato-Bot" ended at column 16: the 8 cells from 9 are
        // what changed; the 22 after them were blank already.
        #expect([erase.x, erase.cells] == [9, 8])
        #expect(command == "\u{1B}[8X")
    }

    /// A frame of pictures and text over the last one, with a few pieces
    /// of the last one left as they were.
    static func frame(after last: Buffer?, _ random: inout SplitMix64, size: Size, depth: ColorDepth) -> Buffer {
        var buffer = PictureBytesTests.frame(&random, size: size, depth: depth)
        if let last, last.size == size, Bool.random(using: &random) {
            // Keep some rows of the last frame: changes scattered among unchanged cells.
            for y in 0..<size.height where Bool.random(using: &random) {
                for x in 0..<size.width { buffer.set(last[x, y], at: Point(x: x, y: y)) }
            }
        }
        for _ in 0..<Int.random(in: 0...12, using: &random) { RendererScreenModelTests.mutate(&buffer, &random) }
        return buffer
    }

    @Test("pictures, text, wide characters and erases, frame after frame and over resizes, show what a full repaint shows", arguments: [
        ColorDepth.truecolor, .indexed256, .ansi16, .none,
    ])
    func sameScreen(depth: ColorDepth) {
        for seed in UInt64(1)...30 {
            var random = SplitMix64(seed: seed &* 6151 &+ UInt64(depth.rawValue))
            var size = Size(width: Int.random(in: 2...120, using: &random), height: Int.random(in: 1...35, using: &random))
            var renderer = Renderer(colorDepth: depth)
            var terminal = ScreenModelComparison.terminal(for: size)
            var last: Buffer?
            for step in 0..<25 {
                if Int.random(in: 0..<10, using: &random) == 0 {
                    size = Size(width: Int.random(in: 2...120, using: &random), height: Int.random(in: 1...35, using: &random))
                    terminal = ScreenModelComparison.terminal(for: size)
                    terminal.write(Array("\u{1B}[44mleft over\u{1B}[4m from before".utf8))
                    // As after SIGWINCH: the size may even be the same again.
                    renderer.invalidate()
                }
                let buffer = Self.frame(after: last, &random, size: size, depth: depth)
                terminal.write(renderer.render(buffer, cursor: nil))
                let problems = ScreenModelComparison.differences(terminal, buffer, depth: depth)
                #expect(problems.isEmpty, "seed \(seed), step \(step), \(size): \(problems.prefix(4))")
                if !problems.isEmpty { return }
                last = buffer
            }
        }
    }
}
