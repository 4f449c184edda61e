import TextSafety

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

    /// Every country, sorted by name as a reader sorts (Åland by Albania).
    /// Built only when a list or a name is wanted: a code lookup, as every
    /// saved monster makes, needs no sorting.
    public static let all: [Country] = table
        .map { (key: SearchFolding.key($0.country.name), country: $0.country) }
        .sorted { $0.key < $1.key }
        .map(\.country)

    /// Each country with the other names people use for it, in the file's order.
    private static let table: [(country: Country, otherNames: [String])] = {
        guard let bytes = Assets.bytes(named: fileName) else { return [] }
        // Split as bytes: every command that saves a monster reads this
        // file, and splitting by Characters costs more than the rest of it.
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.first != UInt8(ascii: "#") else { return nil }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 3 || fields.count == 4 else { return nil }
            let country = Country(code: text(fields[0]), alpha3: text(fields[1]), name: text(fields[2]))
            let otherNames = fields.count == 4 ? fields[3].split(separator: UInt8(ascii: ";")).map(text) : []
            return (country, otherNames)
        }
    }()

    /// Each country's two-letter code, as its two bytes, straight from
    /// the file's lines that `table` reads (three or four fields).
    static func forEachCode(_ body: (UInt8, UInt8) -> Void) {
        guard let bytes = Assets.bytes(named: fileName) else { return }
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let tabs = line.lazy.filter { $0 == UInt8(ascii: "\t") }.count
            guard tabs == 2 || tabs == 3, line.count > 2, line[line.startIndex + 2] == UInt8(ascii: "\t") else { continue }
            body(line[line.startIndex], line[line.startIndex + 1])
        }
    }

    private static let byCode: [String: Country] = Dictionary(table.map { ($0.country.code, $0.country) },
                                                               uniquingKeysWith: { first, _ in first })

    /// Folded names, other names and three-letter codes, for `find`.
    private static let byFoldedName: [String: Country] = Dictionary(
        table.flatMap { row in
            ([row.country.name] + row.otherNames).map { (fold($0), row.country) } + [(row.country.alpha3.lowercased(), row.country)]
        },
        uniquingKeysWith: { first, _ in first })

    /// Every name a country goes by, folded, with the country: what a
    /// misspelling is compared with.
    private static let foldedNames: [(name: String, country: Country)] = table.flatMap { row in
        ([row.country.name] + row.otherNames).map { (fold($0), row.country) }
    }

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
        if wanted.count == 2, let country = byCode[wanted.uppercased()] { return country }
        return byFoldedName[wanted]
    }

    /// The country a misspelt name most likely meant, or the one a part
    /// of a country belongs to (England: the United Kingdom).
    public static func suggestion(for text: String) -> Country? {
        let wanted = fold(text)
        guard !wanted.isEmpty else { return nil }
        if let code = countryOfPart[wanted], let country = byCode[code] { return country }
        let prefixed = Set(foldedNames.filter { $0.name.hasPrefix(wanted) }.map(\.country))
        if prefixed.count == 1 { return prefixed.first }
        guard let name = EditDistance.closest(to: wanted, among: foldedNames.map(\.name)) else { return nil }
        return foldedNames.first { $0.name == name }?.country
    }

    /// Parts of a country that people name as if they were one, folded:
    /// ISO 3166-1 lists only the whole, so these are suggested, never taken.
    private static let countryOfPart: [String: String] = [
        "england": "GB", "scotland": "GB", "wales": "GB", "northernireland": "GB",
    ]

    /// Lower case without accents, letters and digits only: spaces, dots,
    /// hyphens and accents do not matter (`cote divoire` is Côte d'Ivoire).
    static func fold(_ text: String) -> String {
        String(SearchFolding.key(text).unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }
}
