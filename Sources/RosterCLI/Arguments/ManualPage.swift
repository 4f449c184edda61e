#if canImport(Glibc)
import Glibc
#endif

/// A program's manual page, section 1, in roff with the man macros,
/// written from the same command declarations as `--help`, so the two
/// cannot drift apart; the rest of its text is the program's description.
///
/// Every piece of declared text goes through `escaped`: roff reads a line
/// that starts with `.` or `'` as a request, a backslash as an escape, and
/// anything but ASCII is written as a named Unicode character, so the page
/// is the same whatever locale formats it.
struct ManualPage {
    let parser: ArgumentParser
    let version: String
    /// The page's date, `YYYY-MM-DD`.
    let date: String

    /// `YYYY-MM-DD` of `SOURCE_DATE_EPOCH` (seconds since 1970), so that a
    /// package built twice holds the same page, else of today, in UTC.
    static func date(sourceDateEpoch: String?) -> String {
        var seconds = time_t(sourceDateEpoch.flatMap { Int($0) } ?? Int(time(nil)))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    /// The line of the program that writes the page (`roster manual-page`),
    /// for the note at its top.
    let writtenBy: String

    var text: String {
        let program = parser.program
        var page = """
            .\\" \(program.name)(1), written by `\(writtenBy)` from the command declarations.
            .TH \(program.name.uppercased()) 1 \(date) "\(program.name) \(version)" "User Commands"
            .SH NAME
            \(Self.escaped(program.name)) \\- \(Self.escaped(program.summary))
            .SH SYNOPSIS
            .B \(Self.escaped(program.name))
            \(synopsisOptions)[\\fICOMMAND\\fR] [\\fIARGUMENTS\\fR\\[u2026]]
            .SH DESCRIPTION
            \(Self.filled(Self.escaped(program.description)))
            .SH OPTIONS

            """
        for option in parser.topLevelOptions {
            page += optionEntry(option)
        }
        page += ".SH COMMANDS\n"
        for command in parser.commands where !command.isHidden {
            page += section(for: command)
        }
        if !program.keys.isEmpty {
            page += ".SH KEYS\n" + Self.filled(Self.escaped("The interactive roster's keys, by the part of the screen that has them; ? shows those that work at the moment.")) + "\n"
        }
        for part in program.keys {
            page += ".SS \(Self.escaped(part.part))\n"
            for key in part.keys { page += ".TP\n.B \(Self.escaped(key.label))\n\(Self.filled(Self.escaped(key.meaning)))\n" }
        }
        if !program.exitStatuses.isEmpty { page += ".SH EXIT STATUS\n" }
        for status in program.exitStatuses {
            page += ".TP\n.B \(status.status)\n\(Self.filled(Self.escaped(status.meaning)))\n"
        }
        if !program.environment.isEmpty { page += ".SH ENVIRONMENT\n" }
        for variable in program.environment {
            page += ".TP\n.B \(Self.escaped(variable.name))\n\(Self.filled(Self.escaped(variable.meaning)))\n"
        }
        if !program.files.isEmpty { page += ".SH FILES\n" }
        for file in program.files {
            page += ".TP\n.I \(Self.escaped(file.path))\n\(Self.filled(Self.escaped(file.meaning)))\n"
        }
        if !program.seeAlso.isEmpty {
            page += ".SH SEE ALSO\n"
            page += program.seeAlso.map { ".BR \(Self.escaped($0.name)) (\($0.section))" }.joined(separator: ",\n") + "\n"
        }
        return page
    }

    /// `[\fB\-\-db\fR \fIPATH\fR] `: the program's global options, as the synopsis gives them.
    private var synopsisOptions: String {
        parser.programOptions.map { option in
            "[\\fB\\-\\-\(Self.escaped(option.long))\\fR" + (option.valueName.map { " \\fI\(Self.escaped($0))\\fR" } ?? "") + "] "
        }.joined()
    }

    private func section(for command: CommandSpec) -> String {
        let formatter = HelpFormatter(parser: parser)
        var text = ".SS \(command.name)\n"
        for (index, line) in formatter.usageLines(for: command).enumerated() {
            text += (index == 0 ? "" : ".br\n") + Self.filled(Self.code(line)) + "\n"
        }
        text += ".PP\n" + Self.filled(Self.escaped(Self.sentence(command.abstract))) + "\n"
        for block in Self.blocks(command.discussion) {
            if let term = block.term {
                text += ".TP\n\\fB\(Self.escaped(term))\\fR\n" + Self.filled(Self.escaped(block.text)) + "\n"
            } else {
                text += ".PP\n" + Self.filled(Self.escaped(block.text)) + "\n"
            }
        }
        for argument in command.arguments {
            text += ".TP\n\\fI\(Self.escaped(argument.usage))\\fR\n\(Self.filled(Self.escaped(argument.help)))\n"
        }
        for option in command.options {
            text += optionEntry(option)
        }
        if !command.examples.isEmpty {
            text += ".PP\nExamples:\n.RS\n"
            text += command.examples.map { Self.filled(Self.code($0)) }.joined(separator: "\n.br\n") + "\n"
            text += ".RE\n"
        }
        return text
    }

    private func optionEntry(_ option: OptionSpec) -> String {
        var label = option.short.map { "\\fB\\-\(Self.escaped(String($0)))\\fR, " } ?? ""
        label += "\\fB\\-\\-\(Self.escaped(option.long))\\fR"
        if let value = option.valueName { label += " \\fI\(Self.escaped(value))\\fR" }
        for alias in option.aliases { label += ", \\fB\\-\\-\(Self.escaped(alias))\\fR" }
        return ".TP\n\(label)\n\(Self.filled(Self.escaped(option.help)))\n"
    }

    /// A help abstract ("print the rows, one a line") as a sentence.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }

    /// A discussion's text as the page shows it: paragraphs (separated by
    /// blank lines, joined for roff to fill), and the entries of the lists
    /// help aligns in columns (`csv       RFC 4180: …`, continued on lines
    /// indented to the text), each with its term.
    struct Block: Equatable {
        var term: String?
        var text: String
    }

    static func blocks(_ discussion: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var textColumn = 0
        func flush() {
            if let block = current { blocks.append(block) }
            current = nil
        }
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if body.isEmpty {
                flush()
            } else if let entry = listEntry(body) {
                flush()
                current = Block(term: entry.term, text: entry.text)
                textColumn = indent + entry.textOffset
            } else if let block = current, block.term != nil, indent < max(1, textColumn - 1) {
                // Back at the margin after a list: a paragraph of its own.
                flush()
                current = Block(term: nil, text: String(body))
            } else if current != nil {
                current?.text += " " + body
            } else {
                current = Block(term: nil, text: String(body))
            }
        }
        flush()
        return blocks.map { Block(term: $0.term, text: $0.text.trimmingTrailingSpaces()) }
    }

