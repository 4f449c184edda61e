import Foundation
import TestSupport
import Testing
import PostgresWire
@testable import RosterCore

/// One throwaway PostgreSQL cluster for this test process, made by
/// script/pg-cluster on first use: initdb as nobody in a temporary folder,
/// listening only on a unix socket there. Each test gets a database of its
/// own, copied from a template that already holds roster's schema (a copy
/// takes about a tenth of a second, a migration more).
///
/// Nothing is left running: the cluster is stopped when the process
/// exits, and a watcher process stops it too should the test process die
/// without exiting (a crash, SIGKILL). A missing PostgreSQL fails the
/// tests that need it with the script's sentence; they never skip.
final class PostgresTestServer: @unchecked Sendable {
    let folder: String
    let port: UInt16 = 5432
    private let lock = NSLock()
    private var databases = 0

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The process's cluster, started once; its failure, told to every test that asks.
    private static let started: Result<PostgresTestServer, Failure> = {
        do {
            return .success(try PostgresTestServer())
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    static func shared() throws -> PostgresTestServer {
        try started.get()
    }

    private init() throws {
        folder = "/tmp/roster-store-tests-\(getpid())"
        try Self.script(["stop", folder])
        try Self.script(["start", folder, "--port", String(port)])
        Self.stopWhenThisProcessEnds(folder)
        let admin = try adminConnection()
        try admin.simpleQuery("CREATE DATABASE roster_template")
        admin.close()
        // The template gets roster's schema once, so each test's copy has it.
        _ = try PostgresRosterStore.open(uri: uri(database: "roster_template"), environment: [:])
    }

    /// `postgresql://postgres@/DB?host=FOLDER&port=PORT`.
    func uri(database: String, user: String = "postgres", applicationName: String? = nil) -> String {
        "postgresql://\(user)@/\(database)?host=\(folder)&port=\(port)" + (applicationName.map { "&application_name=\($0)" } ?? "")
    }

    func adminConnection(database: String = "postgres") throws -> PostgresConnection {
        try PostgresConnection.connect(ConnectionSettings(host: folder, port: port, user: "postgres", database: database,
                                                          connectTimeout: 10))
    }

    /// A new database holding the default roster, for one test; with
    /// `schema: false`, an empty one.
    func makeDatabase(schema: Bool = true) throws -> String {
        lock.lock()
        databases += 1
        let name = "roster_test_\(databases)"
        lock.unlock()
        let admin = try adminConnection()
        defer { admin.close() }
        // A template must have no other session while it is copied.
        lock.lock()
        defer { lock.unlock() }
        try admin.simpleQuery("CREATE DATABASE \(name)" + (schema ? " TEMPLATE roster_template" : ""))
        return name
    }

    /// Stops the cluster when this process exits, and, from a process of
    /// its own, when this one dies any other way.
    private static func stopWhenThisProcessEnds(_ folder: String) {
        let watcher = "while kill -0 \(getpid()) 2>/dev/null; do sleep 0.5; done; exec \(quoted(repositoryRoot + "/script/pg-cluster")) stop \(quoted(folder))"
        _ = runWithoutInheritedDescriptors("setsid sh -c \(quoted(watcher)) </dev/null >/dev/null 2>&1 &")
        stopAtExit = folder
        atexit {
            if let folder = PostgresTestServer.stopAtExit { _ = try? PostgresTestServer.script(["stop", folder]) }
        }
    }

    nonisolated(unsafe) private static var stopAtExit: String?

    /// `'text'` for the shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// Runs script/pg-cluster. Through the shell and waitpid, not
    /// Foundation's Process, whose wait for a child hung here once the
    /// child had exited.
    static func script(_ arguments: [String]) throws {
        let errors = "/tmp/roster-store-tests-\(getpid())-\(UUID().uuidString).err"
        defer { unlink(errors) }
        let command = ([repositoryRoot + "/script/pg-cluster"] + arguments).map(quoted).joined(separator: " ")
        let status = runWithoutInheritedDescriptors("\(command) </dev/null >/dev/null 2>\(quoted(errors))")
        guard status == 0 else {
            let complaint = FileManager.default.contents(atPath: errors).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "the test PostgreSQL could not be had: script/pg-cluster \(arguments.first ?? "") failed: " + complaint)
        }
    }
}

extension PostgresConnection {
    /// Makes the login role `role`, once per cluster (roles are the
    /// cluster's), granted nothing: it may only connect.
    func makeLoginRole(_ role: String) throws {
        try simpleQuery("""
            DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN CREATE ROLE \(role) LOGIN; END IF; END $$
            """)
    }

