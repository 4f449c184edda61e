import Testing
import TextSafety
@testable import TerminalKit

/// Text another program wrote may hold control characters, which a buffer
/// draws as visible escapes (`\e`, wider than the nothing they were
/// counted as): wrapped and cut by the width they are drawn at, no word
/// is lost between the lines and no cut line runs past its width.
@Suite("Control characters in wrapped and cut text")
struct ControlsInWrappedTextTests {
    private let text = String(repeating: "\u{1B}", count: 10) + " "
        + (1...40).map { String(format: "%03d", $0) }.joined(separator: " ")

    @Test("wrapped, every word is on a line and every line fits its width as drawn", arguments: [12, 20, 33])
    func wrapped(_ width: Int) {
        let lines = TextWrapping.lines(text, width: width)
        for line in lines {
            var buffer = Buffer(size: Size(width: width + 5, height: 1))
            let end = buffer.write(line, at: Point(x: 0, y: 0))
            #expect(end <= width, "\(SafeText.escaped(line)) is drawn \(end) columns wide")
        }
        // A word wider than a line is broken across lines: every character is kept.
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        #expect(lines.joined(separator: " ").split(separator: " ").suffix(40) == text.split(separator: " ").suffix(40))
    }

    @Test("cut, it ends with … inside its width as drawn")
    func cut() {
        let cut = DisplayWidth.truncate(text, to: 30)
        #expect(cut.hasSuffix("…"))
        var buffer = Buffer(size: Size(width: 40, height: 1))
        #expect(buffer.write(cut, at: Point(x: 0, y: 0)) <= 30)
        #expect(DisplayWidth.of("a\u{1B}b") == DisplayWidth.of(SafeText.escaped("a\u{1B}b")))
    }
}
