/// Breaks text into lines of at most a given display width, at spaces
/// where it can and anywhere when a word is too long.
public enum TextWrapping {
    public static func lines(_ text: String, width: Int, limit: Int = Int.max) -> [String] {
        guard width > 0, limit > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func flush() {
            lines.append(current)
            current = ""
            currentWidth = 0
        }
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
            // A word longer than a line is cut across lines.
            var piece = ""
            var pieceWidth = 0
            for character in word {
                let columns = DisplayWidth.of(character)
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

    /// Lines made of whole phrases, as many to a line as fit: a short
    /// sentence ("Press q to quit.") is never broken across lines; a phrase
    /// longer than a line is wrapped at its spaces.
    public static func lines(phrases: [String], width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for phrase in phrases {
            let phraseWidth = DisplayWidth.of(phrase)
            if let last = lines.last, DisplayWidth.of(last) + 1 + phraseWidth <= width {
                lines[lines.count - 1] = last + " " + phrase
            } else {
                lines += Self.lines(phrase, width: width)
            }
        }
        return lines
    }
}
