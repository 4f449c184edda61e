import PostgresWire
#if canImport(Glibc)
import Glibc
#endif

/// The roster in a PostgreSQL database, in roster's own schema (see
/// `PostgresSchema`), for a team that shares one roster.
///
/// One connection, synchronous, through roster's own protocol client
/// (`PostgresWire`). Opening reads the version marker first: a schema that
/// is not roster's, or one from a newer roster, is refused and left as it
/// is; a database without the schema gets it, with the default roster.
///
/// Every write is one transaction that first takes the roster's write
/// lock (`PostgresSchema.writeLock`), waiting at most the busy timeout
/// (`lock_timeout`, then `RosterError.busy`), and records its history
/// entry before it commits: one writer at a time, history order is commit
/// order, and a crash or a lost connection leaves both or neither. To
/// keep round trips few, the statements whose answers are not needed
/// (`BEGIN` and the lock, the history rows, `COMMIT`) travel with the next
/// statement that is: a `set-weapon` is two round trips after opening,
/// the lookup, then the writes with the COMMIT.
public final class PostgresRosterStore: RosterStore {
    /// The session; replaced by a new one when the server was lost and
    /// is back (see `reconnectIfLost`).
    var connection: PostgresConnection
    let settings: ConnectionSettings
    /// The URI it was opened with (with its password, in memory only), to
    /// open a second connection.
    private let uri: String
    /// Where this connection's changes come from, for the history.
    public var surface: ChangeSurface = .commandLine
    /// How the history names this person's machine: the application_name
    /// given, else the OS user and host name.
    public let client: String
    /// Told what the person should hear beside the answer (the command
    /// line says it on stderr): that opening made the roster's schema and
    /// filled it with the default roster, once; that a change was saved
    /// although the server's reply to it was lost.
    public var tell: ((String) -> Void)?
    /// The token the write under way draws for its history entry (see
    /// `PostgresSchema.version8` and `settleLostCommit`).
    var writeToken = ""
    /// Whether the write under way records a history entry (which then
    /// holds `writeToken`).
    var recordsEntry = false
    /// Whose changes `undo` and `redo` take back: your own by default.
    public var undoScope: UndoScope = .own
    var busyTimeoutMilliseconds = RosterLimits.busyTimeoutMilliseconds
    /// What a wait on the server may take beyond the busy timeout (see
    /// `PostgresRosterStore+Deadlines`), and what it heeds meanwhile.
    var answerMarginMilliseconds = PostgresRosterStore.defaultAnswerMarginMilliseconds
    var waitWatch: WaitWatch?
    /// What the last request whose wait was stopped knew (see `RosterStore.interruption`).
    public internal(set) var interruption: String?
    /// Set by a command (not an interface, which heeds its own terminal):
    /// a write catches Ctrl-C while it waits (see `CommandInterrupt`).
    public var catchesInterrupts = false
    /// Statements sent with the next one that needs an answer, in the
    /// order their parts go (see `StatementQueue`).
    var queue = StatementQueue()
    /// The statements waiting, in order. Set whole, they are how a
    /// transaction opens (`BEGIN`, the write lock), or nothing (`[]`).
    var pending: [BoundStatement] {
        get { queue.statements }
        set { queue = StatementQueue(opening: newValue) }
    }
    /// Whether the statement being run is part of a write (a refused
    /// permission is then "cannot be written", not "cannot be read").
    var isWriting = false
    /// Inside a dry run that rehearses without writing (see `write`).
    var isRehearsing = false
    /// Inside a dry run that writes to copies of roster's tables (see
    /// `rehearseOnCopies`).
    var isRehearsingOnCopies = false
    /// Opened without reading the version marker yet: the read rides with
    /// the first statements `run` sends (see `runReadingMarker`).
    var markerUnread = false
    /// The schema's version as opening found it: a role that may not
    /// migrate works on an older one (see `oldestCompatibleVersion`).
    var schemaVersion = PostgresSchema.currentVersion
    /// The database has no roster yet and the store was opened for an
    /// import: the import makes the schema, empty, in its own transaction
    /// (see `makeSchemaForImport`), as an import into a new file starts
    /// from an empty roster.
    var schemaMadeByImport = false
    /// Whether this connection listens for changes (see `changeCounter`),
    /// and the newest change announced.
    var isListening = false
    var announcedChange: Int64 = 0
    /// What the roster's data showed when `changeCounter` last looked
    /// (see `PostgresRosterStore+Listening`): the newest history id, the
    /// count of outside writes, and the tokens of this store's own writes
    /// committed since.
    var seenNewestEntry: Int64 = 0
    /// When that entry was written (`entryMoment`): a copy of the roster gone its own way has another.
    var seenNewestMoment: String?
    /// The number and token of the last change this store wrote with an
    /// entry: a copy of the roster gone its own way has not got it (`+Identity`).
    var lastOwnEntry: (id: Int64, token: String)?
    var seenOutsideWrites: String?
    public internal(set) var outsideWriter: OutsideWriter?
    public internal(set) var outsideWritesFound = 0
    var ownTokensSinceSeen: [String] = []
    /// How deep in `guarded` the store is: only the outermost call may
    /// reconnect, never one inside a transaction.
    private var depth = 0
    /// When a lost server may next be tried, and how long to wait after a
    /// failed try (doubling, up to ten seconds: a person is waiting on the
    /// interface that asks).
    var nextReconnect = 0
    /// How long a look-up after Ctrl-C may take to connect, and to hear each
    /// answer (see `+LostCommit`); a test on a loaded machine gives more.
    var shortLookUpSeconds = defaultShortLookUpSeconds
    var reconnectDelay = 250
    /// Why the server, answering again, would not let listening begin
    /// (the role's grants revoked meanwhile), and when to ask again: on the
    /// same back-off, not at every poll.
    var listeningRefused: (error: RosterError, retryAt: Int)?
    /// Set while listening resumes on a session made in place of one the
    /// server ended for its idleness (`resumeAfterIdleTimeout`).
    var resuming = false
    /// Set while a look at what others changed was refused (see `changeCounter`).
    var lookRefused = false
    /// The interface's try to connect again, on a thread of its own (see `reconnectIfLost`).
    var reconnecting: PendingConnection?
    /// The roster as the interface first found it, and why it is no longer there (see `+Identity`).
    var rosterIdentity: String?
    public internal(set) var noLongerThere: String?
    /// Read as listening begins: see `RosterStore.mayOnlyRead`.
    public internal(set) var mayOnlyRead = false

