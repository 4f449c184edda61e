import PostgresWire
import TextSafety

/// Opening a PostgreSQL roster: the server's encoding, roster's version
/// marker, and the migrations that make or upgrade the schema, each in one
/// transaction under the migration lock (see `PostgresSchema`).
extension PostgresRosterStore {
    /// Checks the server's encoding, then reads the marker and makes or
    /// upgrades the schema when needed; for an ordinary opening, the
    /// marker is read with the first request instead (see
    /// `runReadingMarker`). False when there is no schema and `creating`
    /// is `.never`.
    func prepare(creating: Creating) throws(RosterError) -> Bool {
        if let encoding = connection.serverParameters["server_encoding"], encoding != "UTF8" {
            throw .serverRefused("the database at \(name) stores text as \(encoding); roster needs a database created with ENCODING 'UTF8'")
        }
        if creating == .withFirstRequest {
            // Read with the first request's statements, a round trip saved.
            markerUnread = true
            return true
        }
        return try prepareSchema(creating: creating)
    }

    /// Reads the marker, in a round trip of its own, and makes or upgrades
    /// the schema when needed (false when there is none and `creating` is
    /// `.never`).
    func prepareSchema(creating: Creating) throws(RosterError) -> Bool {
        var version = try guarded { try markedVersion() }
        if version == nil {
            switch creating {
            case .never: return false
            case .byImport:
                schemaMadeByImport = true
                return true
            case .withDefaultRoster, .withFirstRequest: break
            }
        }
        if (version ?? 0) < PostgresSchema.currentVersion {
            do throws(RosterError) {
                try guarded { try migrate() }
            } catch let refusal where Self.isPermissionRefusal(refusal) && (version ?? 0) >= PostgresSchema.oldestCompatibleVersion {
                // A role that may not change the schema (a reader, a writer
                // without ownership) works on the version it finds: the
                // later migrations only add what this one can do without.
            }
            version = try guarded { try markedVersion() }
        }
        guard let version else { throw .foreignSchema(server: name) }
        if version > PostgresSchema.currentVersion {
            throw .newerDatabase(path: name, version: version)
        }
        schemaVersion = version
        return true
    }

    /// Sends `batch` with the marker's read just before its last statement,
    /// in one round trip. When the marker says the schema is roster's, at
    /// this version, the batch's answer stands. Otherwise nothing of the
    /// batch stays: a missing schema fails the marker's read, so nothing
    /// after it ran, and what ran before it is rolled back (every write
    /// sends BEGIN first). The schema is then opened the long way (made,
    /// migrated, or refused in one sentence), and the batch sent again.
    /// Returns the batch's results, one per statement (the marker's left
    /// out). `rebuilt` makes the batch again for the version found, for a
    /// batch built for the newest schema (see `runBatch`): a role that may
    /// not upgrade an older one works on it, as the release before did.
    func runReadingMarker(_ batch: [BoundStatement], rebuilt: (() -> [BoundStatement])? = nil) throws -> [QueryResult] {
        var withMarker = batch
        withMarker.insert(BoundStatement(PostgresSchema.readMarker), at: batch.count - 1)
        let answered: Result<[QueryResult], PostgresError> = Result { () throws(PostgresError) in try connection.execute(withMarker) }
        switch answered {
        case .success(let results):
            let marker = results[batch.count - 1].rows
            if marker.count == 1, marker[0].count == 2, marker[0][0] == PostgresSchema.application,
               marker[0][1] == String(PostgresSchema.currentVersion) {
                markerUnread = false
                var answers = results
                answers.remove(at: batch.count - 1)
                return answers
            }
        case .failure(let error):
            // No schema, or not roster's, is opened the long way below.
            guard case .server(let failure) = error, Self.meansNoMarker(failure.sqlState) else { throw error }
        }
        if connection.transactionStatus != .idle { try connection.simpleQuery("ROLLBACK") }
        markerUnread = false
        _ = try prepareSchema(creating: .withDefaultRoster)
        return try connection.execute(rebuilt?() ?? batch)
    }

