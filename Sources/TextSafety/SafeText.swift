/// Makes untrusted text harmless to print on a terminal.
///
/// Text from the database, from files and from the command line may hold
/// escape sequences that move the cursor, retitle the window, write to the
/// clipboard (OSC 52) or reorder what the eye reads (bidi overrides). Every
/// such character is replaced by a visible escape: `\e`, `\n`, `\x07`,
/// `\u{85}`, `\u{202E}`. The work is done over Unicode scalars, not
/// `Character`s, because one `Character` can hold several controls
/// (`"\r\n"` is a single `Character`).
public enum SafeText {
    /// `text` with every control, C1 and bidi character made visible.
    public static func escaped(_ text: String) -> String {
        // Most text needs nothing: return it without copying.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: visibleEscape(for: scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` as one field of tab-separated output: escaped as above, and
    /// a backslash doubled, so that a real newline (`\n`) and the two
    /// characters `\` `n` stay told apart (as `mysql --batch` does).
    public static func fieldEscaped(_ text: String) -> String {
        escaped(text.contains("\\") ? text.replacingBackslashes() : text)
    }

    /// Whether printing `scalar` could affect the terminal or mislead the reader.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        switch value {
        // Bidi controls, line and paragraph separators, and the invisible
        // characters that let one name pass for another (soft hyphen,
        // zero-width space, word joiner, byte-order mark).
        case 0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// How an unsafe scalar is shown.
    public static func visibleEscape(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0..<0x20, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        default: return "\\u{" + hex(scalar.value, digits: 2) + "}"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    fileprivate func replacingBackslashes() -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar)
            if scalar == "\\" { result.append(scalar) }
        }
        return String(result)
    }
}
