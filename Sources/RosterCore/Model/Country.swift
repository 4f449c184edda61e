/// A country of origin, from the ISO 3166-1 list shipped in
/// `Data/countries.tsv` (carried in the binary like the other data).
public struct Country: Hashable, Sendable, CustomStringConvertible {
    /// The two-letter code, stored and exported: `FR`.
    public let code: String
    /// The three-letter code: `FRA`.
    public let alpha3: String
    public let name: String

    public var description: String { "\(name) (\(code))" }
}

public enum Countries {
    public static let fileName = "countries.tsv"

    /// Every country, sorted by name.
    public static let all: [Country] = {
        guard let bytes = Assets.bytes(named: fileName) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return Country(code: String(fields[0]), alpha3: String(fields[1]), name: String(fields[2]))
        }
    }()

    private static let byCode: [String: Country] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// Folded names and three-letter codes, for `find`.
    private static let byFoldedName: [String: Country] = Dictionary(
        all.flatMap { [(fold($0.name), $0), ($0.alpha3.lowercased(), $0)] }, uniquingKeysWith: { first, _ in first })

    /// The country with this two-letter code (any case).
    public static func country(code: String) -> Country? {
        // The stored form, upper case, needs no folding.
        byCode[code] ?? (code.utf8.count == 2 ? byCode[code.uppercased()] : nil)
    }

    /// A country by its name, its two- or three-letter code, in any case:
    /// `France`, `france`, `FR`, `fra`.
    public static func find(_ text: String) -> Country? {
        if let country = byCode[text] { return country }
        let wanted = fold(text)
        guard !wanted.isEmpty else { return nil }
        // The one code people use that ISO does not: UK for Great Britain.
        if wanted == "uk" { return byCode["GB"] }
        if wanted.count == 2, let country = byCode[wanted.uppercased()] { return country }
        return byFoldedName[wanted]
    }

    /// The country `text` names, or why it names none, with the country
    /// most likely meant.
    public static func reading(_ text: String) -> Result<Country, ValueProblem> {
        if let country = find(text) { return .success(country) }
        if let suggestion = suggestion(for: text) {
            return .failure(ValueProblem("unknown country “\(text)”; did you mean `\(suggestion.name)`?",
                                         suggestion: suggestion.name))
        }
        return .failure(ValueProblem("unknown country “\(text)”; give a country's name or its ISO 3166 code, such as France or FR"))
    }

    /// The country a misspelt name most likely meant.
    public static func suggestion(for text: String) -> Country? {
        let wanted = fold(text)
        guard !wanted.isEmpty else { return nil }
        let prefixed = all.filter { fold($0.name).hasPrefix(wanted) }
        if prefixed.count == 1 { return prefixed[0] }
        guard let name = EditDistance.closest(to: wanted, among: all.map { fold($0.name) }) else { return nil }
        return all.first { fold($0.name) == name }
    }

    /// Lower case, letters and digits only: spaces, dots and hyphens do not matter.
    static func fold(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }
}
