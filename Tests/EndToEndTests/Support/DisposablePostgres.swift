import Foundation
import TestSupport

/// A throwaway PostgreSQL cluster for the end-to-end tests of a shared
/// roster, made by script/pg-cluster: initdb as nobody in a temporary
/// folder, listening on a unix socket there (and on 127.0.0.1 with TLS
/// when asked). A test that needs to crash its server, or a server set
/// up otherwise (TLS, passwords), starts one of its own; the others share
/// `DisposablePostgres.shared()`, each with a database of its own.
///
/// Nothing is left running: a cluster is stopped when its owner lets it
/// go, the shared one when the test process exits, and a small watcher
/// process stops each of them should the test process die any other way.
/// A missing PostgreSQL is a failure with script/pg-cluster's sentence,
/// never a skip.
final class DisposablePostgres: @unchecked Sendable {
    let folder: String
    let port: UInt16
    private let lock = NSLock()
    private var databases = 0

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let psqlBinary = "/usr/lib/postgresql/15/bin/psql"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The test process's shared cluster, started on first use.
    private static let started: Result<DisposablePostgres, Failure> = {
        do {
            let cluster = try DisposablePostgres(options: [])
            sharedFolder = cluster.folder
            atexit { if let folder = DisposablePostgres.sharedFolder { _ = try? DisposablePostgres.script(["stop", folder]) } }
            return .success(cluster)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()
    nonisolated(unsafe) private static var sharedFolder: String?
    private let ownedByTest: Bool

    static func shared() throws -> DisposablePostgres {
        try started.get()
    }

    /// A cluster of the test's own, stopped when it is let go. `options`
    /// are script/pg-cluster's (`--tls CERT KEY`, `--scram ROLE PASSWORD`);
    /// a TCP port is picked at random, for TLS on 127.0.0.1.
    convenience init(ownedWith options: [String]) throws {
        try self.init(options: options, owned: true)
    }

    private init(options: [String], owned: Bool = false) throws {
        folder = "/tmp/roster-e2e-dpg-\(UUID().uuidString.prefix(8))"
        port = UInt16.random(in: 20000...60000)
        ownedByTest = owned
        try Self.script(["start", folder, "--port", String(port)] + options)
        Self.stopWhenProcessDies(folder)
    }

    deinit {
        if ownedByTest { _ = try? Self.script(["stop", folder]) }
    }

    /// Kills the server as a crash would (`pg_ctl -m immediate stop`).
    func crash() throws { try Self.script(["crash", folder]) }

    /// Starts the server again on the same folder, after a crash.
    func restart() throws { try Self.script(["start", folder, "--port", String(port)]) }

    /// `postgresql://USER[:PASSWORD]@/DB?host=FOLDER&port=PORT[&EXTRA]`, over the unix socket.
    func uri(database: String, user: String = "postgres", password: String? = nil, extra: String = "") -> String {
        "postgresql://\(user)\(password.map { ":\($0)" } ?? "")@/\(database)?host=\(folder)&port=\(port)"
            + (extra.isEmpty ? "" : "&\(extra)")
    }

    /// A fresh, empty database for one test (roster makes its schema on first use).
    func makeDatabase() throws -> String {
        lock.lock()
        databases += 1
        let name = "roster_e2e_\(databases)"
        lock.unlock()
        _ = try psql("CREATE DATABASE \(name)")
        return name
    }

    /// Runs SQL with the real psql binary as the superuser (or the login
    /// role `user`) and returns its unaligned output; a failing statement
    /// throws with psql's complaint.
    @discardableResult
    func psql(_ sql: String, database: String = "postgres", user: String = "postgres") throws -> String {
        let output = "/tmp/roster-e2e-psql-\(UUID().uuidString)"
        defer { unlink(output); unlink(output + ".err") }
        let command = [Self.psqlBinary, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", String(port),
                       "-U", user, "-d", database, "-c", sql].map(Self.quoted).joined(separator: " ")
        let status = runWithoutInheritedDescriptors("\(command) </dev/null >\(Self.quoted(output)) 2>\(Self.quoted(output + ".err"))")
        let text = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard status == 0 else {
            let complaint = FileManager.default.contents(atPath: output + ".err").map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "psql failed on \(sql.prefix(80)): \(complaint)")
        }
        return text.trimmingCharacters(in: .newlines)
    }

    /// Stops the cluster from a process of its own when this one dies
    /// without exiting (a crash, SIGKILL); it ends by itself otherwise.
    private static func stopWhenProcessDies(_ folder: String) {
        let watcher = "while kill -0 \(getpid()) 2>/dev/null && [ -d \(quoted(folder)) ]; do sleep 1; done; "
            + "[ -d \(quoted(folder)) ] && exec \(quoted(repositoryRoot + "/script/pg-cluster")) stop \(quoted(folder))"
        _ = runWithoutInheritedDescriptors("(\(watcher)) </dev/null >/dev/null 2>&1 &")
    }

    /// `'text'` for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs script/pg-cluster through the shell, its output sent to files:
    /// the server it starts keeps any pipe it inherits open, so a pipe
    /// read to its end would never end.
    static func script(_ arguments: [String]) throws {
        let errors = "/tmp/roster-e2e-dpg-\(getpid())-\(UUID().uuidString).err"
        defer { unlink(errors) }
        let command = ([repositoryRoot + "/script/pg-cluster"] + arguments).map(quoted).joined(separator: " ")
        let status = runWithoutInheritedDescriptors("\(command) </dev/null >/dev/null 2>\(quoted(errors))")
        guard status == 0 else {
            let complaint = FileManager.default.contents(atPath: errors).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "the test PostgreSQL could not be had: script/pg-cluster \(arguments.first ?? "") failed: "
                          + complaint.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

extension Sandbox {
    /// Runs `roster --db URI ARGS…`.
    @discardableResult
    func roster(uri: String, _ arguments: [String], stdin: String? = nil,
                environment: [String: String] = [:]) throws -> RosterRun {
        try roster(["--db", uri] + arguments, stdin: stdin, environment: environment, useDatabaseOption: false)
    }
}