    /// For a request that does not go through `run` (a streamed read): the
    /// marker in a round trip of its own, first.
    func readMarkerIfUnread() throws(RosterError) {
        guard markerUnread else { return }
        markerUnread = false
        _ = try prepareSchema(creating: .withDefaultRoster)
    }

    /// The answers to reading the marker that mean there is no roster
    /// schema (or one that is not roster's).
    static func meansNoMarker(_ state: SQLState) -> Bool {
        state == .undefinedTable || state == .invalidSchemaName || state == SQLState("42703")
    }

    /// Whether `error` is the server refusing a role the right to change
    /// the schema.
    static func isPermissionRefusal(_ error: RosterError) -> Bool {
        switch error {
        case .cannotOpen, .readOnly, .notPermitted: true
        default: false
        }
    }

    /// The schema's version; nil when there is no schema `roster`, or an
    /// empty one (a database administrator may make it for roster); throws
    /// `foreignSchema` when it holds things but no marker of roster's.
    ///
    /// Each statement sees what was committed when it began: another
    /// roster building the schema may commit between the marker's read and
    /// the count of what the schema holds. Its tables and marker appear
    /// together, so tables without a marker are read for the marker once
    /// more before the schema is called another's (`objectsSeen`).
    func markedVersion(objectsSeen: Bool = false) throws -> Int32? {
        do {
            let result = try connection.query(PostgresSchema.readMarker)
            guard result.rows.count == 1, let row = result.rows.first, row.count == 2,
                  row[0] == PostgresSchema.application, let version = row[1].flatMap({ Int32($0) }) else {
                throw RosterError.foreignSchema(server: name)
            }
            return version
        } catch let error as PostgresError {
            guard case .server(let server) = error else { throw error }
            switch server.sqlState {
            case let state where Self.meansNoMarker(state):
                guard try schemaObjectCount() > 0 else { return nil }
                if objectsSeen { throw RosterError.foreignSchema(server: name) }
                return try markedVersion(objectsSeen: true)
            default:
                throw error
            }
        }
    }

    /// How many tables, sequences, views… the schema `roster` holds (0 when there is none).
    func schemaObjectCount() throws -> Int {
        try connection.query(PostgresSchema.inspectSchema).firstValue.flatMap { Int($0) } ?? 0
    }

    /// For an import into a database that had no roster when it was
    /// opened: makes the schema, every migration and no default monster,
    /// inside the import's write transaction (after BEGIN and the write
    /// lock), under the migration lock. Rolled back with the import, so a
    /// failed import or a dry run leaves no schema. Another program may
    /// have made it since the store opened: then the import goes into that
    /// roster, as into any. `locking`: the write lock is taken once the
    /// schema is there (the write's opening could not lock a table that
    /// did not exist yet). True when this import made the schema (the
    /// import says so once it has committed, as a first run does).
    func makeSchemaForImport(locking: Bool) throws -> Bool {
        guard schemaMadeByImport else { return false }
        try takeMigrationLock { sql, values in _ = try run(sql, values) }
        defer { if locking { queue.queueOpening(BoundStatement(PostgresSchema.writeLock)) } }
        if try run("SELECT to_regclass('roster.roster_schema') IS NOT NULL").firstValue == "t" { return false }
        if try schemaObjectCount() > 0 { throw RosterError.foreignSchema(server: name) }
        try refuseSchemaOthersControl()
        for migration in PostgresSchema.migrations { try connection.simpleQuery(migration.sql) }
        try run("UPDATE roster.roster_schema SET version = $1", [String(PostgresSchema.currentVersion)])
        try run(Self.noteNameKeysChecked, [String(NameFolding.revision)])
        return true
    }

