/// The SQL that reads and writes monsters, in one place, and how a row
/// becomes a `Monster`. Column lists come from `MonsterFields.all`, so a
/// new field needs only its table entry and a migration.
enum MonsterTable {
    /// The columns in output order: `id, name, description, icon, name_color,
    /// weapon, height, origin, activated`.
    static let columns = MonsterFields.keys.joined(separator: ", ")

    /// Every field but the id, which the store assigns.
    static let dataFields = MonsterFields.dataFields
    static let dataColumns = dataFields.map(\.key).joined(separator: ", ")
    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    static let selectAll = "SELECT \(columns) FROM monster ORDER BY id"
    static let selectByWeapon = "SELECT \(columns) FROM monster WHERE weapon = ? ORDER BY id"
    static let selectByNameKey = "SELECT \(columns) FROM monster WHERE name_key = ?"
    /// The monster keyed `?1` and those whose names read the same but
    /// were keyed by id after it (`NameRekeying.shadowKey`): bind the key
    /// and the key followed by U+000B. Keys hold no control character but
    /// that newline, so the range holds nothing else.
    /// The range reads the index; only the key itself and each row's own
    /// shadow of it (`NameRekeying.shadowKey`) are kept, so that a key
    /// another program wrote inside the range is never taken for the name.
    static let selectByNameKeyAndShadows = """
        SELECT \(columns) FROM monster WHERE name_key >= ?1 AND name_key < ?2
        AND (name_key = ?1 OR name_key = ?1 || char(10) || id) ORDER BY id
        """
    static let selectByID = "SELECT \(columns) FROM monster WHERE id = ?"
    /// Binds `values(of:)`. Every statement that writes a key writes the
    /// name it was derived from beside it (`keyed_name`, see `NameKeyCheck`):
    /// the name's own parameter again (the name is the first data field).
    static let insert = """
        INSERT INTO monster (\(dataColumns), name_key, keyed_name) VALUES (\(placeholders(dataFields.count + 1)), ?1)
        """
    /// Binds `values(of:)`, then the id (NULL lets SQLite choose one).
    static let insertWithID = """
        INSERT INTO monster (\(dataColumns), name_key, id, keyed_name) VALUES (\(placeholders(dataFields.count + 2)), ?1)
        """
    /// `insertWithID` for `rows` rows in one statement: each row's
    /// values, then its id, one row after another.
    static func insertWithID(rows: Int) -> String {
        let width = dataFields.count + 2
        return "INSERT INTO monster (\(dataColumns), name_key, id, keyed_name) VALUES "
            + (0..<rows).map { row in
                let first = row * width + 1
                return "(" + (first..<first + width).map { "?\($0)" }.joined(separator: ", ") + ", ?\(first))"
            }.joined(separator: ", ")
    }
    /// Binds `values(of:)`, then the id. A name that still reads the same
    /// keeps its stored key, as on PostgreSQL: it may be keyed by its id
    /// after the name's key (`NameRekeying.shadowKey`), the other monster
    /// of a look-alike pair holding the key itself, and writing the plain
    /// key over it would collide with that monster's.
    static let update = """
        UPDATE monster SET \(dataFields.enumerated().map { "\($1.key) = ?\($0 + 1)" }.joined(separator: ", ")),
        name_key = CASE WHEN substr(name_key, 1, instr(name_key || char(10), char(10)) - 1) = ?\(dataFields.count + 1)
            THEN name_key ELSE ?\(dataFields.count + 1) END, keyed_name = ?1
        WHERE id = ?\(dataFields.count + 2)
        """
    static let updateWeapon = "UPDATE monster SET weapon = ? WHERE id = ?"
    static let delete = "DELETE FROM monster WHERE id = ?"

    /// The most bytes a stored text of any field can hold.
    static let longestText = MonsterRules.descriptionCodePointLimit * 4

    static func monster(from row: Row) throws -> Monster {
        try monster(from: row, startingAt: 0)
    }

    /// The monster whose `columns` start at column `first` of `row`
    /// (the history keeps a before and an after side in one row).
    static func monster(from row: Row, startingAt first: Int32) throws -> Monster {
        var monster = MonsterFields.blank
        for (index, field) in MonsterFields.all.enumerated() {
            let column = first + Int32(index)
            // No field's text is longer than a description's most code
            // points at four bytes each: a longer value was planted past
            // the table's checks (a 100 MB description took the interface
            // 3.2 GB, and each change copied it into the history twice).
            // Measured before it is read.
            if field.kind == .text, row.byteCount(column) > longestText {
                throw RosterError.unreadableValue(id: row.int(first), field: field.key,
                                                  value: row.withUTF8(column) { String(decoding: $0.prefix(64), as: UTF8.self) } + "…")
            }
            let value: FieldValue = if field.isNullable && row.isNull(column) {
                .null
            } else if field.kind == .integer {
                .integer(row.int(column))
            } else {
                .text(row.text(column))
            }
            if field.assign(&monster, value) != nil {
                // An optional detail the model refuses (`99ft99in`, a code no
                // country has) passes the columns' shape checks if another
                // program wrote it: it reads as unknown rather than making
                // the whole roster unreadable.
                if field.isNullable { continue }
                // For the other fields the CHECK constraints make this
                // impossible unless the file was edited with the checks off:
                // told as that value, not as a damaged file.
                let id = row.int(first)
                let text: String = switch value {
                case .text(let text): String(text.unicodeScalars.prefix(64).map(Character.init))
                case .integer(let number): String(number)
                case .null: "NULL"
                }
                throw RosterError.unreadableValue(id: id, field: field.key, value: text)
            }
        }
        return monster
    }

    /// The values bound by `insert` and `update` (before the id).
    static func values(of monster: Monster) -> [SQLValue] {
        var values: [SQLValue] = dataFields.map { field in
            switch field.value(monster) {
            case .integer(let number): .integer(number)
            case .text(let text): .text(text)
            case .null: .null
            }
        }
        values.append(.text(MonsterRules.nameKey(monster.name)))
        return values
    }
}
