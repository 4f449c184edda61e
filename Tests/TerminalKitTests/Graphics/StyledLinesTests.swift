import Testing
import TerminalKit

@Suite("Printing a buffer as lines of styled text")
struct StyledLinesTests {
    @Test("a style becomes one SGR sequence that resets first, in the colours the depth allows")
    func sgr() {
        let style = Style(foreground: .rgb(255, 0, 0), background: .ansi(12)).bold
        #expect(style.sgr(depth: .truecolor) == "\u{1B}[0;1;38;2;255;0;0;104m")
        #expect(style.sgr(depth: .indexed256) == "\u{1B}[0;1;38;5;196;104m")
        #expect(style.sgr(depth: .ansi16) == "\u{1B}[0;1;91;104m")
        #expect(style.sgr(depth: .none) == "")
        #expect(Style(foreground: .ansi(3), background: .ansi(0)).sgr(depth: .ansi16) == "\u{1B}[0;33;40m")
        #expect(Style.plain.underlined.reversed.sgr(depth: .ansi16) == "\u{1B}[0;4;7m")
        // Eleven parameters in one sequence: mlterm 3.9 would drop the background.
        #expect(Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)).sgr(depth: .truecolor)
            == "\u{1B}[0;38;2;255;0;0m\u{1B}[48;2;0;0;255m")
    }

    @Test("rows become lines: a sequence only where the style changes, a reset at the end, trailing blanks dropped")
    func lines() {
        var buffer = Buffer(size: Size(width: 8, height: 3))
        buffer.write("ab", at: Point(x: 0, y: 0), style: Style(foreground: .red))
        buffer.write("c", at: Point(x: 2, y: 0))
        buffer.write("猫", at: Point(x: 1, y: 1), style: Style(foreground: .green))
        #expect(buffer.styledLines(depth: .ansi16) == [
            "\u{1B}[0;31mab\u{1B}[0mc",
            " \u{1B}[0;32m猫\u{1B}[0m",
            "",
        ])
        #expect(buffer.styledLines(depth: .none) == ["abc", " 猫", ""])
    }

    @Test("a half-block picture prints as ▀ and ▄ cells in its colours")
    func picture() {
        let image = Image(rows: [[RGBA(255, 0, 0), .clear], [RGBA(0, 0, 255), RGBA(0, 255, 0)]])
        var buffer = Buffer(size: Size(width: 2, height: 1))
        buffer.draw(HalfBlockPicture(pixelForPixel: image, depth: .truecolor), at: .zero)
        #expect(buffer.styledLines(depth: .truecolor) == [
            "\u{1B}[0;38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[0;38;2;0;255;0m▄\u{1B}[0m",
        ])
    }
}
