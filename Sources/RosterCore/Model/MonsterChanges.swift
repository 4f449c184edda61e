/// The fields of a monster that can be changed; nil leaves one as it is.
///
/// A change is read and set by the monster's own property names, as
/// `changes.description = "MEE-OW"`, for every field of `MonsterFields`
/// but the id: what is set, applied and compared is worked out from that
/// table, so a new field needs no new code here. For the optional fields
/// `.some(nil)` clears the value (`changes.height = .some(nil)`).
@dynamicMemberLookup
public struct MonsterChanges: Hashable, Sendable {
    /// The new values. Only the fields in `changed` mean anything; every
    /// other field keeps the blank monster's value, so that two changes
    /// that set the same values are equal.
    private var values = MonsterFields.blank
    /// The keys of the fields being changed.
    private var changed: Set<String> = []

    public init() {}

    /// The changes to one or more fields, by name: the form callers use.
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

    /// The new value of the monster's field at `property`, nil when it is
    /// not being changed. Setting the id is a programming error.
    public subscript<Value>(dynamicMember property: WritableKeyPath<Monster, Value>) -> Value? {
        get {
            guard let field = Self.field(at: property), changed.contains(field.key) else { return nil }
            return values[keyPath: property]
        }
        set {
            guard let field = Self.field(at: property) else {
                assertionFailure("the id is the store's to give, not a change's")
                return
            }
            if let newValue {
                values[keyPath: property] = newValue
                changed.insert(field.key)
            } else {
                values[keyPath: property] = MonsterFields.blank[keyPath: property]
                changed.remove(field.key)
            }
        }
    }

    /// The new weapon, by its type: what a person chooses.
    public var weapon: WeaponType? {
        get { self[dynamicMember: \Monster.weapon]?.type }
        set { self[dynamicMember: \Monster.weapon] = newValue.map(Weapon.init) }
    }

    public var isEmpty: Bool { changed.isEmpty }

    /// Whether the field with this key is being changed.
    public func sets(_ key: String) -> Bool { changed.contains(key) }

    /// The keys of the fields these changes set, in field order.
    public var fieldKeys: [String] {
        MonsterFields.dataFields.map(\.key).filter(changed.contains)
    }

    /// `monster` with these changes applied.
    public func applied(to monster: Monster) -> Monster {
        var result = monster
        for field in MonsterFields.dataFields where changed.contains(field.key) {
            field.copy(values, &result)
        }
        return result
    }

    /// The changeable field that is the property at `property`.
    private static func field<Value>(at property: WritableKeyPath<Monster, Value>) -> MonsterField? {
        MonsterFields.dataFields.first { ($0.keyPath as AnyKeyPath) == (property as AnyKeyPath) }
    }
}