    /// Makes the schema, or runs each migration it lacks, under the
    /// migration lock; the version is read again under the lock, as
    /// another program may have migrated first. A new schema is made whole
    /// in one transaction (every migration, the default roster, the noted
    /// keys), so that nothing of it stays when any part fails, and it is
    /// told only once that transaction has committed; an older schema takes
    /// each migration in a transaction of its own with its version bump.
    func migrate() throws {
        var upgraded = false
        while true {
            let (finished, seeded) = try connection.transaction { () throws -> (Bool, Int) in
                try takeMigrationLock { sql, values in _ = try connection.query(sql, values) }
                // Asked without a failing statement, which would abort the transaction.
                let marked = try connection.query("SELECT to_regclass('roster.roster_schema') IS NOT NULL").firstValue == "t"
                let found = marked ? try markedVersion() ?? 0 : try schemaObjectCount() > 0 ? -1 : 0
                if found < 0 { throw RosterError.foreignSchema(server: name) }
                guard found < PostgresSchema.currentVersion else { return (true, 0) }
                guard found == 0 else {
                    let migration = PostgresSchema.migrations[Int(found)]
                    if found < 13, let built = try connection.query(PostgresSchema.builtUpTo13).firstValue.flatMap({ Int32($0) }),
                       built > found {
                        throw markerSetBack(marked: found, built: built)
                    }
                    do {
                        try upgradeWaitingForTables(migration.sql)
                    } catch PostgresError.server(let failure) where Self.meansMadeAlready(failure.sqlState) {
                        throw markerSetBack(marked: found, built: migration.version)
                    }
                    try connection.query("UPDATE roster.roster_schema SET version = $1", [String(migration.version)])
                    return (false, 0)
                }
                try refuseSchemaOthersControl()
                for migration in PostgresSchema.migrations {
                    do {
                        try connection.simpleQuery(migration.sql)
                    } catch PostgresError.server(let failure) where failure.sqlState == .insufficientPrivilege && migration.version == 1 {
                        // A writer or reader run first, before the owner made it.
                        throw RosterError.notPermitted("the roster at \(name) is not made yet, and the role \(Quote.code(settings.user)) "
                            + "may not make it (\(failure.message)): run roster there once as the database's owner, who makes it, "
                            + "then grant this role its part (docs/sharing.md)")
                    }
                    // Seeded into version 1's tables, before version 8's
                    // trigger would count the seed as another program's
                    // write (it has no history entry) and so call the keys
                    // unchecked, to be derived again by the first write.
                    if migration.version == 1 { try connection.execute([try PostgresSchema.seedDefaultRoster()]) }
                    // A roster made here holds only keys roster derived:
                    // noted before version 11 takes the keys of a roster
                    // so noted as derived from their names.
                    if migration.version == 6 { try connection.query(Self.noteNameKeysChecked, [String(NameFolding.revision)]) }
                }
                try connection.query("UPDATE roster.roster_schema SET version = $1", [String(PostgresSchema.currentVersion)])
                // A roster made here holds only keys roster derived.
                try connection.query(Self.noteNameKeysChecked, [String(NameFolding.revision)])
                return (true, try DefaultRoster.monsters().count)
            }
            // Said once the schema's transaction has committed: a mistyped
            // database name would otherwise fill a new roster without a
            // word, as a mistyped file name would.
            if seeded > 0 {
                tell?("made a new roster in database \(settings.database) on \(settings.serverDescription), with the \(seeded) default monsters")
            }
            if finished {
                // An open interface learns the roster's id (schema 21) as
                // it reads what moved: the upgrade is said on the channel.
                if upgraded { _ = try? connection.query("SELECT pg_notify($1, 'upgraded')", [Self.notificationChannel]) }
                return
            }
            upgraded = true
        }
    }

    /// The answers to a migration's statement that mean what it makes is
    /// there already: a column, a trigger or function, a table or index.
    static func meansMadeAlready(_ state: SQLState) -> Bool {
        ["42701", "42710", "42723", "42P07"].contains(state.code)
    }

