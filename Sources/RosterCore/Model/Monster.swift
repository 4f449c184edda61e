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

    public init(id: Int64, name: String, description: String, icon: String, nameColor: NameColor, weapon: Weapon) {
        self.id = id
        self.name = name
        self.description = description
        self.icon = icon
        self.nameColor = nameColor
        self.weapon = weapon
    }

    /// The icon new monsters get when none is given.
    public static let defaultIcon = "unknown.png"

    /// Every field problem of this monster, in field order; empty when valid.
    public var problems: [FieldProblem] {
        var found: [FieldProblem] = []
        if let problem = MonsterRules.nameProblem(name) { found.append(problem) }
        if let problem = MonsterRules.descriptionProblem(description) { found.append(problem) }
        if let problem = MonsterRules.iconProblem(icon) { found.append(problem) }
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

    public init(name: String? = nil, description: String? = nil, icon: String? = nil,
                nameColor: NameColor? = nil, weapon: WeaponType? = nil) {
        self.name = name
        self.description = description
        self.icon = icon
        self.nameColor = nameColor
        self.weapon = weapon
    }

    public var isEmpty: Bool {
        name == nil && description == nil && icon == nil && nameColor == nil && weapon == nil
    }

    /// `monster` with these changes applied.
    public func applied(to monster: Monster) -> Monster {
        var changed = monster
        if let name { changed.name = name }
        if let description { changed.description = description }
        if let icon { changed.icon = icon }
        if let nameColor { changed.nameColor = nameColor }
        if let weapon { changed.weapon = Weapon(weapon) }
        return changed
    }
}
