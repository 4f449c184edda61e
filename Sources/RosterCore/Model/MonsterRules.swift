import TextSafety

/// A problem with one field's value, told as one sentence.
public struct FieldProblem: Hashable, Sendable, CustomStringConvertible {
    /// The field's key as exports and the command line spell it (`name`, `name_color`).
    public let field: String
    /// One sentence, without the field name in front.
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Why a value given as text cannot be read, as one sentence, and the
/// value most likely meant when there is one (a country's name for a
/// misspelt one): imports put the sentence in their report, the command
/// line turns the suggestion into "did you mean".
public struct ValueProblem: Error, Hashable, Sendable {
    public let message: String
    public let suggestion: String?

    public init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }
}

/// The rules every monster's fields obey. The model is where they live;
/// the store, the command line, import and the interface all ask here.
public enum MonsterRules {
    public static let nameLimit = 64
    public static let descriptionLimit = 280
    public static let iconLimit = 64
    /// What the file's CHECK constraints allow, in code points (8 per
    /// character): one character may carry any number of combining marks,
    /// so a name of 3 characters can be 5,000 code points, which the
    /// file would refuse with SQLite's words and a storage error.
    public static let nameCodePointLimit = 512
    public static let descriptionCodePointLimit = 2240
    /// Ids are numbered on from the highest: past 2^63-1 none is left
    /// (SQLite would pick a random free one, which no rule here promises).
    static let noIDLeft = "no id is left for a new monster: the roster's ids already reach \(Int64.max)"

    /// How names are compared, in the words every refusal of a name
    /// already taken gives it (`add`, `edit`, import).
    public static let sameNameRule = "names are compared ignoring case, width and look-alike letters"

    /// Why `name` cannot be used: the roster (or the file) already has
    /// `existing`, which reads the same. The given spelling comes first,
    /// so that `Сat-Bot` with a Cyrillic С is not told it is `Cat-Bot`.
    public static func nameTakenSentence(_ name: String, by existing: String, place: String = "on the roster") -> String {
        guard existing != name else { return "a monster named \(Quote.code(name)) is already \(place)" }
        return "\(Quote.code(name)) reads as \(Quote.code(existing)), which is already \(place) (\(sameNameRule))"
    }

    /// The key names are unique by: names that differ only in case,
    /// in how their accents are encoded, in width, or in letters that
    /// look alike are the same name (see `NameFolding`).
    public static func nameKey(_ name: String) -> String {
        asciiLowercased(name) ?? NameFolding.key(name)
    }

