import Foundation
import TestSupport

/// One throwaway PostgreSQL cluster for the end-to-end tests of this
/// process (script/pg-cluster: initdb as nobody, a unix socket in a
/// temporary folder), started on first use and stopped when the process
/// exits, or by a watcher process should it die any other way. Each test
/// makes a database of its own. A missing PostgreSQL fails the tests that
/// need it with the script's sentence; they never skip.
final class PostgresCluster: @unchecked Sendable {
    let folder: String
    let port = 5432
    private let lock = NSLock()
    private var made = 0

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let psql = "/usr/lib/postgresql/15/bin/psql"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let started: Result<PostgresCluster, Failure> = {
        do {
            return .success(try PostgresCluster())
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    static func shared() throws -> PostgresCluster { try started.get() }

    private init() throws {
        folder = "/tmp/roster-e2e-cluster-\(getpid())"
        try Self.script(["stop", folder])
        try Self.script(["start", folder, "--port", String(port)])
        let watcher = "while kill -0 \(getpid()) 2>/dev/null; do sleep 0.5; done; exec \(Self.quoted(Self.repositoryRoot + "/script/pg-cluster")) stop \(Self.quoted(folder))"
        _ = runWithoutInheritedDescriptors("setsid sh -c \(Self.quoted(watcher)) </dev/null >/dev/null 2>&1 &")
        Self.stopAtExit = folder
        atexit {
            if let folder = PostgresCluster.stopAtExit { try? PostgresCluster.script(["stop", folder]) }
        }
    }

    nonisolated(unsafe) private static var stopAtExit: String?

    /// A new, empty database (roster makes its schema on first use); its URI.
    func makeDatabase() throws -> String {
        lock.lock()
        made += 1
        let name = "e2e_\(made)"
        lock.unlock()
        try sql("CREATE DATABASE \(name)")
        return uri(name)
    }

    func uri(_ database: String, user: String = "postgres") -> String {
        "postgresql://\(user)@/\(database)?host=\(folder)&port=\(port)"
    }

    /// Runs SQL as the superuser with psql (the real binary, not Debian's wrapper).
    @discardableResult
    func sql(_ text: String, database: String = "postgres") throws -> String {
        let output = "/tmp/roster-e2e-\(getpid())-\(UUID().uuidString).out"
        defer { unlink(output) }
        let command = [Self.psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", String(port), "-U", "postgres",
                       "-d", database, "-c", text].map(Self.quoted).joined(separator: " ")
        guard runWithoutInheritedDescriptors("\(command) </dev/null >\(Self.quoted(output)) 2>&1") == 0 else {
            throw Failure(description: "psql failed: " + (FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""))
        }
        return FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// Runs script/pg-cluster through the shell and waitpid.
    static func script(_ arguments: [String]) throws {
        let errors = "/tmp/roster-e2e-\(getpid())-\(UUID().uuidString).err"
        defer { unlink(errors) }
        let command = ([repositoryRoot + "/script/pg-cluster"] + arguments).map(quoted).joined(separator: " ")
        guard runWithoutInheritedDescriptors("\(command) </dev/null >/dev/null 2>\(quoted(errors))") == 0 else {
            let complaint = FileManager.default.contents(atPath: errors).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "the test PostgreSQL could not be had: script/pg-cluster \(arguments.first ?? "") failed: " + complaint)
        }
    }
}