    public enum UndoScope: Sendable {
        /// Your own latest change: your database user, on your machine.
        case own
        /// The team's latest change, whoever made it.
        case everyone
    }

    /// How messages name the roster: the server, database and user, never the password.
    public var name: String { settings.description }
    public var filePath: String? { nil }
    public var namesReadingAlike: [String] { [] }
    public var notesOnOpening: [String] { [] }
    public var hasMoved: Bool { false }
    /// A roster on a server has no file an export could be written over.
    public func ownFile(at path: String) -> RosterOwnFile? { nil }
    public var location: RosterLocation { .postgres(uri) }

    private init(connection: PostgresConnection, settings: ConnectionSettings, uri: String, client: String,
                 tell: ((String) -> Void)?) {
        self.connection = connection
        self.tell = tell
        self.settings = settings
        self.uri = uri
        self.client = client
        configure(connection)
    }

    deinit { connection.close() }

    /// Ends the session politely as roster ends, rather than at whatever
    /// moment the store is let go of.
    public func close() { connection.close() }

    /// Connects to the roster at `uri` (completed from the PG* variables
    /// and the password file of `environment`, as psql does), making its
    /// schema when the database has none.
    ///
    /// `markerWithFirstRequest`: the version marker is read with the first
    /// request's statements, not in a round trip of its own (the command
    /// line's way: a `set-weapon` is then one round trip shorter); a schema
    /// that is missing, older, newer or not roster's is found then, before
    /// anything is changed (see `runReadingMarker`).
    /// `tell` hears, once, that the database had no roster and now holds
    /// the default one, and that a change was saved although the reply was lost;
    /// and before connecting, each warning of the settings (a password file
    /// passed over for its permissions).
    public static func open(uri: String, environment: [String: String] = PostgresRosterStore.processEnvironment(),
                            markerWithFirstRequest: Bool = false,
                            tell: ((String) -> Void)? = nil) throws(RosterError) -> PostgresRosterStore {
        guard let store = try open(uri: uri, environment: environment,
                                   creating: markerWithFirstRequest ? .withFirstRequest : .withDefaultRoster,
                                   tell: tell) else {
            // Not reached: a store that may create its schema always has one.
            throw .serverRefused("the roster's schema could not be made")
        }
        return store
    }

