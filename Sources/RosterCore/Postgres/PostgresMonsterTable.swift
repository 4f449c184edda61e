/// The SQL that reads and writes monsters in roster's PostgreSQL schema,
/// and how a row (text values, as the protocol sends them) becomes a
/// `Monster`. Every value is a bound parameter (`$1`, `$2`…), never
/// spliced into the text. Column lists come from `MonsterFields.all`, in
/// the order of every format, as in the file's `MonsterTable`.
enum PostgresMonsterTable {
    /// `id, name, description, icon, name_color, weapon, height, origin, activated`.
    static let columns = MonsterFields.keys.joined(separator: ", ")
    static let dataFields = MonsterFields.dataFields
    static let dataColumns = dataFields.map(\.key).joined(separator: ", ")

    /// `$first, $first+1, …` for `count` parameters.
    static func parameters(from first: Int, count: Int) -> String {
        (first..<first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    static let selectAll = "SELECT \(columns) FROM roster.monster ORDER BY id"
    static let selectByWeapon = "SELECT \(columns) FROM roster.monster WHERE weapon = $1 ORDER BY id"
    static let selectByID = "SELECT \(columns) FROM roster.monster WHERE id = $1"
    /// Every statement that writes a key writes the name it was derived
    /// from beside it (`keyed_name`, schema 11, see
    /// `PostgresRosterStore+NameKeys`): `keyed` is false on an older
    /// schema, which a role that may not migrate it still writes.

    /// Binds `values(of:)`, then the id: drawn from the monster sequence
    /// first by `add`, the id a monster had for undo and redo.
    static func insertWithID(keyed: Bool) -> String {
        """
        INSERT INTO roster.monster (\(dataColumns), name_key, id\(keyed ? ", keyed_name" : "")) \
        VALUES (\(parameters(from: 1, count: dataFields.count + 2))\(keyed ? ", $1" : ""))
        """
    }
    /// Binds `values(of:)`, then the id. A name that still reads the same
    /// keeps its stored key: it may be keyed by its id after the name's key
    /// (`NameRekeying.shadowKey`), another monster holding the key itself.
    static func update(keyed: Bool) -> String {
        """
        UPDATE roster.monster SET \(dataFields.enumerated().map { "\($1.key) = $\($0 + 1)" }.joined(separator: ", ")),
        name_key = CASE WHEN split_part(name_key, chr(10), 1) = $\(dataFields.count + 1) THEN name_key ELSE $\(dataFields.count + 1) END\(keyed ? ", keyed_name = $1" : "")
        WHERE id = $\(dataFields.count + 2)
        """
    }
    /// Binds, as arrays of one element per monster, `values(of:)` column
    /// by column, then the ids: any number of monsters in one statement.
    static func updateAll(keyed: Bool) -> String {
        """
        UPDATE roster.monster m SET \(dataFields.map { "\($0.key) = u.\($0.key)" }.joined(separator: ", ")),
        name_key = CASE WHEN split_part(m.name_key, chr(10), 1) = u.name_key THEN m.name_key ELSE u.name_key END\(keyed ? ", keyed_name = u.name" : "")
        FROM unnest(\(dataFields.indices.map { "$\($0 + 1)::text[]" }.joined(separator: ", ")), $\(dataFields.count + 1)::text[],
            $\(dataFields.count + 2)::bigint[]) AS u(\(dataColumns), name_key, id)
        WHERE m.id = u.id
        """
    }
    /// Binds the ids as one array: any number of monsters in one statement,
    /// then `keptMark`. A row the server keeps (a row-level security policy
    /// an owner added on roster.monster deletes nothing, silently) fails
    /// the statement, and with it the whole write: never "removed" told of
    /// a monster still there.
    static let deleteAll = """
        WITH gone AS (DELETE FROM roster.monster WHERE id = ANY($1::bigint[]) RETURNING id)
        SELECT (CASE WHEN count(*) = cardinality($1::bigint[]) THEN '0' ELSE $2 END)::int FROM gone
        """
    /// What the server's refusal of a delete that kept a row quotes.
    static let keptMark = "the server kept a monster roster removed"
    /// After `DELETE FROM` a whole table (a replace import, an undo that
    /// puts a kept roster back), in its transaction: fails with `keptMark`
    /// (bound as $1) when a row stayed, as `deleteAll` does.
    static func noneKept(in table: String) -> String {
        "SELECT (CASE WHEN NOT EXISTS (SELECT 1 FROM \(table)) THEN '0' ELSE $1 END)::int"
    }
    /// Binds, as arrays of one element per monster, `values(of:)` column
    /// by column, then the ids: `insertWithID` for any number of monsters
    /// in one statement, in the arrays' order.
    static func insertAllWithIDs(keyed: Bool) -> String {
        """
        INSERT INTO roster.monster (\(dataColumns), name_key, id\(keyed ? ", keyed_name" : ""))
        SELECT *\(keyed ? ", u.name" : "") FROM unnest(\(dataFields.indices.map { "$\($0 + 1)::text[]" }.joined(separator: ", ")), $\(dataFields.count + 1)::text[],
            $\(dataFields.count + 2)::bigint[]) AS u(\(dataColumns), name_key, id)
        """
    }

    /// The monster whose `columns` start at `first` in `row`. A row
    /// another program wrote past what the model allows reads as it does
    /// from a file: an optional detail the model refuses is unknown.
    static func monster(from row: [String?], startingAt first: Int = 0) throws(RosterError) -> Monster {
        var monster = MonsterFields.blank
        for (index, field) in MonsterFields.all.enumerated() {
            let column = first + index
            let value: FieldValue
            if column >= row.count {
                throw .damaged(path: "a row of roster.monster")
            } else if var text = row[column] {
                // A value in its stored form (`JP`, `2ft4in`) is taken as
                // it is, as the file's reader takes it; only another
                // form, which another program may have written, is read
                // as typed text (for `JP` that built the whole country table).
                if let assignStored = field.assignStored, text.withUTF8({ assignStored(&monster, $0) }) { continue }
                value = field.kind == .integer ? (Int64(text).map(FieldValue.integer) ?? .text(text)) : .text(text)
            } else if field.isNullable {
                value = .null
            } else {
                throw .damaged(path: "a row of roster.monster")
            }
            if field.assign(&monster, value) != nil {
                if field.isNullable { continue }
                throw .damaged(path: "a row of roster.monster")
            }
        }
        return monster
    }

    /// The values bound by `insert` and `update` (before the id): the data
    /// fields as text, then the name's key.
    /// `key`, when given, is stored instead of the name's own key: a
    /// look-alike pair's second monster is keyed by its id (`PairKeys`).
    static func values(of monster: Monster, key: String? = nil) -> [String?] {
        var values: [String?] = dataFields.map { field in
            switch field.value(monster) {
            case .integer(let number): String(number)
            case .text(let text): text
            case .null: nil
            }
        }
        values.append(key ?? MonsterRules.nameKey(monster.name))
        return values
    }
}
