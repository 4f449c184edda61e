import TextSafety
/// The roster as a Markdown table (GitHub Flavored Markdown / CommonMark
/// with the table extension).
///
/// Cell text is escaped so that it renders as itself: `|` would end the
/// cell, a newline would end the row (it becomes `<br>`), and `*`, `_`,
/// `` ` ``, `[`, `<`, `&`… would turn into emphasis, code, links or HTML,
/// so each is backslash-escaped.
///
/// Values are written as people read them (`⚔ Sword`, `6 ft 2 in`,
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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "|", "`", "*", "_", "[", "]", "<", ">", "~", "&", "#", "!":
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
}
