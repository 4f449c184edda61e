/// The roster's schema and the forward migrations that build it.
///
/// `PRAGMA user_version` holds the number of migrations applied and
/// `PRAGMA application_id` marks the file as a roster. Each migration runs
/// inside the same `BEGIN IMMEDIATE` transaction as the version bump, so a
/// file is always at exactly one version.
///
/// Enumerated columns are checked with `OR`ed comparisons rather than
/// `IN (…)`: the same rule, but about three times faster on bulk inserts.
/// The migrations' SQL is frozen in `ShippedMigrations`.
public enum Schema {
    /// "ROST", big-endian.
    public static let applicationID: Int32 = 0x524F_5354

    public struct Migration: Sendable {
        public let version: Int32
        public let summary: String
        let apply: @Sendable (Database) throws -> Void

        init(version: Int32, summary: String, apply: @escaping @Sendable (Database) throws -> Void) {
            self.version = version
            self.summary = summary
            self.apply = apply
        }

        /// A migration that is one shipped script of literal SQL.
        init(version: Int32, summary: String, sql: String) {
            self.init(version: version, summary: summary) { database in try database.execute(sql) }
        }
    }

    /// Every migration, each literal SQL frozen when it shipped (see
    /// `ShippedMigrations`); a new one goes at the end.
    public static let migrations: [Migration] = [
        Migration(version: 1, summary: "create the monster table and add the default roster", sql: ShippedMigrations.version1),
        Migration(version: 2, summary: "add height, origin and activation, and give the default bots theirs", sql: ShippedMigrations.version2),
        Migration(version: 3, summary: "add the history of changes, for undo and redo", sql: ShippedMigrations.version3),
        Migration(version: 4, summary: "key names by how they read, so that look-alike names are one name") { database in
            try NameRekeying.rekey("monster", in: database)
            for table in try snapshotTables(in: database) { try NameRekeying.rekey(table, in: database) }
        },
        Migration(version: 5, summary: "count every change to the monsters, so that undoing an import never overwrites another program's", sql: ShippedMigrations.version5),
        Migration(version: 6, summary: "remember the last change's id, so that a cleared history never gives an id out again", sql: ShippedMigrations.version6),
        Migration(version: 7, summary: "remember the highest monster id ever given, so that no id is given out twice, and when names' keys were last checked") { database in
            try database.execute(ShippedMigrations.version7)
            for table in try snapshotTables(in: database) { try database.execute(ShippedMigrations.version7Snapshot(table)) }
        },
        Migration(version: 8, summary: "index monsters by weapon, so that a filter by weapon reads only its monsters", sql: ShippedMigrations.version8),
        Migration(version: 9, summary: "remember the name each key was derived from, so that keys another program left stale are found in one probe") { database in
            try database.execute(ShippedMigrations.version9)
            for table in try snapshotTables(in: database) { try database.execute(ShippedMigrations.version9Snapshot(table)) }
        },
        Migration(version: 10, summary: "mark a key another program rewrote without its name as stale, so that roster derives it again before a lookup",
                  sql: ShippedMigrations.version10),
        Migration(version: 11, summary: "index monsters by height, origin and activation, so that a sorted list is read a window at a time",
                  sql: ShippedMigrations.version11),
        Migration(version: 12, summary: "derive again a key that is another id's shadow, and every key the upgrade cannot tell is its name's",
                  sql: ShippedMigrations.version12),
    ]

    public static var currentVersion: Int32 { Int32(migrations.count) }

    /// A CHECK that `column` holds one of `values`.
    static func oneOf(_ column: String, _ values: [String]) -> String {
        values.map { "\(column) = '\($0)'" }.joined(separator: " OR ")
    }

    /// The rosters the history keeps for undoing imports (`history_roster_<id>`).
    static func snapshotTables(in database: Database) throws -> [String] {
        try database.prepare("""
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'history_roster_[0-9]*'
            """).rows { $0.text(0) }
    }

    /// Brings `database` up to `currentVersion`. Returns the version it found.
    /// Each migration runs in its own transaction, with its version bump,
    /// so an interrupted upgrade leaves the file at the last version it
    /// finished. `target` is for tests that make files of older versions.
    /// `withoutDefaultRoster`: a file that was there, empty, starts with no
    /// monsters; they go in the transaction that made them, so no program
    /// ever sees them.
    @discardableResult
    static func migrate(_ database: Database, to target: Int32 = currentVersion,
                        withoutDefaultRoster: Bool = false) throws -> Int32 {
        var found: Int32 = 0
        for migration in migrations where migration.version <= target {
            try database.writeTransaction {
                let version = try Int32(truncatingIfNeeded: database.integer("PRAGMA user_version") ?? 0)
                if migration.version == 1 { found = version }
                guard version < migration.version else { return }
                try migration.apply(database)
                if migration.version == 1 && withoutDefaultRoster {
                    try database.execute("DELETE FROM monster")
                }
                try database.execute("PRAGMA application_id = \(applicationID)")
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return found
    }
}