    /// Connects to an existing roster only to read it, making and changing
    /// nothing: nil when the database has no roster schema yet. Shell
    /// completion asks through this.
    public static func openForReading(uri: String, environment: [String: String] = PostgresRosterStore.processEnvironment()) throws(RosterError) -> PostgresRosterStore? {
        try open(uri: uri, environment: environment, creating: .never)
    }

    /// Connects to the roster an import goes into. A database with no
    /// roster yet gets one that holds only what is imported: the schema is
    /// made by the import's own transaction, without the default monsters,
    /// so a failed import or a dry run leaves the database as it was.
    public static func openForImport(uri: String, environment: [String: String] = PostgresRosterStore.processEnvironment(),
                                     tell: ((String) -> Void)? = nil) throws(RosterError) -> PostgresRosterStore {
        guard let store = try open(uri: uri, environment: environment, creating: .byImport, tell: tell) else {
            throw .serverRefused("the roster's schema could not be made")
        }
        return store
    }

    /// What opening does in a database without roster's schema.
    enum Creating {
        /// Makes it, with the default roster.
        case withDefaultRoster
        /// Likewise, but only when the first request finds it missing.
        case withFirstRequest
        /// Leaves it to the import (see `openForImport`).
        case byImport
        /// Makes nothing: no store.
        case never
    }

