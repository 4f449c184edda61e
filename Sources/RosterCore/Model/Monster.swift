/// A monster on the roster.
public struct Monster: Hashable, Sendable {
    /// The row id: stable, assigned by the store, ordering the roster.
    public var id: Int64
    public var name: String
    public var description: String
    /// An image asset name such as `meetcatbot.png`.
    public var icon: String
    public var nameColor: NameColor
    public var weapon: Weapon
    /// How tall it is, when known.
    public var height: Height?
    /// Its country of origin's two-letter ISO 3166 code, when known.
    public var origin: String?
    /// When it was activated, when known.
    public var activated: Timestamp?

    public init(id: Int64, name: String, description: String, icon: String, nameColor: NameColor, weapon: Weapon,
                height: Height? = nil, origin: String? = nil, activated: Timestamp? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.icon = icon
        self.nameColor = nameColor
        self.weapon = weapon
        self.height = height
        self.origin = origin
        self.activated = activated
    }

    /// Its country of origin, when known.
    public var country: Country? { origin.flatMap(Countries.country(code:)) }

    /// The icon new monsters get when none is given.
    public static let defaultIcon = "unknown.png"

    /// Every field problem of this monster, in field order; empty when valid.
    public var problems: [FieldProblem] {
        var found: [FieldProblem] = []
        if let problem = MonsterRules.nameProblem(name) { found.append(problem) }
        if let problem = MonsterRules.descriptionProblem(description) { found.append(problem) }
        if let problem = MonsterRules.iconProblem(icon) { found.append(problem) }
        if let problem = MonsterRules.originProblem(origin) { found.append(problem) }
        return found
    }
}

/// The fields of a monster that can be changed; nil leaves one as it is.
public struct MonsterChanges: Hashable, Sendable {
    public var name: String?
    public var description: String?
    public var icon: String?
    public var nameColor: NameColor?
    public var weapon: WeaponType?
    /// For the optional fields, `.some(nil)` clears the value.
    public var height: Height??
    public var origin: String??
    public var activated: Timestamp??

    public init(name: String? = nil, description: String? = nil, icon: String? = nil,
                nameColor: NameColor? = nil, weapon: WeaponType? = nil,
                height: Height?? = nil, origin: String?? = nil, activated: Timestamp?? = nil) {
        self.name = name
        self.description = description
        self.icon = icon
        self.nameColor = nameColor
        self.weapon = weapon
        self.height = height
        self.origin = origin
        self.activated = activated
    }

    public var isEmpty: Bool {
        name == nil && description == nil && icon == nil && nameColor == nil && weapon == nil
            && height == nil && origin == nil && activated == nil
    }

    /// `monster` with these changes applied.
    public func applied(to monster: Monster) -> Monster {
        var changed = monster
        if let name { changed.name = name }
        if let description { changed.description = description }
        if let icon { changed.icon = icon }
        if let nameColor { changed.nameColor = nameColor }
        if let weapon { changed.weapon = Weapon(weapon) }
        if let height { changed.height = height }
        if let origin { changed.origin = origin }
        if let activated { changed.activated = activated }
        return changed
    }
}
