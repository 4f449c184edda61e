import TextSafety

/// When two names are the same name: the fold behind `MonsterRules.nameKey`.
///
/// Names that a person cannot tell apart must not be two monsters:
/// `Café` typed on macOS (NFD, `e` + U+0301) and on Linux (NFC, `é`),
/// fullwidth `ＣＡＴ-ＢＯＴ`, `Сat-Bot` with a Cyrillic С, `Cat‐Bot` with
/// U+2010, Cherokee `ᏟᎪᎢ`, Lisu `ꓚꓮꓔ`, small capitals `ᴄᴀᴛ`, NKo's
/// zero `߀`. The key folds each scalar through `Data/name-folding.tsv`
/// (compatibility forms, case, and what Unicode's confusables of UTS #39
/// say each character is drawn as; made by `script/make-name-folding`,
/// as the standard library has no compatibility folding and Foundation
/// is not linked), then puts the result in NFC, which the standard
/// library does give.
/// Printable ASCII, nearly every name, is only lower-cased and never
/// touches the table.
///
/// A key holds no control character: a lookup reads the keys from a
/// key up to the key and U+000B, where a look-alike pair's second is
/// keyed (the key, a newline, its id), so a key holding a TAB or a
/// newline would be found for another name. Roster's own names hold no
/// controls; another program's read as they are shown (`SafeText`):
/// `Cat-Bot<TAB>Evil` keys as `cat-bot\tevil`.
enum NameFolding {
    static let tableName = "name-folding.tsv"
    /// Which table the keys were derived with, kept in the roster file
    /// (`monster_changes.keys_fold`): a file keyed by another revision is
    /// keyed again before a lookup (see `NameKeyCheck`). Bumped with every
    /// change to the table; `NameFoldingTests` checks it names this one.
    /// 1: Unicode 14. 2: the Turkish dotted İ folds to i. 3: look-alikes
    /// from UTS #39's confusables (13.0.0), for every script. 4: no key
    /// holds a control; ǅ folds to d ž (caron, not breve), the Arabic
    /// presentation forms of alef with madda as alef with madda.
    static let revision: Int64 = 4

    /// Code point to the scalars it folds to.
    private static let table: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        guard let bytes = Assets.bytes(named: tableName) else { return table }
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard let code = hex(fields[0]) else { continue }
            let folded = fields.count > 1 ? fields[1].split(separator: UInt8(ascii: " ")).compactMap(hex) : []
            table[code] = folded.compactMap(Unicode.Scalar.init)
        }
        return table
    }()

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt32? {
        UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    /// Whether the table was found in the binary (a build without it
    /// would key names by case alone, and a test says so).
    static var isLoaded: Bool { !table.isEmpty }

    /// The folded form of a name that is not plain ASCII.
    static func key(_ name: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                // ASCII's lower case is A–Z to a–z, without the Unicode tables.
                let value = scalar.value
                if value < 0x20 || value == 0x7F {
                    folded.append(contentsOf: SafeText.visibleEscape(for: scalar).unicodeScalars)
                } else {
                    folded.append(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value | 0x20)) : scalar)
                }
            } else if let mapped = table[scalar.value] {
                folded.append(contentsOf: mapped)
            } else {
                folded.append(scalar)
            }
        }
        return String(decoding: String(folded)._nfcCodeUnits, as: UTF8.self)
    }
}
