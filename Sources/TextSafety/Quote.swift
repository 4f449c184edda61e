/// How every message quotes a name or a value: as Markdown writes code,
/// in backticks, so that any text reads back exactly.
///
/// Text that holds backticks is fenced by a longer run of them
/// (``` ``Q`Bot`` ```), and padded with a space inside when it starts or
/// ends with one, or with a space at both ends (`` ` `` ` ``), as
/// CommonMark reads a code span: no text can end its quote early or pass
/// for two quotes. The quote is text like any other for `SafeText`, which
/// still makes its controls visible.
///
/// A quote holds at most `longest` characters, as many as the longest value
/// a roster keeps (a description): past that, text typed or found
/// elsewhere (a 1 MB `--where`, a 100 KB environment variable) is cut,
/// and the quote says how long it was, rather than echoed whole.
public enum Quote {
    /// The most characters of a text one quote shows.
    public static let longest = 2_240

    /// `text` quoted: `` `Cat-Bot` ``, ``` ``Q`Bot`` ```, `` `` ` `` ``.
    public static func code(_ text: String) -> String {
        if text.utf8.count > longest, text.count > longest {
            return code(String(text.prefix(longest))) + "… (\(text.count) characters in all)"
        }
        guard text.contains("`") || (text.first == " " && text.last == " " && text.contains { $0 != " " }) else {
            return "`" + text + "`"
        }
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.first == "`" || text.last == "`" || text.first == " " || text.last == " "
        return fence + (padded ? " " + text + " " : text) + fence
    }

    /// One character quoted: a separator, a key.
    public static func code(_ character: Character) -> String {
        code(String(character))
    }

    /// A monster's name where a sentence names it: bare when it reads as
    /// one name whatever surrounds it (letters, digits, marks, emoji and
    /// the joiners that draw them, `-`, `_`, `.`, apostrophes, single
    /// spaces inside), as names are shown
    /// everywhere; else quoted by `code`, so that `Q`Bot` or
    /// `A: B; dry run` cannot be read as part of the sentence.
    public static func name(_ name: String) -> String {
        readsBare(name) ? name : code(name)
    }

    static func readsBare(_ name: String) -> Bool {
        guard let first = name.first, let last = name.last, first != " ", last != " ", !name.contains("  ") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                return true
            case .otherSymbol:
                // Emoji and pictographs; arrows and other math symbols
                // (`→`, which a change's words use) are not among them.
                return true
            default:
                return "-_.'’ \u{200D}".unicodeScalars.contains(scalar)
            }
        }
    }
}
