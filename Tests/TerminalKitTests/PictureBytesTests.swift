import Testing
import TestSupport
@testable import TerminalKit

/// Half-block pictures cost few bytes to change (the forms of a look in
/// `CellLook`, `PenChange`) and still show exactly what a full repaint
/// shows.
@Suite("Half-block pictures: fewer bytes, the same screen")
struct PictureBytesTests {
    static let palette: [RGBA] = [
        RGBA(30, 26, 46), RGBA(59, 63, 82), RGBA(110, 117, 144), RGBA(255, 73, 54), RGBA(255, 208, 160),
        RGBA(244, 241, 230), RGBA(0, 0, 0, 0),
    ]

    /// Pixel art of a few colours (one of them transparent), in blobs as
    /// drawn art has them.
    static func picture(_ random: inout SplitMix64, width: Int, height: Int) -> Image {
        var rows: [[RGBA]] = []
        var colour = palette[0]
        for _ in 0..<height {
            var row: [RGBA] = []
            for _ in 0..<width {
                if Int.random(in: 0..<3, using: &random) == 0 { colour = palette.randomElement(using: &random) ?? colour }
                row.append(colour)
            }
            rows.append(row)
        }
        return Image(rows: rows)
    }

    static func frame(_ random: inout SplitMix64, size: Size, depth: ColorDepth) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("Name  Explode-Bot", at: Point(x: 1, y: 0), style: Style().bold)
        if size.height > 2 {
            buffer.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), style: Style(background: .rgb(20, 20, 40)))
        }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let image = picture(&random, width: Int.random(in: 1...24, using: &random), height: Int.random(in: 1...16, using: &random))
            let at = Point(x: Int.random(in: -4..<size.width, using: &random), y: Int.random(in: -2..<size.height, using: &random))
            buffer.draw(HalfBlockPicture(pixelForPixel: image, depth: depth), at: at)
        }
        if Bool.random(using: &random) {
            buffer.write("≋ Smoke", at: Point(x: 2, y: min(size.height - 1, 3)), style: Style(foreground: .red).reversed)
        }
        return buffer
    }

    @Test("pictures replacing each other, at every depth and over resizes, show what a full repaint shows", arguments: [
        ColorDepth.truecolor, .indexed256, .ansi16,
    ])
    func picturesReplaced(depth: ColorDepth) {
        for seed in UInt64(1)...25 {
            var random = SplitMix64(seed: seed &* 104_729 &+ UInt64(depth.rawValue))
            var size = Size(width: Int.random(in: 8...60, using: &random), height: Int.random(in: 3...20, using: &random))
            var renderer = Renderer(colorDepth: depth)
            var terminal = ScreenModelComparison.terminal(for: size)
            for step in 0..<30 {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    // A resize: the terminal keeps what it likes of the old
                    // screen; here, some text in a colour.
                    size = Size(width: Int.random(in: 8...60, using: &random), height: Int.random(in: 3...20, using: &random))
                    terminal = ScreenModelComparison.terminal(for: size)
                    terminal.write(Array("\u{1B}[41mleft over\u{1B}[7m from before".utf8))
                }
                let buffer = Self.frame(&random, size: size, depth: depth)
                let bytes = renderer.render(buffer, cursor: nil)
                terminal.write(bytes)
                let problems = ScreenModelComparison.differences(terminal, buffer, depth: depth)
                #expect(problems.isEmpty, "seed \(seed), step \(step), \(size): \(problems.prefix(4))")
                #expect(Self.longestSGR(bytes) <= 10, "seed \(seed), step \(step)")
                if !problems.isEmpty { return }
            }
        }
    }

    /// The most parameters any SGR sequence in `bytes` carries.
    static func longestSGR(_ bytes: [UInt8]) -> Int {
        var longest = 0
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "m") {
                longest = max(longest, bytes[(index + 2)..<end].filter { $0 == UInt8(ascii: ";") }.count + 1)
            }
            index = end
        }
        return longest
    }

    static func randomStyle(_ random: inout SplitMix64) -> Style {
        Style(foreground: RendererScreenModelTests.randomColor(&random), background: RendererScreenModelTests.randomColor(&random),
              attributes: TextAttributes(rawValue: UInt8.random(in: 0..<32, using: &random)))
    }

    @Test("no pen change has more than ten parameters (mlterm reads ten)")
    func penChangeCost() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<3000 {
            let pen = Self.randomStyle(&random), wanted = Self.randomStyle(&random)
            let sequence = PenChange.sequence(from: pen, to: wanted)
            #expect(Self.longestSGR(Array(sequence.utf8)) <= 10, "\(sequence.debugDescription)")
        }
        let both = PenChange.sequence(from: .plain, to: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)).bold)
        #expect(both == "\u{1B}[1;38;2;255;0;0m\u{1B}[48;2;0;0;255m")
    }

    static func randomLook(_ random: inout SplitMix64, depth: ColorDepth) -> CellLook {
        let text = ["▀", "▄", " ", "a"].randomElement(using: &random) ?? " "
        var style = Style(foreground: RendererScreenModelTests.randomColor(&random), background: RendererScreenModelTests.randomColor(&random))
        switch Int.random(in: 0..<4, using: &random) {
        case 0: style.attributes = .reverse
        case 1: style.attributes = .bold
        default: break
        }
        return CellLook(Cell(text, style: style), depth: depth)
    }

    @Test("every form a cell may be written in looks like that cell, reversed ones too", arguments: [
        ColorDepth.truecolor, .indexed256, .ansi16,
    ])
    func formsKeepTheLook(depth: ColorDepth) {
        var random = SplitMix64(seed: 77 &+ UInt64(depth.rawValue))
        for _ in 0..<3000 {
            let look = Self.randomLook(&random, depth: depth)
            let pen = Self.randomStyle(&random)
            let forms = look.forms(pen: pen)
            #expect(!forms.isEmpty, "\(look)")
            for form in forms {
                #expect(CellLook(Cell(form.text, style: form.style), depth: depth) == look, "\(look) as \(form)")
            }
        }
    }

    @Test("a picture row whose colours alternate sides is written with each colour set once")
    func alternatingRow() {
        let red = Color.rgb(255, 0, 0), blue = Color.rgb(0, 0, 255)
        var buffer = Buffer(size: Size(width: 6, height: 1))
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(buffer, cursor: nil)
        for x in 0..<6 {
            buffer.set(Cell("▀", style: x % 2 == 0 ? Style(foreground: red, background: blue) : Style(foreground: blue, background: red)),
                       at: Point(x: x, y: 0))
        }
        let output = String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        #expect(output.components(separatedBy: "255;0;0").count == 2, "\(output.debugDescription)")
        #expect(output.components(separatedBy: "0;0;255").count == 2, "\(output.debugDescription)")
        #expect(!output.contains("▄"))
        let terminal = ScreenModelComparison.terminal(for: buffer.size)
        var fresh = Renderer(colorDepth: .truecolor)
        terminal.write(fresh.render(Buffer(size: buffer.size), cursor: nil))
        terminal.write(Array(output.utf8))
        #expect(ScreenModelComparison.differences(terminal, buffer, depth: .truecolor).isEmpty)
    }
}
