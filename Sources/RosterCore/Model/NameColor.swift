/// The colour a monster's name is shown in.
public enum NameColor: String, CaseIterable, Sendable, Hashable {
    case `default`
    case red
    case green
    case blue

    /// The stable key stored in the database and written by exports.
    public var key: String { rawValue }

    public var displayName: String {
        switch self {
        case .default: "Default"
        case .red: "Red"
        case .green: "Green"
        case .blue: "Blue"
        }
    }

    /// Accepts any case and surrounding spaces: `Red`, ` blue `.
    public init?(parsing text: String) {
        let wanted = WeaponType.normalized(text)
        guard let match = Self.allCases.first(where: { $0.key == wanted }) else { return nil }
        self = match
    }

    /// The sentence for a colour that is none of them, with the one most
    /// likely meant: the same wherever a colour is read.
    public static func unknownMessage(for text: String) -> String {
        if let suggestion = suggestion(for: text) {
            return "unknown colour `\(text)`; did you mean `\(suggestion.key)`?"
        }
        return "unknown colour `\(text)`; the colours are \(allCases.map(\.key).joined(separator: ", "))"
    }

    public static func suggestion(for text: String) -> NameColor? {
        EditDistance.closest(to: WeaponType.normalized(text), among: allCases.map(\.key))
            .flatMap(NameColor.init(rawValue:))
    }
}
