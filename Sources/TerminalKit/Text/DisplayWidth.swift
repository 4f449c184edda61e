import CTerminal
#if canImport(Glibc)
import Glibc
import TextSafety
#endif

/// How many terminal columns text takes, from the C library's `wcwidth`,
/// so that CJK and emoji stay aligned the way the terminal will draw them.
public enum DisplayWidth {
    /// Loading the locale costs a few file reads, so it happens on the
    /// first question about a non-ASCII character, not at start-up.
    private static let localeReady: Void = prepareLocale()

    /// `wcwidth` answers from the C library's locale: make sure it is a
    /// UTF-8 one, whatever the user's locale says.
    public static func prepareLocale() {
        if let current = setlocale(LC_CTYPE, ""), isUTF8(String(cString: current)) { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil {
            _ = setlocale(LC_CTYPE, "en_US.UTF-8")
        }
    }

    private static func isUTF8(_ locale: String) -> Bool {
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Columns for one scalar: 0 for combining marks, 2 for wide
    /// characters, and 1 for anything the C library does not know.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
        _ = localeReady
        let width = cterminal_wcwidth(scalar.value)
        return width < 0 ? 1 : Int(width)
    }

    /// Columns for a whole string as a buffer draws it: a control or bidi
    /// character takes the width of its visible escape (`SafeText`), so
    /// that text measured, wrapped or cut before it is drawn keeps every
    /// word, whatever another program put in it.
    public static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            guard !SafeText.needsEscape(scalar) else { return of(SafeText.escaped(text)) }
            total += of(scalar)
        }
        return total
    }

    /// Columns for one grapheme cluster, counted scalar by scalar as the
    /// C library (and so most terminals and tmux) counts them.
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars { width += of(scalar) }
        return width
    }

    /// Columns for a character as a buffer will draw it: a control or bidi
    /// character takes the width of its visible escape.
    public static func asDrawn(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: SafeText.needsEscape) {
            return of(SafeText.escaped(String(character)))
        }
        return of(character)
    }

    /// `text` cut to at most `limit` columns, ending in `…` when cut.
    /// Never splits a grapheme cluster or a wide character.
    public static func truncate(_ text: String, to limit: Int, ellipsis: String = "…") -> String {
        guard limit > 0 else { return "" }
        if of(text) <= limit { return text }
        let room = limit - of(ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let width = asDrawn(character)
            if used + width > room { break }
            result.append(character)
            used += width
        }
        return result + (room >= 0 ? ellipsis : "")
    }

    /// `text` padded with spaces to `width` columns (left-aligned).
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
