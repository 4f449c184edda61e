import TextSafety
/// The roster as a Markdown table (GitHub Flavored Markdown / CommonMark
/// with the table extension).
///
/// Cell text is escaped so that it renders as itself, and only where it
/// would not: `|` would end the cell, a newline would end the row (it
/// becomes `<br>`), `*`, `_`, `~` and `` ` `` would start emphasis or code,
/// `[` a link, `<` a tag or autolink (only before a letter, `/`, `!` or
/// `?`), `&` an entity (only before a name or number and `;`), and `\`
/// an escape. Inside a table cell nothing else acts: `#` and `>` matter only
/// at the start of a line, `!` only before `[`, so `BOOM!` stays `BOOM!`.
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
            case "\\", "|", "`", "*", "_", "[", "~":
                result.append("\\")
                result.unicodeScalars.append(scalar)
            case "<" where startsTag(scalars[(index + 1)...]), "&" where startsEntity(scalars[(index + 1)...]):
                result.append("\\")
                result.unicodeScalars.append(scalar)
            case "\n":
                result.append("<br>")
            case "\t":
                result.append(" ")
            default:
                // Controls, bidi overrides and invisible characters show as
                // visible escapes, their backslash escaped for Markdown.
                if SafeText.needsEscape(scalar) {
                    result.append("\\" + SafeText.visibleEscape(for: scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether a `<` before these scalars would open an HTML tag, comment,
    /// declaration or autolink.
    private static func startsTag(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let next = rest.first else { return false }
        return (next.isASCII && next.properties.isAlphabetic) || next == "/" || next == "!" || next == "?"
    }

    /// Whether an `&` before these scalars would be read as an entity
    /// reference: `&amp;`, `&#38;`, `&#x26;`.
    private static func startsEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let semicolon = rest.prefix(32).firstIndex(of: ";"), semicolon > rest.startIndex else { return false }
        return rest[..<semicolon].allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "#") }
    }
}
