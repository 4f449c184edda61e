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

    public static func suggestion(for text: String) -> NameColor? {
        EditDistance.closest(to: WeaponType.normalized(text), among: allCases.map(\.key))
            .flatMap(NameColor.init(rawValue:))
    }
}
