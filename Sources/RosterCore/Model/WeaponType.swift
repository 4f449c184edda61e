/// The five kinds of weapon a monster may carry.
///
/// The raw value is the stable storage key: it is what the database, the
/// exports and the command line store and print, so it never changes.
public enum WeaponType: String, CaseIterable, Sendable, Hashable {
    case blowgun
    case ninjaStar = "ninja-star"
    case fire
    case sword
    case smoke

    /// The stable key stored in the database and written by exports.
    public var key: String { rawValue }

    /// The name people read.
    public var displayName: String {
        switch self {
        case .blowgun: "Blowgun"
        case .ninjaStar: "Ninja Star"
        case .fire: "Fire"
        case .sword: "Sword"
        case .smoke: "Smoke"
        }
    }

    /// The picture's asset name in `Data/`.
    public var imageAssetName: String {
        switch self {
        case .blowgun: "blowgun.png"
        case .ninjaStar: "ninjastar.png"
        case .fire: "fire.png"
        case .sword: "sword.png"
        case .smoke: "smoke.png"
        }
    }

    /// One narrow character that stands for the weapon where no picture
    /// can be drawn. Each is drawn in one column by the default fonts of
    /// xterm, kitty, mlterm and alacritty (checked by screenshot): xterm's
    /// font has no ⚔ or ➳, and emoji such as ⏱ come out two cells wide.
    public var glyph: String {
        switch self {
        case .blowgun: "⇝"
        case .ninjaStar: "✦"
        case .fire: "♨"
        case .sword: "†"
        case .smoke: "≋"
        }
    }

    /// Parses any reasonable spelling: `ninja-star`, `NinjaStar`,
    /// `ninja_star`, `Ninja Star`, `NINJASTAR` all mean `.ninjaStar`.
    /// Only letters, digits and the separators people type between words
    /// count as a spelling: text holding anything else (a byte that is not
    /// UTF-8, a zero-width space) names no weapon, though it may still get
    /// a suggestion.
    public init?(parsing text: String) {
        guard text.unicodeScalars.allSatisfy(Self.isSpellingScalar) else { return nil }
        let wanted = Self.normalized(text)
        guard !wanted.isEmpty,
              let match = Self.allCases.first(where: { Self.normalized($0.key) == wanted })
        else { return nil }
        self = match
    }

    /// The weapon a misspelling most likely meant, if any is close enough
    /// to suggest (never to act on).
    public static func suggestion(for text: String) -> WeaponType? {
        let wanted = normalized(EditDistance.narrowed(text))
        guard !wanted.isEmpty else { return nil }
        let candidates = allCases.map { (weapon: $0, key: normalized($0.key)) }
        let prefixed = candidates.filter { $0.key.hasPrefix(wanted) || wanted.hasPrefix($0.key) }
        if prefixed.count == 1 {
            return prefixed[0].weapon
        }
        let scored = candidates
            .map { (weapon: $0.weapon, distance: EditDistance.between($0.key, wanted)) }
            .min { $0.distance < $1.distance }
        guard let best = scored, best.distance <= max(2, wanted.count / 3) else { return nil }
        return best.weapon
    }

    private static func isSpellingScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x20, 0x2D, 0x5F, 0x2E: true
        default: false
        }
    }

    /// Lower-case letters and digits only: separators and case do not matter.
    static func normalized(_ text: String) -> String {
        // Over UTF-8 bytes: every byte of a non-ASCII scalar is 0x80 or
        // more, so it is dropped as its scalar would be. Building the String
        // from scalars went through an unspecialized append: 170,000
        // instructions for the ten calls of one `set-weapon`.
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A: kept.append(byte + 0x20)
            case 0x61...0x7A, 0x30...0x39: kept.append(byte)
            default: break
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
