import TextSafety

/// The fields of a monster as every format sees them, in one table.
///
/// Exports (JSON, NDJSON, CSV, Markdown, HTML), imports, the store's SQL,
/// `list`, the model's rules (`Monster.problems`), `MonsterChanges` and
/// the words a change is told in (`ChangeWording`) all walk this table, so
/// a new field (height, origin, …) is added here, to `Monster` and to a
/// migration — not to each writer, reader and summary. The order of the
/// table is the fixed key order of every format.
public enum MonsterFields {
    /// Every field, in the fixed order of every format:
    /// `id, name, description, icon, name_color, weapon, height, origin, activated`.
    public static let all: [MonsterField] = [id, name, description, icon, nameColor, weapon, height, origin, activated]

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
        if let synonym = synonyms[wanted] { return synonym }
        if let exact = keys.first(where: { folded($0) == wanted }) { return exact }
        if let close = EditDistance.closest(to: key, among: keys) { return close }
        guard wanted.count >= 3 else { return nil }
        return keys.first { folded($0).contains(wanted) || wanted.contains(folded($0)) }
    }

    /// Other words people use for a field, folded.
    private static let synonyms = ["country": "origin", "countryoforigin": "origin", "activation": "activated",
                                   "activatedat": "activated", "activationdate": "activated"]

    /// Why a value is not an id a filter can name (`given` as it was
    /// written): a stored id may be any integer SQLite keeps, one another
    /// program wrote included.
    public static func idRule(not given: String) -> String {
        "an id is a whole number from \(Int64.min) to \(Int64.max), not \(given)"
    }

    /// Why a value is not an id an import takes (`given` as the input wrote
    /// it): the same sentence for a CSV cell, a JSON number of any size or
    /// form, and a whole number past the bound, naming the bound roster
    /// keeps (`largestExactID`), not the widest integer it could read.
    public static func importedIDRule(not given: String) -> String {
        "an id is a whole number at most \(largestExactID) either side of 0, the largest every JSON reader keeps exact, not \(given)"
    }

    /// The largest id an import takes, either side of 0: 2^53 - 1, the
    /// largest whole number every JSON reader keeps exact. A planted
    /// 9223372036854775807 stopped every later add, even after undo.
    public static let largestExactID: Int64 = 9_007_199_254_740_991

    /// Why an imported id beyond `largestExactID` is refused, else nil.
    public static func idBeyondExact(_ id: Int64) -> String? {
        id.magnitude <= largestExactID.magnitude ? nil : importedIDRule(not: "\(id)")
    }

    /// A record (an import's, a line of a weapon batch) that lacks a
    /// required field: the same sentence in every format.
    public static func missing(_ key: String) -> String {
        "the record has no \(key)"
    }

    /// What an imported record starts from: every optional field's default.
    public static var blank: Monster {
        Monster(id: 0, name: "", description: "", icon: Monster.defaultIcon, nameColor: .default,
                weapon: Weapon(.sword))
    }

    public static let id = MonsterField(
        key: "id", title: "ID", property: \.id,
        kind: .integer, isRequired: false,
        value: { .integer($0.id) },
        assign: { monster, value in
            switch value {
            // Any integer SQLite can store: another program may have
            // written 0 or a negative id, and such a roster still reads,
            // exports and imports back.
            case .integer(let number):
                monster.id = number
                return nil
            case .text(let text):
                if let number = Int64(text) {
                    monster.id = number
                    return nil
                }
                // A whole number too wide to read is told as the
                // numbers past the bound are, without quotes.
                let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
                let wholeNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
                return importedIDRule(not: wholeNumber ? text : Quote.code(text))
            default:
                return importedIDRule(not: value.text)
            }
        },
        assignStored: { monster, bytes in
            guard let number = storedID(bytes) else { return false }
            monster.id = number
            return true
        }
    )

    /// The id written as `String(id)` writes it (`0`, `42`, `-7`, at most
    /// 15 digits, so that it is within `largestExactID`): a CSV import's ids, read
    /// without a String. Anything else is read the lenient way.
    static func storedID(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
        guard let first = digits.first, (1...15).contains(digits.count),
              first != UInt8(ascii: "0") || (digits.count == 1 && !negative) else { return nil }
        var number: Int64 = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            number = number * 10 + Int64(digit)
        }
        return negative ? -number : number
    }

    // A name, a description and an icon are free text: assigned as given,
    // stored as their UTF-8, judged only by their rules in `MonsterRules`.

    public static let name = freeText(
        key: "name", title: "Name", property: \.name, isRequired: true,
        read: { $0.name }, write: { $0.name = $1 },
        problem: { MonsterRules.nameProblem($0) },
        // Free text, quoted as a description is: a name may hold `, `.
        told: { "\(Quote.code($0))" }
    )

    public static let description = freeText(
        key: "description", title: "Description", property: \.description, isRequired: false,
        read: { $0.description }, write: { $0.description = $1 },
        problem: { MonsterRules.descriptionProblem($0) },
        // Quoted, since a description is free text; an empty one is none.
        told: { $0.isEmpty ? "(none)" : "\(Quote.code($0))" }
    )

    public static let icon = freeText(
        key: "icon", title: "Icon", property: \.icon, isRequired: false,
        read: { $0.icon }, write: { $0.icon = $1 },
        problem: { MonsterRules.iconProblem($0) }
    )

    /// A field of free text, read and written through `read` and `write`
    /// rather than its key path, which costs more on every row.
    private static func freeText(
        key: String, title: String, property: @escaping @autoclosure @Sendable () -> WritableKeyPath<Monster, String> & Sendable,
        isRequired: Bool, read: @escaping @Sendable (Monster) -> String, write: @escaping @Sendable (inout Monster, String) -> Void,
        problem: @escaping @Sendable (String) -> FieldProblem?, told: (@Sendable (String) -> String)? = nil
    ) -> MonsterField {
        var toldValue: (@Sendable (Monster) -> String)?
        if let told { toldValue = { monster in told(read(monster)) } }
        return MonsterField(
            key: key, title: title, property: property(),
            kind: .text, isRequired: isRequired,
            value: { .text(read($0)) },
            assign: { monster, value in
                write(&monster, value.text)
                return nil
            },
            appendStored: { monster, layout in withUTF8Bytes(of: read(monster)) { layout.append($0) } },
            problem: { problem(read($0)) },
            told: toldValue
        )
    }

    public static let nameColor = MonsterField(
        key: "name_color", title: "Colour", property: \.nameColor,
        kind: .text, isRequired: false,
        value: { .text($0.nameColor.key) },
        assign: { monster, value in
            // The stored key is the common case: skip the lenient parse.
            switch NameColor(rawValue: value.text).map(Result.success) ?? NameColor.reading(value.text) {
            case .success(let color):
                monster.nameColor = color
                return nil
            case .failure(let problem):
                return problem.message
            }
        },
        assignStored: { monster, bytes in
            guard let color = NameColor.storedKeys.value(of: bytes) else { return false }
            monster.nameColor = color
            return true
        },
        appendStored: { monster, layout in
            if !NameColor.storedKeys.withKey(of: monster.nameColor, { layout.append($0) }) { withUTF8Bytes(of: monster.nameColor.key) { layout.append($0) } }
        },
        // As the interface and `show` name it, like a weapon: `Blue`.
        told: { $0.nameColor.displayName }
    )

    public static let weapon = MonsterField(
        key: "weapon", title: "Weapon", property: \.weapon,
        kind: .text, isRequired: true,
        value: { .text($0.weapon.type.key) },
        assign: { monster, value in
            switch WeaponType(rawValue: value.text).map(Result.success) ?? WeaponType.reading(value.text) {
            case .success(let type):
                monster.weapon = Weapon(type)
                return nil
            case .failure(let problem):
                return problem.message
            }
        },
        assignStored: { monster, bytes in
            guard let type = WeaponType.storedKeys.value(of: bytes) else { return false }
            monster.weapon = Weapon(type)
            return true
        },
        appendStored: { monster, layout in
            if !WeaponType.storedKeys.withKey(of: monster.weapon.type, { layout.append($0) }) { withUTF8Bytes(of: monster.weapon.type.key) { layout.append($0) } }
        },
        // People read the glyph and the name; the key is in the data formats.
        readable: { $0.weapon.label },
        told: { $0.weapon.type.displayName }
    )

    // The optional fields below are unknown (`.null`) until given. The
    // stored form is tried first: it is what the store and nearly every
    // imported record hold, and needs no lenient parse.

    public static let height = MonsterField(
        key: "height", title: "Height", property: \.height,
        kind: .text, isRequired: false, isNullable: true,
        value: { $0.height.map { .text($0.key) } ?? .null },
        assign: { monster, value in
            assignOptional(&monster.height, value, Height.reading)
        },
        assignStored: { monster, bytes in
            guard let height = Height(storedBytes: bytes) else { return false }
            monster.height = height
            return true
        },
        appendStored: { monster, layout in
            guard let height = monster.height else { return layout.appendNull() }
            height.withKeyBytes { layout.append($0) }
        },
        readable: { $0.height?.displayName ?? "" },
        told: { $0.height?.displayName ?? "unknown" }
    )

    public static let origin = MonsterField(
        key: "origin", title: "Origin", property: \.origin,
        kind: .text, isRequired: false, isNullable: true,
        value: { $0.origin.map { .text($0) } ?? .null },
        assign: { monster, value in
            assignOptional(&monster.origin, value) { text in
                Country.reading(text).map(\.code)
            }
        },
        assignStored: { monster, bytes in
            guard Countries.isStoredCode(bytes) else { return false }
            monster.origin = String(decoding: bytes, as: UTF8.self)
            return true
        },
        appendStored: { monster, layout in
            guard let origin = monster.origin else { return layout.appendNull() }
            withUTF8Bytes(of: origin) { layout.append($0) }
        },
        readable: { $0.country?.name ?? $0.origin ?? "" },
        problem: { MonsterRules.originProblem($0.origin) },
        told: { $0.country?.description ?? $0.origin ?? "unknown" }
    )

    public static let activated = MonsterField(
        key: "activated", title: "Activated", property: \.activated,
        kind: .text, isRequired: false, isNullable: true,
        // Kept to the minute wherever it is written, as it is read, so a
        // moment given with seconds through the API is stored as shown.
        value: { $0.activated.map { .text($0.toTheMinute.iso8601) } ?? .null },
        assign: { monster, value in
            assignOptional(&monster.activated, value, Timestamp.reading(exact:))
        },
        assignStored: { monster, bytes in
            guard let activated = Timestamp(storedBytes: bytes) else { return false }
            // To the minute, as `assign` reads it: the stored form may
            // carry seconds another program wrote (`06:15:05Z`).
            monster.activated = activated.toTheMinute
            return true
        },
        appendStored: { monster, layout in
            guard let activated = monster.activated else { return layout.appendNull() }
            activated.toTheMinute.withISO8601Bytes { layout.append($0) }
        },
        readable: { $0.activated?.utcDisplay ?? "" },
        told: { $0.activated?.localDisplay ?? "unknown" },
        toldExactly: { $0.activated?.iso8601 ?? "unknown" }
    )

    /// Sets an optional field from a value: unknown for `.null`, else what
    /// `read` makes of the text, or the sentence saying why it cannot.
    private static func assignOptional<Value>(_ field: inout Value?, _ value: FieldValue,
                                              _ read: (String) -> Result<Value, ValueProblem>) -> String? {
        switch value {
        case .null:
            field = nil
            return nil
        case .integer(let number):
            return "expected text, not the number \(number)"
        case .text(let text):
            switch read(text) {
            case .success(let parsed):
                field = parsed
                return nil
            case .failure(let problem):
                return problem.message
            }
        }
    }
}
