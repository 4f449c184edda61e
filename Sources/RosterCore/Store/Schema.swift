/// The roster's schema and the forward migrations that build it.
///
/// `PRAGMA user_version` holds the number of migrations applied and
/// `PRAGMA application_id` marks the file as a roster. Each migration runs
/// inside the same `BEGIN IMMEDIATE` transaction as the version bump, so a
/// file is always at exactly one version.
///
/// Enumerated columns are checked with `OR`ed comparisons rather than
/// `IN (…)`: the same rule, but about three times faster on bulk inserts.
public enum Schema {
    /// "ROST", big-endian.
    public static let applicationID: Int32 = 0x524F_5354

    public struct Migration: Sendable {
        public let version: Int32
        public let summary: String
        let apply: @Sendable (Database) throws -> Void
    }

    public static let migrations: [Migration] = [
        Migration(version: 1, summary: "create the monster table and add the default roster") { database in
            try database.execute(createMonsterTableV1)
            try DefaultRoster.insert(into: database)
        },
        Migration(version: 2, summary: "add height, origin and activation, and give the default bots theirs") { database in
            try database.execute(addVersion2Columns)
            try DefaultRoster.fillVersion2Fields(in: database)
        },
        Migration(version: 3, summary: "add the history of changes, for undo and redo") { database in
            try database.execute(HistoryTable.createVersion3)
        },
        Migration(version: 4, summary: "key names by how they read, so that look-alike names are one name") { database in
            try NameRekeying.rekey("monster", in: database)
            let snapshots = try database.prepare("""
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'history_roster_[0-9]*'
                """).rows { $0.text(0) }
            for table in snapshots { try NameRekeying.rekey(table, in: database) }
        },
        Migration(version: 5, summary: "count every change to the monsters, so that undoing an import never overwrites another program's") { database in
            try database.execute(OutsideChanges.createVersion5)
        },
        Migration(version: 6, summary: "remember the last change's id, so that a cleared history never gives an id out again") { database in
            try database.execute(HistoryTable.createVersion6)
        },
    ]

    public static var currentVersion: Int32 { Int32(migrations.count) }

    /// A CHECK that `column` holds one of `values`.
    static func oneOf(_ column: String, _ values: [String]) -> String {
        values.map { "\(column) = '\($0)'" }.joined(separator: " OR ")
    }

    // Lengths are checked generously in SQL (code points, not characters);
    // the exact rules live in `MonsterRules` and are applied before any write.
    static let createMonsterTableV1 = """
        CREATE TABLE monster (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 512),
            name_key    TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2240),
            icon        TEXT NOT NULL CHECK (length(icon) BETWEEN 5 AND 64),
            name_color  TEXT NOT NULL DEFAULT 'default'
                        CHECK (\(oneOf("name_color", NameColor.allCases.map(\.key)))),
            weapon      TEXT NOT NULL
                        CHECK (\(oneOf("weapon", WeaponType.allCases.map(\.key))))
        ) STRICT;
        CREATE UNIQUE INDEX monster_name_key ON monster (name_key);
        """

    // Optional fields, NULL when unknown. The exact forms (a height in
    // range, a known country) are the model's rules; SQL keeps the shape.
    static let addVersion2Columns = """
        ALTER TABLE monster ADD COLUMN height TEXT CHECK (height GLOB '[0-9]*ft[0-9]*in' AND length(height) <= 8);
        ALTER TABLE monster ADD COLUMN origin TEXT CHECK (length(origin) = 2);
        ALTER TABLE monster ADD COLUMN activated TEXT
            CHECK (activated GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z');
        """

    /// Brings `database` up to `currentVersion`. Returns the version it found.
    /// Each migration runs in its own transaction, with its version bump,
    /// so an interrupted upgrade leaves the file at the last version it
    /// finished. `target` is for tests that make files of older versions.
    @discardableResult
    static func migrate(_ database: Database, to target: Int32 = currentVersion) throws -> Int32 {
        var found: Int32 = 0
        for migration in migrations where migration.version <= target {
            try database.writeTransaction {
                let version = try Int32(truncatingIfNeeded: database.integer("PRAGMA user_version") ?? 0)
                if migration.version == 1 { found = version }
                guard version < migration.version else { return }
                try migration.apply(database)
                try database.execute("PRAGMA application_id = \(applicationID)")
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return found
    }
}
