import PostgresWire
import TextSafety

/// The migration lock, and who holds it when roster cannot have it.
///
/// Making or upgrading the schema runs under an advisory lock
/// (`PostgresSchema.LockKey.migration`), so that two rosters opening a new
/// database at once make it once. A first build has no table yet that a
/// table lock could name, so the lock stays advisory, and any role that
/// may connect can take it (`SELECT pg_advisory_lock(1380930388, 2)`)
/// and hold off a first build or an upgrade (never a write: writes lock a
/// table that needs `UPDATE`). roster waits for it no longer than for any
/// lock (the busy timeout, `lock_timeout`), then says in one sentence who
/// holds it, read from `pg_locks` and `pg_stat_activity` (which show every
/// session's role, process and application to every role), and exits 75:
/// the person can ask that role to let go, or an administrator can end
/// its session. The wait runs under a savepoint, so the transaction stays
/// usable for the look-up.
extension PostgresRosterStore {
    /// Takes the migration lock in the transaction begun, through `query`
    /// (the connection's, or the store's own queue); held by another
    /// session past the busy timeout, throws `heldUp` naming it.
    func takeMigrationLock(_ query: (String, [String?]) throws -> Void) throws {
        let keys = [String(PostgresSchema.LockKey.space), String(PostgresSchema.LockKey.migration)]
        try query("SAVEPOINT migration_lock", [])
        do {
            try query("SELECT pg_advisory_xact_lock($1, $2)", keys)
        } catch PostgresError.server(let failure) where failure.sqlState == .lockNotAvailable {
            try query("ROLLBACK TO SAVEPOINT migration_lock", [])
            if let heldUp = try migrationLockHeldUp(keys) { throw heldUp }
            throw PostgresError.server(failure)
        }
        try query("RELEASE SAVEPOINT migration_lock", [])
    }

    /// Runs a migration of an existing schema, which takes its tables'
    /// locks (`ALTER TABLE` waits for every other session's, a reader's
    /// open transaction too); held past the busy timeout, throws `heldUp`
    /// naming a session that holds one, as for the migration lock. The
    /// wait runs under a savepoint, so the transaction stays usable for
    /// the look-up.
    func upgradeWaitingForTables(_ sql: String) throws {
        try connection.simpleQuery("SAVEPOINT upgrade_tables")
        do {
            try connection.simpleQuery(sql)
        } catch PostgresError.server(let failure) where failure.sqlState == .lockNotAvailable {
            try connection.simpleQuery("ROLLBACK TO SAVEPOINT upgrade_tables")
            if let heldUp = try tablesHeldUp() { throw heldUp }
            throw PostgresError.server(failure)
        }
        try connection.simpleQuery("RELEASE SAVEPOINT upgrade_tables")
    }

    /// The sentence for roster's tables locked by another session, or nil
    /// when they were let go meanwhile.
    private func tablesHeldUp() throws -> RosterError? {
        let holder = try connection.query("""
            SELECT a.usename, l.pid, a.application_name, count(*) OVER ()
            FROM (SELECT DISTINCT pid FROM pg_catalog.pg_locks
                  WHERE locktype = 'relation' AND granted AND pid <> pg_catalog.pg_backend_pid()
                    AND database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())
                    AND relation IN (SELECT c.oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                                     WHERE n.nspname = 'roster')) l
            LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
            ORDER BY l.pid LIMIT 1
            """).rows.first
        guard let holder else { return nil }
        let others = (holder[3].flatMap { Int($0) } ?? 1) - 1
        let besides = others > 0 ? " and \(others) other session\(others > 1 ? "s" : "")" : ""
        return .heldUp("the roster at \(name) cannot be upgraded now: \(Self.session(holder))\(besides) "
            + "has held roster's tables, in a transaction still open, longer than roster waits for a lock (\(busyTimeoutWording)); "
            + "nothing was changed; try again once it ends its transaction, or have an administrator end that session")
    }

    /// A session as `pg_stat_activity` shows it: role, server process,
    /// application (untrusted text, quoted).
    static func session(_ row: [String?]) -> String {
        let role = row[0].map { Quote.code($0) } ?? "unknown to this role"
        let application = row[2].flatMap { $0.isEmpty ? nil : ", application \(Quote.code($0))" } ?? ""
        return "the role \(role) (server process \(row[1] ?? "?")\(application))"
    }

    /// The busy timeout, in words.
    var busyTimeoutWording: String {
        busyTimeoutMilliseconds % 1000 == 0 ? "\(busyTimeoutMilliseconds / 1000) s" : "\(busyTimeoutMilliseconds) ms"
    }

    /// The sentence for a migration lock another session holds, or nil
    /// when it was let go meanwhile.
    private func migrationLockHeldUp(_ keys: [String?]) throws -> RosterError? {
        let holder = try connection.query("""
            SELECT a.usename, l.pid, a.application_name
            FROM pg_catalog.pg_locks l LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())
              AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid AND l.objsubid = 2
            LIMIT 1
            """, keys).rows.first
        guard let holder else { return nil }
        return .heldUp("the roster at \(name) cannot be made or upgraded now: \(Self.session(holder)) "
            + "has held roster's schema lock longer than roster waits for a lock (\(busyTimeoutWording)); nothing was changed; "
            + "try again once it lets go, or have an administrator end that session")
    }
}
