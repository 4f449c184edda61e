/// The fields of a monster as every format sees them, in one table.
///
/// Exports (JSON, NDJSON, CSV, Markdown, HTML), imports, the store's SQL
/// and `list` all walk this table, so a new field (height, origin, …) is
/// added here, to `Monster` and to a migration — not to each writer and
/// reader. The order of the table is the fixed key order of every format.
public final class MonsterField: Sendable {
    /// How the value is written in JSON and stored in SQLite.
    public enum Kind: Sendable {
        /// A JSON number, an SQLite INTEGER.
        case integer
        /// A JSON string, an SQLite TEXT.
        case text
    }

    /// The key in JSON, the CSV header, and the SQL column name.
    public let key: String
    /// How people read the key (Markdown and HTML headers).
    public let title: String
    public let kind: Kind
    /// Whether an imported record must give it. Optional fields take the
    /// value of `MonsterFields.blank` when left out.
    public let isRequired: Bool
    /// The value of `monster` for this field.
    public let value: @Sendable (Monster) -> FieldValue
    /// Parses `value` into `monster`, or says why it cannot. Only the
    /// value's form is checked here (a known weapon, a whole number); the
    /// model's rules (name length…) are checked on the whole monster.
    public let assign: @Sendable (inout Monster, FieldValue) -> String?

    public init(key: String, title: String, kind: Kind, isRequired: Bool,
                value: @escaping @Sendable (Monster) -> FieldValue,
                assign: @escaping @Sendable (inout Monster, FieldValue) -> String?) {
        self.key = key
        self.title = title
        self.kind = kind
        self.isRequired = isRequired
        self.value = value
        self.assign = assign
    }
}

/// A field's value as a format carries it.
public enum FieldValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)

    /// The value as text (CSV cells, Markdown, HTML).
    public var text: String {
        switch self {
        case .integer(let number): String(number)
        case .text(let text): text
        }
    }
}

public enum MonsterFields {
    /// Every field, in the fixed order of every format:
    /// `id, name, description, icon, name_color, weapon`.
    public static let all: [MonsterField] = [id, name, description, icon, nameColor, weapon]

    /// Every field but the id: what a row stores besides its key.
    public static let dataFields: [MonsterField] = all.filter { $0.key != "id" }

    /// The keys in order, for headers.
    public static let keys: [String] = all.map(\.key)

    /// The position in `all` of the field with this key.
    public static func index(of key: String) -> Int? {
        indexByKey[key]
    }

    private static let indexByKey: [String: Int] = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })

    /// The field with this key.
    public static func field(_ key: String) -> MonsterField? {
        all.first { $0.key == key }
    }

    /// The field a mistyped key most likely meant: close in spelling, or
    /// the same word in other clothes (`colour`, `Name Color` → `name_color`).
    public static func suggestion(for key: String) -> String? {
        func folded(_ text: String) -> String {
            let letters = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
            return letters.replacing("colour", with: "color")
        }
        let wanted = folded(key)
        if let exact = keys.first(where: { folded($0) == wanted }) { return exact }
        if let close = EditDistance.closest(to: key, among: keys) { return close }
        guard wanted.count >= 3 else { return nil }
        return keys.first { folded($0).contains(wanted) || wanted.contains(folded($0)) }
    }

    /// What an imported record starts from: every optional field's default.
    public static var blank: Monster {
        Monster(id: 0, name: "", description: "", icon: Monster.defaultIcon, nameColor: .default,
                weapon: Weapon(.sword))
    }

    public static let id = MonsterField(
        key: "id", title: "ID", kind: .integer, isRequired: false,
        value: { .integer($0.id) },
        assign: { monster, value in
            switch value {
            case .integer(let number) where number > 0:
                monster.id = number
                return nil
            case .text(let text):
                if let number = Int64(text), number > 0 {
                    monster.id = number
                    return nil
                }
                return "an id is a whole number from 1 to \(Int64.max), not “\(text)”"
            default:
                return "an id is a whole number from 1 to \(Int64.max), not \(value.text)"
            }
        }
    )

    public static let name = MonsterField(
        key: "name", title: "Name", kind: .text, isRequired: true,
        value: { .text($0.name) },
        assign: { monster, value in
            monster.name = value.text
            return nil
        }
    )

    public static let description = MonsterField(
        key: "description", title: "Description", kind: .text, isRequired: false,
        value: { .text($0.description) },
        assign: { monster, value in
            monster.description = value.text
            return nil
        }
    )

    public static let icon = MonsterField(
        key: "icon", title: "Icon", kind: .text, isRequired: false,
        value: { .text($0.icon) },
        assign: { monster, value in
            monster.icon = value.text
            return nil
        }
    )

    public static let nameColor = MonsterField(
        key: "name_color", title: "Colour", kind: .text, isRequired: false,
        value: { .text($0.nameColor.key) },
        assign: { monster, value in
            // The stored key is the common case: skip the lenient parse.
            if let color = NameColor(rawValue: value.text) ?? NameColor(parsing: value.text) {
                monster.nameColor = color
                return nil
            }
            var message = "unknown colour “\(value.text)”"
            if let suggestion = NameColor.suggestion(for: value.text) {
                message += "; did you mean `\(suggestion.key)`?"
            } else {
                message += "; the colours are \(NameColor.allCases.map(\.key).joined(separator: ", "))"
            }
            return message
        }
    )

    public static let weapon = MonsterField(
        key: "weapon", title: "Weapon", kind: .text, isRequired: true,
        value: { .text($0.weapon.type.key) },
        assign: { monster, value in
            if let type = WeaponType(rawValue: value.text) ?? WeaponType(parsing: value.text) {
                monster.weapon = Weapon(type)
                return nil
            }
            var message = "unknown weapon “\(value.text)”"
            if let suggestion = WeaponType.suggestion(for: value.text) {
                message += "; did you mean `\(suggestion.key)`?"
            } else {
                message += "; the weapons are \(WeaponType.allCases.map(\.key).joined(separator: ", "))"
            }
            return message
        }
    )
}
