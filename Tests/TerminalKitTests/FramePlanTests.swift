import Testing
import TestSupport
@testable import TerminalKit

/// With 256 or 24-bit colours a frame's picture cells are written in the
/// order that costs least (`FramePlan`), not the screen's; the screen
/// must still end up exactly as a full repaint leaves it (`FrameDiffTests`).
@Suite("Frames written in the cheapest order")
struct FramePlanTests {
    @Test("a cursor motion's counted cost is the length of its bytes")
    func motionCost() {
        var random = SplitMix64(seed: 31)
        for _ in 0..<5000 {
            let width = Int.random(in: 1...300, using: &random), height = Int.random(in: 1...120, using: &random)
            func point() -> Point { Point(x: Int.random(in: 0..<width, using: &random), y: Int.random(in: 0..<height, using: &random)) }
            let from: Point? = Int.random(in: 0..<10, using: &random) == 0 ? nil : point()
            let to = Int.random(in: 0..<8, using: &random) == 0 ? (from ?? .zero) : point()
            let bytes = CursorMotion.bytes(from: from, to: to)
            #expect(CursorMotion.cost(from: from, to: to) == bytes.utf8.count, "\(String(describing: from)) → \(to): \(bytes.debugDescription)")
        }
    }

    @Test("the order is every change once, and keeps the screen's order past the most changes weighed")
    func orderIsAPermutation() {
        var random = SplitMix64(seed: 99)
        for count in [2, 7, 60, FramePlan.mostChanges + 1] {
            let changes = (0..<count).map { index in
                FramePlan.Change(x: index % 40, y: index / 40, cells: 1,
                                 step: .draw(PictureBytesTests.randomLook(&random, depth: .truecolor)))
            }
            let order = FramePlan.order(changes, cursor: nil, pen: .plain, width: 40)
            #expect(order.sorted() == Array(changes.indices))
            if count > FramePlan.mostChanges { #expect(order == Array(changes.indices)) }
        }
    }

    @Test("cells of one colour are written together: two colours interleaved on many rows are each set about once")
    func colourTogether() {
        var buffer = Buffer(size: Size(width: 20, height: 8))
        let red = Color.rgb(200, 10, 10), blue = Color.rgb(10, 10, 200)
        for y in 0..<8 {
            for x in 0..<8 { buffer.set(Cell(" ", style: Style(background: (x + y) % 2 == 0 ? red : blue)), at: Point(x: x, y: y)) }
            // Text beside the picture on every row, as the details beside a monster.
            buffer.write("row", at: Point(x: 12, y: y))
        }
        var renderer = Renderer(colorDepth: .truecolor)
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        let redSets = output.components(separatedBy: "200;10;10").count - 1
        let blueSets = output.components(separatedBy: "10;10;200").count - 1
        // Row by row each colour was set on every row, or more.
        #expect(redSets + blueSets <= 4, "\(redSets) + \(blueSets): \(output.debugDescription)")
        let terminal = ScreenModelComparison.terminal(for: buffer.size)
        terminal.write(Array(output.utf8))
        #expect(ScreenModelComparison.differences(terminal, buffer, depth: .truecolor).isEmpty)
    }
}