    /// `insert   add the file's rows`: one lower-case word, two or more
    /// spaces, then its text.
    private static func listEntry(_ line: Substring) -> (term: String, text: String, textOffset: Int)? {
        let term = line.prefix { $0.isLowercase || $0.isNumber || $0 == "-" }
        guard !term.isEmpty else { return nil }
        let rest = line.dropFirst(term.count)
        let gap = rest.prefix { $0 == " " }.count
        guard gap >= 2, rest.count > gap else { return nil }
        return (String(term), String(rest.dropFirst(gap)), term.count + gap)
    }

    /// Roff text broken into input lines of at most 80 bytes at its spaces
    /// (in fill mode a line break reads as a space).
    static func filled(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }.joined(separator: "\n")
    }

    /// A command line, in bold, with its words as written.
    static func code(_ text: String) -> String {
        "\\fB" + escaped(text) + "\\fR"
    }

    /// Text that roff prints as it is, with code between backticks
    /// (`` `roster import` ``) in bold, as manual pages show what is typed
    /// (man-pages(7)), not with its backticks.
    static func escaped(_ text: String) -> String {
        // A line starting with . or ' would be read as a request.
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = codeSpans(line).map { span in
                span.isCode ? "\\fB" + escapedWords(span.text, allUnbreakable: true) + "\\fR" : escapedWords(span.text)
            }.joined()
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// A line's text and its code, the parts between paired backticks; a
    /// line whose backticks do not pair keeps them as written.
    private static func codeSpans(_ line: Substring) -> [(text: Substring, isCode: Bool)] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return [(line, false)] }
        return parts.enumerated().map { index, part in (text: part, isCode: index % 2 == 1) }
    }

    /// Words escaped one by one. An identifier (ROSTER_ACCESSIBLE,
    /// roster.db, --db), and every word of code, is marked unbreakable
    /// with \%: roff would hyphenate it as a dictionary does, and a reader
    /// could not copy it whole.
    private static func escapedWords(_ text: Substring, allUnbreakable: Bool = false) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            ((allUnbreakable && !word.isEmpty) || isIdentifier(word) ? "\\%" : "") + escapedCharacters(word)
        }.joined(separator: " ")
    }

    /// Whether `word` reads as a name to type rather than prose: it holds
    /// something besides letters (quotes and backticks included) once the
    /// sentence's punctuation around it is left out, or two capitals.
    static func isIdentifier(_ word: Substring) -> Bool {
        let core = word.unicodeScalars.drop { $0 == "(" }
        let trimmed = core.reversed().drop { ").,;:!?".unicodeScalars.contains($0) }
        guard trimmed.count > 1 else { return false }
        return trimmed.contains { !$0.properties.isAlphabetic }
            || trimmed.filter { $0.properties.isUppercase }.count >= 2
    }

    /// `text` with roff's special characters escaped and anything past
    /// ASCII as a named Unicode character.
    private static func escapedCharacters(_ text: Substring) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\[u\(hex(scalar.value))]"
            case _ where scalar.value > 0x7F:
                result += "\\[u\(hex(scalar.value))]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Four or more upper-case hex digits, as roff's \[uXXXX] wants.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