    private static func open(uri: String, environment: [String: String], creating: Creating,
                             tell: ((String) -> Void)? = nil) throws(RosterError) -> PostgresRosterStore? {
        let settings: ConnectionSettings
        // The application_name given (URI or PGAPPNAME) names the person's
        // machine in the history; without one, the server sees "roster".
        let givenApplicationName: String?
        do {
            var resolved = try ConnectionSettings.resolve(uri: uri, environment: environment)
            givenApplicationName = resolved.applicationName
            resolved.applicationName = resolved.applicationName ?? "roster"
            resolved.runtimeParameters = startupParameters()
            settings = resolved
        } catch {
            throw .invalidLocation(sentence(error.description))
        }
        // Said once: in the sentence of a connection that failed for what
        // they explain (no password, as the file was set aside), else
        // before whatever follows.
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection.connect(settings)
        } catch {
            if case .invalidSettings(let sentence) = error, settings.warnings.allSatisfy(sentence.contains) {} else {
                for warning in settings.warnings { tell?("warning: " + warning) }
            }
            throw mapped(error, settings: settings, writing: false)
        }
        for warning in settings.warnings { tell?("warning: " + warning) }
        let client = givenApplicationName ?? machineName(environment: environment)
        let store = PostgresRosterStore(connection: connection, settings: settings, uri: uri, client: String(client.prefix(256)),
                                        tell: tell)
        return try store.prepare(creating: creating) ? store : nil
    }

    /// What roster's statements assume, whatever the database or role
    /// was set to (`ALTER DATABASE … SET`): names resolve in pg_catalog
    /// and this session's temporary tables only (everything of roster's
    /// is qualified `roster.`), so no other role's table or function can
    /// stand in for one; writes, serialised by roster's own lock, run
    /// READ COMMITTED; and a read waits for a table lock no longer than
    /// a write waits for roster's (then it is busy, exit 75).
    static let pinnedParameters = [
        "search_path": "pg_catalog, pg_temp",
        "default_transaction_isolation": "read committed",
        "lock_timeout": "\(RosterLimits.busyTimeoutMilliseconds)ms",
        // The rows an undo puts back travel as arrays whose NULLs are unquoted.
        "array_nulls": "on",
    ]

    /// The variables libpq reads, from this process's environment.
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGPASSWORD", "PGSSLMODE", "PGCHANNELBINDING", "PGSSLROOTCERT",
                     "PGCONNECT_TIMEOUT", "PGAPPNAME", "PGPASSFILE", "HOME", "USER", "LOGNAME"] {
            if let value = FileSystem.environment(name) { environment[name] = value }
        }
        return environment
    }

    /// `alice@laptop`: the OS user (from the environment, never through
    /// NSS, which a static program cannot load) and the host name.
    static func machineName(environment: [String: String]) -> String {
        let user = OperatingSystemUser.name(environment: environment)
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count - 1) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown host"
        return "\(user)@\(host)"
    }

    // MARK: Running statements

    /// Runs `body`, turning the client's errors into the roster's (a wait
    /// the person stopped is remembered: `interruption`). Statements still
    /// pending when a read fails are dropped with it.
    func guarded<T>(_ body: () throws -> T) throws(RosterError) -> T {
        depth += 1
        defer { depth -= 1 }
        if depth == 1 { try reconnectIfLost() }
        do {
            return try body()
        } catch {
            let mapped = rosterError(error)
            if case .interrupted(let sentence) = mapped { interruption = sentence }
            throw mapped
        }
    }

    /// Runs `sql` with its values, after any statements waiting to go:
    /// one round trip for all of them (the version marker's read too, the
    /// first time: see `runReadingMarker`). Returns this statement's result.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?] = []) throws -> QueryResult {
        try runBatch(pending + [BoundStatement(sql, parameters)]).last ?? QueryResult()
    }

    /// Sends `batch` in one round trip (the statements pending are the
    /// caller's to include), with the version marker's read the first
    /// time; one result per statement. `rebuilt` makes the batch again for
    /// the schema's version, for a batch whose statements depend on it
    /// (built before the marker was read, for the newest schema): when the
    /// marker finds an older one, that batch is sent in its place.
    func runBatch(_ batch: [BoundStatement], rebuilt: (() -> [BoundStatement])? = nil) throws -> [QueryResult] {
        queue = StatementQueue()
        let onCopies = isRehearsingOnCopies
        func prepared(_ batch: [BoundStatement]) -> [BoundStatement] {
            onCopies ? batch.map { BoundStatement(rehearsed($0.sql), $0.parameters) } : batch
        }
        if markerUnread {
            let remade: (() -> [BoundStatement])? = rebuilt.map { make in { prepared(make()) } }
            return try runReadingMarker(prepared(batch), rebuilt: remade)
        }
        return try connection.execute(prepared(batch))
    }

    /// `run` for a statement that depends on the schema's version, made
    /// again when the marker read with it finds an older one.
    @discardableResult
    func runVersioned(_ statement: () -> BoundStatement) throws -> QueryResult {
        let queued = pending
        return try withoutActuallyEscaping(statement) { statement in
            try runBatch(queued + [statement()], rebuilt: { queued + [statement()] }).last ?? QueryResult()
        }
    }

    /// Adds a statement whose answer is not needed to the next round trip.
    /// A rehearsal drops it: such statements are the change's writes.
    func later(_ sql: String, _ parameters: [String?] = []) {
        guard !isRehearsing else { return }
        queue.queueWrite(BoundStatement(sql, parameters))
    }

    /// The first column of the first row, as a whole number.
    func integer(_ sql: String, _ parameters: [String?] = []) throws -> Int64? {
        try run(sql, parameters).firstValue.flatMap { Int64($0) }
    }

    // MARK: The connection

    /// Writes set it in their transaction; reads take the session's.
    public func setBusyTimeout(milliseconds: Int) throws(RosterError) {
        busyTimeoutMilliseconds = max(0, milliseconds)
        configure(connection)
        _ = try guarded {
            try run("SELECT set_config('lock_timeout', $1, false), set_config('idle_in_transaction_session_timeout', $2, false)",
                    ["\(busyTimeoutMilliseconds)ms", "\(answerTimeoutMilliseconds)ms"])
        }
    }

    /// A dry run rehearses in a transaction that is rolled back.
    public func forDryRun() throws(RosterError) -> any RosterStore { self }
}
