import Foundation
import Testing
@testable import PostgresWire

/// A throwaway PostgreSQL cluster for one test, made by script/pg-cluster
/// and stopped (its folder deleted) when the value goes away, whatever the
/// test did. A missing PostgreSQL fails the test with the script's
/// sentence; it never skips.
final class TestCluster {
    let folder: String
    let port: UInt16
    private var stopped = false

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: UInt16 = 5432, tls: (certificate: String, key: String)? = nil,
         passwordRole: (name: String, password: String)? = nil, method: String? = nil) throws {
        var template = Array("/tmp/pgwire-cluster-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "Cannot make a folder for the test cluster.") }
        folder = String(cString: made)
        rmdir(folder)
        self.port = port
        var arguments = ["start", folder, "--port", String(port)]
        if let tls { arguments += ["--tls", tls.certificate, tls.key] }
        if let passwordRole { arguments += ["--scram", passwordRole.name, passwordRole.password] }
        if let method { arguments += ["--auth", method] }
        try Self.script(arguments)
    }

    deinit { stop() }

    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? Self.script(["stop", folder])
    }

    /// pg_ctl -m immediate stop: every backend dies at once, as in a crash.
    func crash() throws { try Self.script(["crash", folder]) }

    /// Starts the server again on the same folder, after a crash.
    func restart() throws { try Self.script(["start", folder, "--port", String(port)]) }

    /// Settings for the unix socket.
    func settings(user: String = "postgres", password: String? = nil, database: String = "postgres") -> ConnectionSettings {
        ConnectionSettings(host: folder, port: port, user: user, database: database, password: password, connectTimeout: 5)
    }

    /// Runs script/pg-cluster and waits for it. Spawned and reaped here
    /// with posix_spawn and waitpid (Foundation's Process did not always
    /// see it end under Swift Testing). Its output goes to files, not
    /// pipes: the server it starts would hold a pipe open forever.
    @discardableResult
    static func script(_ arguments: [String]) throws -> String {
        try run(repositoryRoot + "/script/pg-cluster", arguments, what: "script/pg-cluster \(arguments.first ?? "")")
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String], what: String) throws -> String {
        let outputs = try TemporaryFolder()
        let outputPath = outputs.path + "/out"
        let errorPath = outputs.path + "/err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "\(what) could not start: \(String(cString: strerror(spawned))).") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let printed = FileManager.default.contents(atPath: outputPath) ?? Data()
        let complaint = FileManager.default.contents(atPath: errorPath) ?? Data()
        guard status == 0 else {
            throw Failure(description: "\(what) failed: " + String(decoding: complaint, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// A TCP port nobody listens on now.
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "Cannot find a free TCP port.") }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// Certificates made with the openssl command for one test: a CA, a
/// server certificate it signed for the name "localhost" only, and a
/// second, unrelated CA.
struct TestCertificates {
    let folder: TemporaryFolder
    var caCertificate: String { folder.path + "/ca.crt" }
    var otherCACertificate: String { folder.path + "/other-ca.crt" }
    var otherCAKey: String { folder.path + "/other-ca.key" }
    var serverCertificate: String { folder.path + "/server.crt" }
    var serverKey: String { folder.path + "/server.key" }

    init() throws {
        folder = try TemporaryFolder()
        let script = """
        set -e
        cd '\(folder.path)'
        key='-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes'
        openssl req -x509 $key -keyout ca.key -out ca.crt -subj /CN=roster-test-ca -days 2 2>/dev/null
        openssl req -x509 $key -keyout other-ca.key -out other-ca.crt -subj /CN=roster-other-ca -days 2 2>/dev/null
        openssl req $key -keyout server.key -out server.csr -subj /CN=localhost 2>/dev/null
        printf 'subjectAltName=DNS:localhost\\n' > san.ext
        openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 2 -extfile san.ext 2>/dev/null
        """
        do {
            try TestCluster.run("/bin/sh", ["-c", script], what: "openssl")
        } catch {
            throw TestCluster.Failure(description: "openssl could not make the test certificates.")
        }
    }
}
