import Testing
@testable import TerminalKit

/// Text from elsewhere (a summary another program wrote into the
/// history) can be megabytes long. Wrapping it into a few lines, and the
/// footer that shows it, cost what those lines cost, not what the text does.
@Suite("Long text wrapped into a few lines")
struct LongTextTests {
    /// Wrapping as it was before it stopped at its limit: every word
    /// split first, every line made, then the lines past the limit dropped.
    static func wrappedWhole(_ text: String, width: Int, limit: Int) -> [String] {
        guard width > 0, limit > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func flush() { lines.append(current); current = ""; currentWidth = 0 }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = DisplayWidth.of(String(word))
            let needed = currentWidth == 0 ? wordWidth : currentWidth + 1 + wordWidth
            if needed <= width {
                if currentWidth > 0 || !current.isEmpty { current += " " }
                current += word
                currentWidth = needed
                continue
            }
            if currentWidth > 0 { flush() }
            var piece = ""
            var pieceWidth = 0
            for character in word {
                let columns = DisplayWidth.asDrawn(character)
                if pieceWidth + columns > width {
                    lines.append(piece)
                    piece = ""
                    pieceWidth = 0
                }
                piece.append(character)
                pieceWidth += columns
            }
            current = piece
            currentWidth = pieceWidth
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        if lines.count > limit {
            lines = Array(lines.prefix(limit))
            lines[limit - 1] = DisplayWidth.truncate(lines[limit - 1] + " …", to: width)
        }
        return lines
    }

    @Test("lines stopping at their limit are the lines wrapping the whole text gave, for any text")
    func sameLines() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "bb", "Cat-Bot", " ", "  ", "漢", "字字", "e\u{301}", "🐱", "\u{200B}", "wordwithoutanybreakatall"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let width = Int.random(in: 1...12, using: &generator)
            for limit in [1, 2, 3, Int.max] {
                #expect(TextWrapping.lines(text, width: width, limit: limit) == Self.wrappedWhole(text, width: width, limit: limit),
                        "\(text.debugDescription) at \(width), limit \(limit)")
            }
        }
    }

    @Test("three lines of a text of 16 MB, one word or many, take no time and end with …")
    func longText() {
        for text in [String(repeating: "a", count: 16_000_000), String(repeating: "ab ", count: 5_000_000)] {
            var lines: [String] = []
            let took = ContinuousClock().measure { lines = TextWrapping.lines(text, width: 80, limit: 3) }
            #expect(lines.count == 3)
            #expect(lines.last?.hasSuffix("…") == true)
            #expect(took < .milliseconds(200), "\(took)")
        }
    }

    @Test("a footer message of 16 MB is drawn in the rows it may take, cut with …, its offer kept, at once")
    func longFooterMessage() {
        let bar = KeyHintBar()
        bar.message = ("another program changed the roster: edit " + String(repeating: "a", count: 16_000_000), Style())
        bar.messageEnding = " · u undo"
        var lines: [String] = []
        var rows = 0
        let took = ContinuousClock().measure {
            rows = bar.rowsNeeded(forWidth: 100)
            lines = bar.messageLines(width: 100, rows: 3)
        }
        #expect(rows == KeyHintBar.maximumMessageRows)
        #expect(lines.count == 3)
        #expect(lines.first == "another program changed the roster: edit")
        #expect(lines.last?.hasSuffix("… · u undo") == true)
        #expect(took < .milliseconds(200), "\(took)")
    }
}
