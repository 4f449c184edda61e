/// The SQL that reads and writes monsters, in one place, and how a row
/// becomes a `Monster`.
enum MonsterTable {
    /// The columns in output order: `id, name, description, icon, name_color, weapon`.
    static let columns = "id, name, description, icon, name_color, weapon"

    static let selectAll = "SELECT \(columns) FROM monster ORDER BY id"
    static let selectByWeapon = "SELECT \(columns) FROM monster WHERE weapon = ? ORDER BY id"
    static let selectByNameKey = "SELECT \(columns) FROM monster WHERE name_key = ?"
    static let selectByID = "SELECT \(columns) FROM monster WHERE id = ?"
    static let insert = """
        INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
        VALUES (?, ?, ?, ?, ?, ?)
        """
    static let update = """
        UPDATE monster SET name = ?, name_key = ?, description = ?, icon = ?, name_color = ?, weapon = ?
        WHERE id = ?
        """
    static let updateWeapon = "UPDATE monster SET weapon = ? WHERE id = ?"
    static let delete = "DELETE FROM monster WHERE id = ?"

    static func monster(from row: Row) throws -> Monster {
        guard let color = NameColor(rawValue: row.text(4)), let weapon = WeaponType(rawValue: row.text(5)) else {
            // The CHECK constraints make this impossible unless the file was
            // edited with the checks turned off.
            throw DatabaseError(extendedCode: 11, message: "a monster row holds an unknown colour or weapon")
        }
        return Monster(id: row.int(0), name: row.text(1), description: row.text(2), icon: row.text(3),
                       nameColor: color, weapon: Weapon(weapon))
    }

    /// The values bound by `insert` (and by `update`, before its id).
    static func values(of monster: Monster) -> [SQLValue] {
        [.text(monster.name), .text(MonsterRules.nameKey(monster.name)), .text(monster.description),
         .text(monster.icon), .text(monster.nameColor.key), .text(monster.weapon.type.key)]
    }
}
