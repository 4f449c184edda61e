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
        MonsterFields.all.compactMap { $0.problem?(self) }
    }
}
