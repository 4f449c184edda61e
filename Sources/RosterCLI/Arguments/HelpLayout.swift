import TerminalKit

/// Help fitted to the columns it is read in.
///
/// Commands write their discussions wrapped by hand near 80 columns, with
/// tables laid out as two columns (`json      one document…`, the second
/// column's further lines indented under it). A paragraph, or a table's
/// entry, whose lines all fit is kept as its author wrapped it; one with a
/// line too wide is wrapped again: a paragraph at its margin, a table's
/// entry under its second column. Usage lines and examples are broken
/// between their words, never inside a `[--option VALUE]` or a quoted
/// argument, so that what is shown can still be typed.
enum HelpLayout {
    /// `text` with every paragraph and table entry fitted to `width`.
    static func fitted(_ text: String, width: Int) -> String {
        var output: [String] = []
        var entry: [Substring] = []
        func flush() {
            output += fittedEntry(entry, width: width)
            entry = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                flush()
                output.append("")
                continue
            }
            if let first = entry.first, !continues(first, with: line) { flush() }
            entry.append(line)
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// Whether `line` goes on the entry that `first` starts: a table row
    /// goes on with the lines indented further than it (its second
    /// column's further lines); a paragraph with the lines at its margin
    /// that are not table rows. Anything else starts an entry (`Modes:`
    /// before its table is a paragraph of its own).
    private static func continues(_ first: Substring, with line: Substring) -> Bool {
        let firstIndent = indentation(first)
        let indent = indentation(line)
        if secondColumn(first) != nil { return indent > firstIndent }
        return indent == firstIndent && secondColumn(line) == nil
    }

    private static func fittedEntry(_ lines: [Substring], width: Int) -> [String] {
        guard let first = lines.first else { return [] }
        if lines.allSatisfy({ DisplayWidth.of(String($0)) <= width }) { return lines.map(String.init) }
        let margin = secondColumn(first) ?? indentation(first)
        let label = String(first.prefix(margin))
        let words = ([first.dropFirst(margin)] + lines.dropFirst().map { $0.drop { $0 == " " } }).joined(separator: " ")
        let wrapped = TextWrapping.lines(words, width: max(20, width - margin))
        let hanging = String(repeating: " ", count: margin)
        return wrapped.enumerated().map { index, line in (index == 0 ? label : hanging) + line }
    }

    private static func indentation(_ line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// Where a table row's second column starts (`upsert   update…`: a
    /// word, then two spaces or more), or nil for a line of prose.
    private static func secondColumn(_ line: Substring) -> Int? {
        let indent = indentation(line)
        let word = line.dropFirst(indent).prefix { $0 != " " }
        let gap = line.dropFirst(indent + word.count).prefix { $0 == " " }
        guard !word.isEmpty, gap.count >= 2, indent + word.count + gap.count < line.count else { return nil }
        return indent + word.count + gap.count
    }

    /// `title` (`roster edit: change a monster's …`) with its further
    /// lines under the text after the colon.
    static func title(_ title: String, width: Int) -> [String] {
        guard DisplayWidth.of(title) > width, let colon = title.firstIndex(of: ":") else { return [title] }
        let label = String(title[...colon]) + " "
        let text = title[title.index(after: colon)...].drop { $0 == " " }
        let hanging = String(repeating: " ", count: label.count)
        return TextWrapping.lines(String(text), width: max(20, width - label.count)).enumerated().map { index, line in
            (index == 0 ? label : hanging) + line
        }
    }

    /// A usage line (`roster add NAME [--icon ASSET] …`) in lines of at
    /// most `width` after `lead` (`  `, `usage: `), the further ones
    /// under the command's first argument.
    static func usage(_ line: String, lead: String, width: Int) -> [String] {
        let words = shellWords(line)
        let hanging = lead.count + words.prefix(2).map(\.count).reduce(0, +) + min(2, words.count)
        return broken(words, lead: lead, hanging: String(repeating: " ", count: hanging), width: width, ending: "")
    }

    /// A shell example, broken where too wide with a trailing ` \` so that
    /// it can still be pasted as one command.
    static func example(_ line: String, lead: String, width: Int) -> [String] {
        guard DisplayWidth.of(lead + line) > width else { return [lead + line] }
        // An option stays on the line of its value (`--activated now`).
        var words: [String] = []
        for word in shellWords(line) {
            if let last = words.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                words[words.count - 1] = last + " " + word
            } else {
                words.append(word)
            }
        }
        return broken(words, lead: lead, hanging: lead + "    ", width: width - 2, ending: " \\")
    }

    private static func broken(_ words: [String], lead: String, hanging: String, width: Int, ending: String) -> [String] {
        var lines: [String] = []
        var current = lead
        var hasWord = false
        for word in words {
            if hasWord, DisplayWidth.of(current + " " + word) > width {
                lines.append(current + ending)
                current = hanging + word
            } else {
                current += (hasWord ? " " : "") + word
            }
            hasWord = true
        }
        lines.append(current)
        return lines
    }

    /// Words split at spaces outside brackets and quotes: `[--db PATH]`
    /// and `"Hangs around"` stay whole.
    private static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth = max(0, depth - 1)
            } else if character == " ", depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
