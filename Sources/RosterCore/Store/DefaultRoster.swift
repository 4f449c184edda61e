/// The roster a new database starts with, read from `Data/default-roster.json`
/// (carried inside the binary).
public enum DefaultRoster {
    public static let fileName = "default-roster.json"

    /// The default monsters, in roster order, with ids 1, 2, 3….
    public static func monsters() throws -> [Monster] {
        guard let bytes = Assets.bytes(named: fileName) else {
            throw RosterError.invalid([FieldProblem(field: "data", message: "the default roster is missing from the build")])
        }
        let document = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        guard case .array(let records)? = document["monsters"]?.value else {
            throw RosterError.invalid([FieldProblem(field: "data", message: "the default roster has no monsters array")])
        }
        return try records.enumerated().map { offset, record in
            func text(_ key: String) throws -> String {
                guard case .string(let value)? = record[key]?.value else {
                    throw RosterError.invalid([FieldProblem(field: key, message: "the default roster's record \(offset + 1) lacks \(key)")])
                }
                return value
            }
            guard let weapon = WeaponType(parsing: try text("weapon")),
                  let color = NameColor(parsing: try text("name_color"))
            else {
                throw RosterError.invalid([FieldProblem(field: "weapon", message: "the default roster's record \(offset + 1) is invalid")])
            }
            func optional(_ key: String) -> String? {
                guard case .string(let value)? = record[key]?.value else { return nil }
                return value
            }
            let monster = Monster(id: Int64(offset + 1), name: try text("name"), description: try text("description"),
                                  icon: try text("icon"), nameColor: color, weapon: Weapon(weapon),
                                  height: optional("height").flatMap(Height.init(parsing:)),
                                  origin: optional("origin"),
                                  activated: optional("activated").flatMap(Timestamp.init(iso8601:)))
            if !monster.problems.isEmpty { throw RosterError.invalid(monster.problems) }
            return monster
        }
    }
}