    /// A marker that says an older version than the schema holds (found
    /// by what versions up to 13 make, or by the next migration finding
    /// what it makes already there). Up to schema 13 a writer role could
    /// set the version back (schema 14 leaves that to the owner); the
    /// owner's roster then failed on every run with the server's "column
    /// … already exists". Said in one sentence, the schema left as it is,
    /// rather than taking the version from what the schema holds and
    /// going on: the marker set back means a writer tampered with it, and
    /// the owner, who alone may set it right, should know, and is told how.
    func markerSetBack(marked: Int32, built: Int32) -> RosterError {
        .serverRefused("the roster at \(name) is marked as schema version \(marked), but its schema already holds what version \(built) adds: "
            + "its version marker was set back outside roster, and roster leaves the schema as it is; "
            + "its owner can set it right (`UPDATE roster.roster_schema SET version = \(built)`) and run roster again")
    }

    /// Refuses, leaving it untouched, an empty schema `roster` that
    /// another role could change once roster has made its tables there:
    /// one owned by another role, or one in which another role may create.
    func refuseSchemaOthersControl() throws {
        try refuseSchemaOwnedByAnother()
        try refuseSchemaOthersCreateIn()
    }

    /// An empty schema `roster` that another role owns is refused (77), left
    /// untouched: its owner could drop or change whatever roster made
    /// in it. A role the connecting one was granted may own it (a team's
    /// role), or a superuser (an administrator's schema made for the
    /// team). Membership is read from the grants, not `pg_has_role`, for
    /// which a superuser is a member of every role, mallory's too.
    func refuseSchemaOwnedByAnother() throws {
        let owner = try connection.query("""
            WITH RECURSIVE granted(role) AS (
                SELECT oid FROM pg_catalog.pg_roles WHERE rolname = current_user
                UNION SELECT roleid FROM pg_catalog.pg_auth_members JOIN granted ON member = role)
            SELECT pg_catalog.pg_get_userbyid(nspowner) FROM pg_catalog.pg_namespace
            WHERE nspname = 'roster' AND nspowner NOT IN (SELECT role FROM granted)
              AND NOT (SELECT rolsuper FROM pg_catalog.pg_roles WHERE oid = nspowner)
            """).firstValue
        guard let owner else { return }
        throw RosterError.notPermitted("the schema roster in \(name) belongs to the role \(Quote.code(owner)), not to \(Quote.code(settings.user)) or a role it is a member of, so its owner could change or drop what roster made there; roster leaves it untouched (its owner may drop it, or give it to \(Quote.code(settings.user)))")
    }

    /// An empty schema `roster` in which a role other than its owner (and
    /// the roles the connecting one was granted) may create is refused,
    /// left untouched: that role could plant a function or table of the
    /// name roster's schema uses (`announce_outside_change`), so that the
    /// schema is half made, or roster runs code of its choosing. Read from
    /// the schema's grants (PUBLIC too), not from `has_schema_privilege`,
    /// for which a superuser holds every privilege.
    func refuseSchemaOthersCreateIn() throws {
        let creators = try connection.query("""
            WITH RECURSIVE granted(role) AS (
                SELECT oid FROM pg_catalog.pg_roles WHERE rolname = current_user
                UNION SELECT roleid FROM pg_catalog.pg_auth_members JOIN granted ON member = role)
            SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.pg_get_userbyid(a.grantee) END
            FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
            WHERE n.nspname = 'roster' AND a.privilege_type = 'CREATE' AND a.grantee <> n.nspowner
              AND a.grantee NOT IN (SELECT role FROM granted)
            ORDER BY 1
            """).rows.compactMap { $0.first ?? nil }
        guard let first = creators.first else { return }
        let others = creators.count > 1 ? " and \(creators.count - 1) other\(creators.count > 2 ? "s" : "")" : ""
        throw RosterError.notPermitted("the schema roster in \(name) lets the role \(Quote.code(first))\(others) create in it besides its owner, so that role could plant what roster would then run or trust; roster leaves it untouched (its owner may revoke CREATE on schema roster, or drop it)")
    }

    /// Notes that every name key is what its name gives (see `PostgresRosterStore+NameKeys`).
    static let noteNameKeysChecked = "UPDATE roster.roster_schema SET keys_checked = outside_writes, keys_fold = $1"
}
