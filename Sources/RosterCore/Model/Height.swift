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
    public var key: String { "\(feet)ft\(inches)in" }
    public var description: String { key }
    /// How people read it: `5 ft 11 in`.
    public var displayName: String { "\(feet) ft \(inches) in" }

    /// Reads the usual ways of writing a height: `5ft11`, `5ft11in`,
    /// `5 ft 11 in`, `5'11"`, `5′11″`, `5ft`, `71in`, `5-11`.
    public init?(parsing text: String) {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
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
        let feetWords: Set<String> = ["ft", "feet", "foot", "'", "′", "-"]
        let inchWords: Set<String> = ["in", "inch", "inches", "\"", "″", "''"]
        switch (numbers.count, units.count) {
        case (1, 1) where feetWords.contains(units[0]):
            self.init(feet: numbers[0], inches: 0)
        case (1, 1) where inchWords.contains(units[0]):
            self.init(feet: numbers[0] / 12, inches: numbers[0] % 12)
        case (2, 1) where feetWords.contains(units[0]):
            self.init(feet: numbers[0], inches: numbers[1])
        case (2, 2) where feetWords.contains(units[0]) && inchWords.contains(units[1]):
            self.init(feet: numbers[0], inches: numbers[1])
        default:
            return nil
        }
    }

    public static let formHelp = "a height such as 5ft11, 5ft11in, 5'11\" or 71in (0 to 30 ft, 0 to 11 in)"
}
