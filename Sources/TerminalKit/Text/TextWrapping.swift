/// Breaks text into lines of at most a given display width, at spaces
/// where it can and anywhere when a word is too long.
public enum TextWrapping {
    /// `text` in lines of at most `width` columns; with `limit`, at most
    /// that many, the last cut with `…` when more text follows. One pass
    /// over the characters that stops once the limit is passed: however
    /// long the text (a summary another program wrote), wrapping its first
    /// lines costs what those lines cost.
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
        // The word being read, and whether it is already wider than a
        // line: then it is cut across lines as it comes.
        var word = ""
        var wordWidth = 0
        var breaking = false
        func placeWord() {
            if breaking {
                current = word
                currentWidth = wordWidth
            } else {
                let needed = currentWidth == 0 ? wordWidth : currentWidth + 1 + wordWidth
                if needed <= width {
                    if currentWidth > 0 || !current.isEmpty { current += " " }
                    current += word
                    currentWidth = needed
                } else {
                    if currentWidth > 0 { flush() }
                    current = word
                    currentWidth = wordWidth
                }
            }
            word = ""
            wordWidth = 0
            breaking = false
        }
        for character in text {
            if lines.count > limit { break }
            if character == " " {
                placeWord()
                continue
            }
            let columns = DisplayWidth.asDrawn(character)
            if wordWidth + columns > width {
                if !breaking {
                    // Too wide for any line: it starts on a line of its own.
                    breaking = true
                    if currentWidth > 0 { flush() }
                }
                lines.append(word)
                word = ""
                wordWidth = 0
            }
            word.append(character)
            wordWidth += columns
        }
        if lines.count <= limit { placeWord() }
        if !current.isEmpty || lines.isEmpty { flush() }
        if lines.count > limit {
            lines = Array(lines.prefix(limit))
            lines[limit - 1] = DisplayWidth.truncate(lines[limit - 1] + " …", to: width)
        }
        return lines
    }

    /// At most `rows` lines of `text`, the whole sentence kept where it
    /// can be: when it wraps to more, each word longer than a few cells
    /// (a long name, quoted or not) is shortened in its middle with …,
    /// more and more, and only then are the last lines cut, as `limit` does.
    public static func fitted(_ text: String, width: Int, rows: Int) -> [String] {
        var wrapped = lines(text, width: width)
        guard wrapped.count > rows else { return wrapped }
        var shortened = text
        // A shortened word fits a line, so that no name is broken across two.
        for keep in [24, 16, 10].map({ max(3, min($0, width)) }) {
            shortened = text.split(separator: " ", omittingEmptySubsequences: false)
                .map { word in DisplayWidth.of(String(word)) > keep ? middleCut(String(word), to: keep) : String(word) }
                .joined(separator: " ")
            wrapped = lines(shortened, width: width)
            if wrapped.count <= rows { return wrapped }
        }
        return lines(shortened, width: width, limit: rows)
    }

    /// `word` as its first and last characters with … between, in about
    /// `keep` cells: `` `Mini-Tomat…-Magnificent` ``.
    static func middleCut(_ word: String, to keep: Int) -> String {
        let head = (keep - 1) / 2
        let tail = keep - 1 - head
        return String(word.prefix(head)) + "…" + String(word.suffix(tail))
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
