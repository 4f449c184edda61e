import TextSafety
/// The roster as a Markdown table (GitHub Flavored Markdown / CommonMark
/// with the table extension, and every other dialect alike).
///
/// Dialects disagree on what is markup: CommonMark honours `\<` as a
/// literal `<`, but Python-Markdown and pandoc's strict dialect read
/// `<img src=x onerror=…>` after it as a live tag, and pandoc's default
/// reads `$…$` as math, `@3` as a citation and `--` as a dash. A
/// character reference (`&#60;`) is the one form every dialect reads as
/// the character itself, so every ASCII mark that some dialect reads as
/// markup in a cell's inline text is written as one: `|` (the cell's
/// edge), `\`, `` ` ``, `*`, `_`, `~`, `^`, `$`, `@`, `&`, `<`, `>`, `[`,
/// `]`, `{`, `}`. The marks no dialect reads as markup inside a table
/// cell stay as written, so a sentence reads as one (`BOOM!`, `Don't`,
/// `(yes)`, `5/10`, `50%`, `#1`): a cell is inline text, so the marks
/// that act only at the start of a line (`#`, `+`, `-`, `1.`) act there
/// never. Some act only in company: `!` only before `[` (an image), `-`,
/// `.`, `=` and `+` only doubled (a dash, an ellipsis, pandoc's and
/// markdown-it's `==mark==` and `++insert++`), `.` also after a `www`
/// (GFM links `www.example.com`), and `:` except between digits, as in a
/// time (`09:30`), unless another `:` follows the digits (GFM and pandoc
/// read `:100:` as an emoji; a scheme's colon starts a link). A newline
/// becomes `<br>` and a tab a space.
///
/// Values are written as people read them (`† Sword`, `6 ft 2 in`,
/// `France`, `2026-11-29 14:05 UTC`); an unknown one is an empty cell.
/// Moments are in UTC, so the file reads the same wherever it is made.
enum MarkdownTable {
    static func appendHeader(to output: ByteOutput) throws(IOFailure) {
        try output.append("|")
        for field in MonsterFields.all { try output.append(" \(field.title) |") }
        try output.append("\n|")
        for field in MonsterFields.all { try output.append(field.kind == .integer ? " --: |" : " --- |") }
        try output.append("\n")
    }

    static func appendRow(_ monster: Monster, to output: ByteOutput) throws(IOFailure) {
        try output.append("|")
        for field in MonsterFields.all {
            try output.append(" ")
            try appendCell(field.readable(monster), to: output)
            try output.append(" |")
        }
        try output.append("\n")
    }

    static func appendCell(_ text: String, to output: ByteOutput) throws(IOFailure) {
        try output.append(escaped(text))
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n":
                result.append("<br>")
            case "\t":
                result.append(" ")
            default:
                if SafeText.needsEscape(scalar) {
                    // Controls, bidi overrides and invisible characters show
                    // as visible escapes (`\e`), themselves written safely.
                    for part in SafeText.visibleEscape(for: scalar).unicodeScalars {
                        appendReference(part, to: &result, if: part.isASCII && !isLetterOrDigit(part))
                    }
                } else {
                    appendReference(scalar, to: &result, if: readsAsMarkup(scalars, at: index))
                }
            }
        }
        return result
    }

    /// `&#N;` for `scalar` when `condition` holds, else the scalar itself.
    private static func appendReference(_ scalar: Unicode.Scalar, to result: inout String, if condition: Bool) {
        if condition {
            result.append("&#\(scalar.value);")
        } else {
            result.unicodeScalars.append(scalar)
        }
    }

    /// Whether some Markdown dialect could read the scalar at `index` as markup there.
    static func readsAsMarkup(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        guard scalar.isASCII, scalar != " ", !isLetterOrDigit(scalar) else { return false }
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch scalar {
        case ",", "?", "'", "\"", ";", "%", "/", "(", ")", "#":
            return false
        case "!":
            // `![` starts an image; `[` is a reference anyway, but say why.
            return after == "["
        case "-", "=", "+":
            // `--` is a dash to pandoc, `==` and `++` mark text in some
            // dialects; one alone is only itself.
            return before == scalar || after == scalar
        case ".":
            // `...` is an ellipsis, and `www.` starts a link in GFM.
            return before == "." || after == "." || followsWWW(scalars, at: index)
        case ":":
            // A time's `09:30` is only itself; `:100:` is an emoji.
            guard isDigit(before), isDigit(after) else { return true }
            let rest = scalars[(index + 1)...].drop { isDigit($0) }
            return rest.first == ":"
        default:
            return true
        }
    }

    /// Whether the scalars before `index` end in `www`, in any case.
    private static func followsWWW(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
    }

    private static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return (0x30...0x39).contains(scalar.value)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}
