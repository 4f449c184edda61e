import TextSafety

/// How tall a monster is, in feet and inches.
public struct Height: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let feetRange = 0...30
    public static let inchRange = 0...11

    public let feet: Int
    public let inches: Int

    public init?(feet: Int, inches: Int) {
        guard Self.feetRange.contains(feet), Self.inchRange.contains(inches) else { return nil }
        self.feet = feet
        self.inches = inches
    }

    public var totalInches: Int { feet * 12 + inches }

    public static func < (a: Height, b: Height) -> Bool { a.totalInches < b.totalInches }

    /// The stored and exported form: `5ft11in`.
    public var key: String {
        // Written byte by byte: an import or export meets it once per row.
        String(unsafeUninitializedCapacity: Self.keyCapacity) { writeKey(into: $0) }
    }

    /// Calls `body` with the bytes of `key`, made without a String.
    func withKeyBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.keyCapacity) { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[..<writeKey(into: buffer)]))
        }
    }

    /// `99ft99in`: the longest key two-digit numbers make.
    private static let keyCapacity = 8

    /// Writes `key` at the start of `buffer` (`keyCapacity` bytes); its length.
    private func writeKey(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        func put(_ number: Int) {
            if number >= 10 {
                buffer[count] = UInt8(ascii: "0") + UInt8(number / 10 % 10)
                count += 1
            }
            buffer[count] = UInt8(ascii: "0") + UInt8(number % 10)
            count += 1
        }
        put(feet)
        buffer[count] = UInt8(ascii: "f")
        buffer[count + 1] = UInt8(ascii: "t")
        count += 2
        put(inches)
        buffer[count] = UInt8(ascii: "i")
        buffer[count + 1] = UInt8(ascii: "n")
        return count + 2
    }
    public var description: String { key }
    /// How people read it: `5 ft 11 in`.
    public var displayName: String { "\(feet) ft \(inches) in" }

    /// Reads the usual ways of writing a height: `5ft11`, `5ft11in`,
    /// `5 ft 11 in`, `5'11"`, `5′11″`, `5’11”`, `5ft`, `71in`, `5-11`, and
    /// metric ones to the nearest inch: `170cm` is 5ft7in, `1.8m` and
    /// `1,8 m` are 5ft11in.
    public init?(parsing text: String) {
        guard case .success(let height) = Self.reading(text) else { return nil }
        self = height
    }

    /// Reads exactly the stored form, `5ft11in`, without the lenient
    /// parse: what the store and a bulk import meet nearly every time.
    public init?(key text: String) {
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.keyComponents)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.keyComponents)
        guard let (feet, inches) = parsed else { return nil }
        self.init(feet: feet, inches: inches)
    }

    /// The feet and inches of `5ft11in`: one to three digits, `ft`, one to
    /// three digits, `in`, nothing else.
    static func keyComponents(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var index = 0
        func number() -> Int? {
            var value = 0
            let start = index
            while index < bytes.count, index - start < 3, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            return index > start ? value : nil
        }
        func word(_ first: UInt8, _ second: UInt8) -> Bool {
            guard index + 1 < bytes.count, bytes[index] == first, bytes[index + 1] == second else { return false }
            index += 2
            return true
        }
        guard let feet = number(), word(UInt8(ascii: "f"), UInt8(ascii: "t")), let inches = number(),
              word(UInt8(ascii: "i"), UInt8(ascii: "n")), index == bytes.count else { return nil }
        return (feet, inches)
    }

    /// The height `text` gives, or why it gives none: not a height at
    /// all, or one outside 0 to 30 ft and 0 to 11 in.
    public static func reading(_ text: String) -> Result<Height, ValueProblem> {
        if let height = Height(key: text) { return .success(height) }
        guard let (feet, inches, inchesOnly) = components(of: text) else {
            return .failure(ValueProblem("\(Quote.code(text)) is not a height; write one such as \(examples)"))
        }
        if inchesOnly || inches <= inchRange.upperBound, let height = Height(feet: feet, inches: inches) {
            return .success(height)
        }
        if !inchesOnly, inches > inchRange.upperBound {
            return .failure(ValueProblem("\(Quote.code(text)) has \(inches) inches after the feet; that part goes from 0 to 11"))
        }
        let tallest = Height(feet: feetRange.upperBound, inches: inchRange.upperBound)?.displayName ?? ""
        return .failure(ValueProblem("\(Quote.code(text)) is taller than a height can be; the most is \(tallest)"))
    }

    /// The numbers of a height as written, not yet checked against the
    /// ranges; an inches-only height (`71in`) comes as feet and inches.
    private static func components(of text: String) -> (feet: Int, inches: Int, inchesOnly: Bool)? {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        // A height starts with its number: "-1" is not one foot.
        guard let first = lowered.first, first.isASCII, first.isNumber else { return nil }
        if let inches = metricInches(lowered) { return (inches / 12, inches % 12, true) }
        var numbers: [Int] = []
        var units: [String] = []
        var digits = ""
        var unit = ""
        for character in lowered {
            if character.isASCII, character.isNumber {
                if !unit.isEmpty {
                    units.append(unit)
                    unit = ""
                }
                digits.append(character)
            } else {
                if !digits.isEmpty {
                    guard digits.count <= 4, let number = Int(digits) else { return nil }
                    numbers.append(number)
                    digits = ""
                }
                unit.append(character)
            }
        }
        if !digits.isEmpty {
            guard digits.count <= 4, let number = Int(digits) else { return nil }
            numbers.append(number)
        }
        if !unit.isEmpty { units.append(unit) }
        // Word processors turn ' and " into typographic quotes: 6’2”.
        let feetWords: Set<String> = ["ft", "feet", "foot", "'", "′", "’", "-"]
        let inchWords: Set<String> = ["in", "inch", "inches", "\"", "″", "''", "”", "’’", "′′"]
        switch (numbers.count, units.count) {
        case (1, 1) where feetWords.contains(units[0]) && units[0] != "-":
            // "5-" is not a height; "-" only joins feet and inches (5-11).
            return (numbers[0], 0, false)
        case (1, 1) where inchWords.contains(units[0]):
            return (numbers[0] / 12, numbers[0] % 12, true)
        case (2, 1) where feetWords.contains(units[0]):
            return (numbers[0], numbers[1], false)
        case (2, 2) where feetWords.contains(units[0]) && inchWords.contains(units[1]):
            return (numbers[0], numbers[1], false)
        default:
            return nil
        }
    }

    /// Most of the world writes heights in centimetres or metres: `text`
    /// (lowered, without spaces) as one, to the nearest inch; nil when it
    /// is no number with a metric unit. A decimal part takes a point or a
    /// comma, as either is written (`1.75m`, `1,75m`).
    private static func metricInches(_ lowered: String) -> Int? {
        let number = lowered.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        let centimetres: Double
        switch lowered.dropFirst(number.count) {
        case "cm", "centimetre", "centimetres", "centimeter", "centimeters": centimetres = 1
        case "m", "metre", "metres", "meter", "meters": centimetres = 100
        default: return nil
        }
        let parts = number.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard let whole = parts.first, (1...4).contains(whole.count), parts.count <= 2,
              parts.count == 1 || (1...3).contains(parts[1].count),
              let value = Double(parts.joined(separator: ".")) else { return nil }
        return Int((value * centimetres / 2.54).rounded())
    }

    /// How heights may be written, for messages: `write one such as …`.
    public static let examples = "5ft11in, 5'11\", 71in, 180cm or 1.8m"

    public static let formHelp = "a height such as 5ft11, 5ft11in, 5'11\", 71in, 180cm or 1.8m (0 to 30 ft, 0 to 11 in)"
}
