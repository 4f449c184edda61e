import Testing
import TestSupport
@testable import TerminalKit

/// The renderer's cheap updates (relative moves, rewritten gaps, erases,
/// SGR deltas, half blocks turned over) must leave the terminal showing
/// exactly what a full repaint shows. A model terminal applies the bytes.
@Suite("The renderer's cheap updates show what a full repaint shows")
struct RendererScreenModelTests {
    static let styles: [Style] = [
        .plain, Style().bold, Style().reversed, Style().underlined, Style().dim, Style(attributes: [.italic, .bold]),
        Style(foreground: .red), Style(foreground: .brightBlue).bold, Style(background: .cyan),
        Style(foreground: .rgb(250, 10, 20), background: .rgb(0, 0, 40)), Style(foreground: .indexed(200)),
        Style(background: .indexed(17)).reversed, Style(foreground: .rgb(1, 2, 3)).underlined,
    ]
    static let texts = ["a", "b", "monster", " ", "   ", "猫", "猫b", "é", "e\u{301}", "▀", "▄", "█", "≋", "✦ sword", "🙂", "x y"]

    static func randomColor(_ random: inout SplitMix64) -> Color {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .default
        case 1: .ansi(UInt8.random(in: 0..<16, using: &random))
        case 2: .indexed(UInt8.random(in: 0...255, using: &random))
        // Few colours, so that neighbouring cells share them.
        default: .rgb([0, 90, 255].randomElement(using: &random) ?? 0, 40, [7, 200].randomElement(using: &random) ?? 7)
        }
    }

    /// A change of the kind views make: text, fills, restyled rows, blanks
    /// and half-block pixels.
    static func mutate(_ buffer: inout Buffer, _ random: inout SplitMix64) {
        let size = buffer.size
        let point = Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
            let text = texts.randomElement(using: &random) ?? "a"
            buffer.write(text, at: point, style: styles.randomElement(using: &random) ?? .plain)
        case 2:
            let rect = Rect(x: point.x, y: point.y, width: Int.random(in: 1...size.width, using: &random),
                            height: Int.random(in: 1...3, using: &random))
            buffer.fill(rect, style: Style(background: Bool.random(using: &random) ? .default : randomColor(&random)))
        case 3:
            buffer.restyle(buffer.bounds.row(point.y)) { Bool.random(using: &random) ? $0.reversed : .plain }
        case 4:
            let glyph = ["▀", "▄", " "].randomElement(using: &random) ?? "▀"
            for x in point.x..<min(size.width, point.x + Int.random(in: 1...8, using: &random)) {
                buffer.set(Cell(glyph, style: Style(foreground: randomColor(&random), background: randomColor(&random))),
                           at: Point(x: x, y: point.y))
            }
        default:
            buffer.write(String(repeating: " ", count: Int.random(in: 1...size.width, using: &random)), at: point)
        }
    }

    @Test("random frames at every colour depth, applied one after another", arguments: [
        ColorDepth.truecolor, .indexed256, .ansi16, .none,
    ])
    func randomFrames(depth: ColorDepth) {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed &* 7919 &+ UInt64(depth.rawValue))
            let size = Size(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...6, using: &random))
            var renderer = Renderer(colorDepth: depth)
            renderer.repeatsCharacters = seed % 2 == 0
            let terminal = ScreenModelComparison.terminal(for: size)
            var buffer = Buffer(size: size)
            for frame in 0..<40 {
                for _ in 0..<Int.random(in: 1...4, using: &random) { Self.mutate(&buffer, &random) }
                terminal.write(renderer.render(buffer, cursor: nil))
                let problems = ScreenModelComparison.differences(terminal, buffer, depth: depth)
                #expect(problems.isEmpty, "seed \(seed), frame \(frame), \(size): \(problems.prefix(5))\n\(buffer.lines)")
                if !problems.isEmpty { return }
            }
            // And the same last frame from nothing: a full repaint.
            var fresh = Renderer(colorDepth: depth)
            let repainted = ScreenModelComparison.terminal(for: size)
            repainted.write(fresh.render(buffer, cursor: nil))
            #expect(ScreenModelComparison.differences(repainted, buffer, depth: depth).isEmpty, "seed \(seed)")
        }
    }

    @Test("a row's trailing text going blank is erased, not written as spaces")
    func erasesBlanks() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 40, height: 2))
        buffer.write("a long line of text that goes away", at: .zero)
        _ = renderer.render(buffer, cursor: nil)
        buffer.write(String(repeating: " ", count: 30), at: Point(x: 4, y: 0))
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output == "\u{1B}[?2026h\u{1B}[5G\u{1B}[K\u{1B}[?2026l")
    }

    @Test("leaving a reversed row turns reverse off, not everything")
    func reverseOff() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 10, height: 1))
        buffer.write("ab", at: .zero, style: Style(foreground: .red).reversed)
        _ = renderer.render(buffer, cursor: nil)
        buffer.write("ab", at: .zero, style: Style(foreground: .red))
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output == "\u{1B}[?2026h\r\u{1B}[27mab\u{1B}[?2026l")
    }

    @Test("a one-cell gap between changes is written again rather than jumped")
    func shortGap() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 10, height: 1))
        buffer.write("abcdef", at: .zero)
        _ = renderer.render(buffer, cursor: nil)
        buffer.write("XbYdef", at: .zero)
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output == "\u{1B}[?2026h\rXbY\u{1B}[?2026l")
    }

    @Test("a run of one character is written once and repeated where the terminal repeats (REP)")
    func repeats() {
        var buffer = Buffer(size: Size(width: 20, height: 1))
        buffer.write("ab" + String(repeating: "▀", count: 10) + "c", at: .zero, style: Style().reversed)
        var repeating = Renderer(colorDepth: .truecolor)
        repeating.repeatsCharacters = true
        let output = String(decoding: repeating.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output.hasSuffix("ab▀\u{1B}[9bc\u{1B}[?2026l"), "\(output.debugDescription)")
        var plain = Renderer(colorDepth: .truecolor)
        #expect(!String(decoding: plain.render(buffer, cursor: nil), as: UTF8.self).contains("b▀\u{1B}"))
    }

    @Test("a move to the row below is a line feed and a short move along it")
    func lineFeed() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 10, height: 2))
        buffer.write("abcdef", at: .zero)
        buffer.write("abcdef", at: Point(x: 0, y: 1))
        _ = renderer.render(buffer, cursor: nil)
        buffer.write("X", at: Point(x: 1, y: 0))
        buffer.write("X", at: Point(x: 1, y: 1))
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output == "\u{1B}[?2026h\u{1B}[1;2HX\n\u{1B}[DX\u{1B}[?2026l", "\(output.debugDescription)")
    }

    @Test("a row of pixels alternating two colours sets each colour once: the form chosen keeps the one the next cell needs")
    func alternatingColours() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 8, height: 1))
        for x in 0..<6 {
            buffer.set(Cell(" ", style: Style(background: x % 2 == 0 ? .rgb(255, 138, 31) : .rgb(30, 26, 46))), at: Point(x: x, y: 0))
        }
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output.components(separatedBy: ";2;").count - 1 == 2, "\(output.debugDescription)")
    }

    @Test("pixels two cells wide alternating two colours (a picture at twice its size) set each colour once")
    func alternatingWidePixels() {
        var renderer = Renderer(colorDepth: .truecolor)
        var buffer = Buffer(size: Size(width: 14, height: 1))
        for x in 0..<12 {
            buffer.set(Cell(" ", style: Style(background: x / 2 % 2 == 0 ? .rgb(158, 220, 245) : .rgb(79, 159, 208))),
                       at: Point(x: x, y: 0))
        }
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output.components(separatedBy: ";2;").count - 1 == 2, "\(output.debugDescription)")
    }
}

@Suite("Half blocks as real terminals draw them")
struct HalfBlockFormTests {
    @Test("▀ is not turned over into ▄ on a background colour (mlterm leaves that upper half blank)")
    func neverFlippedOntoColour() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        let red = Color.rgb(200, 0, 0), blue = Color.rgb(0, 0, 200)
        buffer.set(Cell("▀", style: Style(foreground: red, background: blue)), at: Point(x: 0, y: 0))
        // As ▄ in red under blue this cell would need no change of pen.
        buffer.set(Cell("▀", style: Style(foreground: blue, background: red)), at: Point(x: 1, y: 0))
        var renderer = Renderer(colorDepth: .truecolor)
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(!output.contains("▄"), "\(output.debugDescription)")
        // A solid cell still becomes a space in its colour: the pen's
        // background is red already, so it is one byte.
        buffer.set(Cell("▀", style: Style(foreground: red, background: red)), at: Point(x: 2, y: 0))
        let solid = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(solid == "\u{1B}[?2026h \u{1B}[?2026l", "\(solid.debugDescription)")
    }
}