    /// `name.lowercased()` when the name is all printable ASCII, made
    /// byte by byte (a bulk import keys a million names); nil otherwise
    /// (a control folds as `NameFolding` says).
    private static func asciiLowercased(_ name: String) -> String? {
        withUTF8Bytes(of: name) { bytes -> String? in
            guard !ByteScan.containsNonASCII(bytes), !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in bytes.indices {
                    let byte = bytes[index]
                    buffer[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    public static func nameProblem(_ name: String) -> FieldProblem? {
        func problem(_ message: String) -> FieldProblem { FieldProblem(field: "name", message: message) }
        if name.isEmpty { return problem("a name cannot be empty") }
        // Printable ASCII (nearly every name) is one character per byte
        // and needs no Unicode tables: a bulk import checks a million.
        if isShortPrintableASCII(name.utf8, allowing: 0, limit: nameLimit) {
            let bytes = name.utf8
            if bytes.first == 0x20 || bytes.last == 0x20 { return problem("a name cannot start or end with a space") }
            // Only `#`, `-` and digits can read as an id: one letter settles it.
            let couldBeID = bytes.withContiguousStorageIfAvailable { $0.allSatisfy(isIDByte) } ?? true
            if couldBeID && (id(in: name) != nil || isOnlyDigits(name)) {
                return problem("a name cannot be only digits (with or without #), which would read as an id")
            }
            return nil
        }
        if let message = lengthOrControlProblem(name, "a name", limit: nameLimit, codePointLimit: nameCodePointLimit,
                                                "control characters", forbidden: isForbiddenInName) {
            return problem(message)
        }
        if let scalar = firstInvisible(in: Array(name.unicodeScalars)) {
            return problem("a name cannot contain characters that show as nothing, and this one contains \(codePoint(scalar))")
        }
        if let scalar = name.unicodeScalars.first(where: hasNoAgreedLook) {
            return problem("a name cannot contain code points that have no agreed look (unassigned, private-use or noncharacters), and this one contains \(codePoint(scalar))")
        }
        // A mark with nothing before it draws on whatever a terminal shows
        // there (or as nothing), so the name reads as another or as blank.
        if let first = name.unicodeScalars.first, isCombiningMark(first) {
            return problem("a name cannot start with a combining mark (\(codePoint(first))), which draws on whatever comes before it")
        }
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            return problem("a name cannot start or end with a space")
        }
        // `１２` reads as `12`, and `١٢` is twelve in another script: digits
        // of any script would be a name that `show 12` could never reach.
        if isOnlyDigitsOfAnyScript(nameKey(name)) {
            return problem("a name cannot be only digits (with or without #), which would read as an id")
        }
        return nil
    }

    @inline(__always)
    private static func isIDByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Decimal digits of any script alone, with or without `#`.
    private static func isOnlyDigitsOfAnyScript(_ key: String) -> Bool {
        let scalars = key.unicodeScalars.drop { $0 == "#" || $0 == "\u{FF03}" }
        return !scalars.isEmpty && scalars.allSatisfy { $0.properties.numericType == .decimal }
    }

    /// Digits alone (`007` too), with or without `#`.
    private static func isOnlyDigits(_ name: String) -> Bool {
        guard let digits = idDigits(name), !digits.isEmpty else { return false }
        return digits.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The bytes after an optional leading `#`.
    private static func idDigits(_ name: String) -> Substring.UTF8View? {
        let bytes = Substring(name).utf8
        return bytes.first == UInt8(ascii: "#") ? bytes.dropFirst() : bytes
    }

    /// The id a command-line reference names: `8` or `#8` (`08` too: a
    /// name is never only digits, so leading zeros cannot mean a name),
    /// `0`, or `#-8`, written plainly, for the ids below 1 that another
    /// program may have stored. Anything else is a name.
    public static func id(in reference: String) -> Int64? {
        guard var digits = idDigits(reference) else { return nil }
        let negative = reference.utf8.first == UInt8(ascii: "#") && digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        // `#-07` stays a name, as it always was: only names of digits alone
        // were never allowed.
        if negative { return first == UInt8(ascii: "0") ? nil : Int64("-" + String(Substring(digits))) }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        return significant.isEmpty ? 0 : Int64(String(Substring(significant)))
    }

    public static func descriptionProblem(_ description: String) -> FieldProblem? {
        func problem(_ message: String) -> FieldProblem { FieldProblem(field: "description", message: message) }
        // Newline and tab are allowed; "\r\n" would be one character, but CR is not allowed.
        if isShortPrintableASCII(description.utf8, allowing: 1 << 0x0A | 1 << 0x09, limit: descriptionLimit) {
            return nil
        }
        return lengthOrControlProblem(description, "a description", limit: descriptionLimit,
                                      codePointLimit: descriptionCodePointLimit,
                                      "control characters other than newline and tab", forbidden: isForbiddenInDescription)
            .map(problem)
    }

    /// The checks names and descriptions share, in order: too many
    /// characters, too many code points (a letter under a pile of marks),
    /// a character `forbidden` refuses (named as `forbiddenWording`).
    private static func lengthOrControlProblem(_ text: String, _ what: String, limit: Int, codePointLimit: Int,
                                               _ forbiddenWording: String,
                                               forbidden: (Unicode.Scalar) -> Bool) -> String? {
        let length = text.count
        if length > limit {
            return "\(what) can have at most \(limit) characters; this one has \(length)"
        }
        let codePoints = text.unicodeScalars.count
        if codePoints > codePointLimit {
            return "\(what) can hold at most \(codePointLimit) code points, each accent or other mark on a letter counted apart from it; this one holds \(codePoints)"
        }
        if let scalar = text.unicodeScalars.first(where: forbidden) {
            return "\(what) cannot contain \(forbiddenWording), and this one contains \(codePoint(scalar))"
        }
        return nil
    }

    public static func iconProblem(_ icon: String) -> FieldProblem? {
        // One pass over the bytes: only ASCII is allowed, so they say what
        // comparing characters (`hasSuffix(".png")`) would.
        let valid = withUTF8Bytes(of: icon) { bytes in
            bytes.count > 4 && bytes.count <= iconLimit && bytes.allSatisfy(isIconByte)
                && bytes[0] != UInt8(ascii: ".") && bytes[bytes.count - 4] == UInt8(ascii: ".")
                && bytes[bytes.count - 3] == UInt8(ascii: "p") && bytes[bytes.count - 2] == UInt8(ascii: "n")
                && bytes[bytes.count - 1] == UInt8(ascii: "g")
        }
        guard valid else {
            return FieldProblem(
                field: "icon",
                message: "an icon is an image asset name such as meetcatbot.png: letters, digits, `-`, `_` and `.`, ending in .png, at most \(iconLimit) characters"
            )
        }
        return nil
    }

    @inline(__always)
    private static func isIconByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Whether the text is printable ASCII (plus the control characters
    /// whose bits are set in `allowed`) and at most `limit` bytes: then it
    /// has one character per byte and passes the character checks, with no
    /// Unicode tables consulted. A bulk import checks a million of these.
    @inline(__always)
    static func isShortPrintableASCII(_ bytes: String.UTF8View, allowing allowed: UInt32, limit: Int) -> Bool {
        guard bytes.count <= limit else { return false }
        let clean = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer {
                if byte >= 0x7F { return false }
                if byte < 0x20 && allowed & (1 << UInt32(byte)) == 0 { return false }
            }
            return true
        }
        return clean == true
    }

    /// An origin is a two-letter code from the ISO 3166 list.
    public static func originProblem(_ origin: String?) -> FieldProblem? {
        guard let origin else { return nil }
        guard Countries.country(code: origin)?.code == origin else {
            return FieldProblem(field: "origin", message: "an origin is a two-letter ISO 3166 country code such as FR; \(Quote.code(origin)) is not one")
        }
        return nil
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and the bidi
    /// controls that can make a name read differently from what it is.
    static func isForbiddenInName(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The first character that shows as nothing, so that
    /// "Cat\u{200B}-Bot" would pass for "Cat-Bot", or a name of U+3164
    /// alone would look blank. By Unicode property, not by list: every
    /// Default_Ignorable_Code_Point (zero-width joiners and spaces,
    /// invisible operators, Hangul fillers, variation selectors, tags…)
    /// other format characters, and blank symbols. Emoji keep what draws them: a
    /// joiner between two emoji, a variation selector after one, and the
    /// tags of a flag such as England's after its black flag.
    static func firstInvisible(in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        var inFlagTags = false
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if isBlankSymbol(scalar) { return scalar }
            guard scalar.properties.isDefaultIgnorableCodePoint else {
                // Format characters that are not default-ignorable (the
                // hieroglyph joiners U+13430…) draw nothing by themselves.
                if scalar.properties.generalCategory == .format { return scalar }
                inFlagTags = false
                continue
            }
            switch scalar.value {
            case 0x200D where (isPictographic(previous) || previous?.value == 0xFE0F) && isPictographic(next):
                continue
            case 0xFE0E where isPictographic(previous), 0xFE0F where isPictographic(previous):
                continue
            case 0xE0020...0xE007E where previous?.value == 0x1F3F4 || inFlagTags:
                inFlagTags = true
                continue
            case 0xE007F where inFlagTags:
                inFlagTags = false
                continue
            default:
                return scalar
            }
        }
        return nil
    }

    /// Unassigned code points (noncharacters such as U+FFFF and U+FDD0
    /// among them) and private-use ones: each terminal and font draws them
    /// its own way (as nothing, a box, or a glyph a font put there), so a
    /// name holding one can show exactly as another name.
    static func hasNoAgreedLook(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: true
        default: scalar.properties.isNoncharacterCodePoint
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Symbols drawn blank or as a stand-in box: the blank braille
    /// pattern, the musical null notehead, the object replacement character.
    private static func isBlankSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2800, 0x1D159, 0xFFFC: true
        default: false
        }
    }

    /// An emoji that draws as a picture, not an ASCII digit or sign that
    /// Unicode also lists as emoji.
    private static func isPictographic(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, !scalar.isASCII else { return false }
        return scalar.properties.isEmoji
    }

    static func isForbiddenInDescription(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && isControl(scalar)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+001B`: how a problem names a character that cannot be shown.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