    /// Makes the login role `role` and grants it what docs/sharing.md
    /// lists for reading.
    func grantReading(to role: String) throws {
        try makeLoginRole(role)
        try simpleQuery("""
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT ON ALL TABLES IN SCHEMA roster TO \(role);
            GRANT SELECT ON ALL SEQUENCES IN SCHEMA roster TO \(role);
            """)
    }

    /// Makes the login role `role` and grants it what docs/sharing.md
    /// lists for writing: every table, of the marker's row only the two
    /// columns a writer's roster sets, and no `UPDATE` on the sequences.
    func grantWriting(to role: String) throws {
        try grantWritingEveryTable(to: role)
        try simpleQuery("""
            REVOKE INSERT, UPDATE, DELETE ON roster.roster_schema FROM \(role);
            GRANT UPDATE (keys_checked, keys_fold) ON roster.roster_schema TO \(role);
            REVOKE UPDATE ON ALL SEQUENCES IN SCHEMA roster FROM \(role);
            """)
    }

    /// Makes the login role `role` and grants it what docs/sharing.md
    /// listed for writing up to schema 13: writes on every table, the
    /// marker's whole row too, as databases set up then still grant.
    func grantWritingEveryTable(to role: String) throws {
        try makeLoginRole(role)
        try simpleQuery("""
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(role);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA roster TO \(role);
            """)
    }
}

extension PostgresTestServer {
    /// A connection to `database` as the login role `role`.
    func connection(as role: String, database: String) throws -> PostgresConnection {
        try PostgresConnection.connect(ConnectionSettings(host: folder, port: port, user: role, database: database, connectTimeout: 10))
    }
}

/// The stores the store tests run against, each behaviour once per store.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue == "sqlite" ? "SQLite file" : "PostgreSQL" }
}

/// A roster of one kind holding the default roster, for one test; what it
/// needs (a temporary folder, a database) lives as long as this does.
final class TestRoster {
    let kind: StoreKind
    let location: RosterLocation
    private let temporary: TemporaryRoster?
    let database: String?

    init(_ kind: StoreKind) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let temporary = try TemporaryRoster()
            self.temporary = temporary
            database = nil
            location = .file(temporary.path)
        case .postgres:
            let server = try PostgresTestServer.shared()
            let name = try server.makeDatabase()
            temporary = nil
            database = name
            location = .postgres(server.uri(database: name, applicationName: "tester-a"))
        }
    }

    func open() throws -> any RosterStore { try location.open() }

    /// A second person on the same roster (another machine, on PostgreSQL).
    func openAsSomeoneElse() throws -> any RosterStore {
        guard kind == .postgres, let database else { return try open() }
        return try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-b"),
                                            environment: [:])
    }
}

extension PostgresTestServer {
    /// A new roster, its writer `role` (the sharing recipe's grants) in
    /// psql, and roster itself as that role.
    static func rosterWithWriter(_ role: String) throws -> (roster: PostgresRosterStore, psql: PostgresConnection, admin: PostgresConnection) {
        let server = try shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        try admin.grantWriting(to: role)
        let roster = try PostgresRosterStore.open(uri: server.uri(database: database, user: role, applicationName: "tester-a"),
                                                  environment: [:])
        _ = try roster.count()
        return (roster, try server.connection(as: role, database: database), admin)
    }

    /// A new database holding a new roster (the six defaults) and a
    /// superuser connection to it, as psql has: the other program.
    static func freshRoster() throws -> (roster: PostgresRosterStore, admin: PostgresConnection) {
        let server = try shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        let roster = try PostgresRosterStore.open(uri: server.uri(database: database, user: "postgres", applicationName: "tester-a"),
                                                  environment: [:])
        _ = try roster.count()
        return (roster, admin)
    }
}
