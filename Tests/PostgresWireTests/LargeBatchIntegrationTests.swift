import Foundation
import Testing
@testable import PostgresWire

/// A batch larger than the socket's buffers both ways: the server answers
/// while the batch still arrives and stops reading once its answers fill
/// the socket, so a client that only wrote until the end waited for ever
/// (roster stuck in send, the server in ClientWrite). Each test has a
/// watchdog that shuts the socket down, so a deadlock fails instead of
/// hanging.
@Suite struct LargeBatchIntegrationTests {
    @Test func aBatchLargerThanTheSocketBuffersIsSentWhileItsAnswersAreRead() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        defer { connection.close() }
        // 20 MB each way; a unix socket buffers a few hundred kilobytes.
        try runBatch(on: connection, statements: 20_000)
    }

    @Test func overTLSToo() throws {
        let certificates = try TestCertificates()
        let cluster = try TestCluster(port: try TestCluster.freePort(),
                                      tls: (certificates.serverCertificate, certificates.serverKey))
        let connection = try PostgresConnection.connect(
            ConnectionSettings(host: "127.0.0.1", port: cluster.port, user: "postgres", database: "postgres",
                               sslMode: .require, sslRootCert: "/nonexistent/root.crt", connectTimeout: 5))
        defer { connection.close() }
        #expect(connection.tlsVersion != nil)
        // 40 MB each way; TCP on loopback buffers up to about 10 MB.
        try runBatch(on: connection, statements: 40_000)
    }

    /// A deadlock never ends, so the watchdog needs only to outlast the
    /// slowest honest run: a budget for each statement, about three and a
    /// half times what a debug build takes on a quiet machine (40,000 over
    /// TLS: 46 s, against a watchdog of 60 s once, which a loaded machine
    /// overran), and never under 60 s.
    static func watchdogSeconds(statements count: Int) -> Double {
        max(60, Double(count) * 0.004)
    }

    /// Runs `statements` statements of about 1 kB each, whose answers are
    /// as large, in one batch; every answer must come back, in order, and
    /// the connection must go on.
    private func runBatch(on connection: PostgresConnection, statements count: Int) throws {
        let value = String(repeating: "v", count: 1_000)
        let batch = (0..<count).map { BoundStatement("SELECT $1::text || $2::text", [value, String($0)]) }
        let seconds = Self.watchdogSeconds(statements: count)
        let watchdog = Watchdog(socket: connection.fileDescriptor, seconds: seconds)
        let results: [QueryResult]
        do {
            results = try connection.execute(batch)
        } catch {
            let deadlocked = !watchdog.finish()
            Issue.record("the batch failed\(deadlocked ? " after \(Int(seconds)) s, deadlocked" : ""): \(error)")
            return
        }
        #expect(watchdog.finish(), "the batch took more than \(Int(seconds)) s")
        #expect(results.count == count)
        #expect(results.enumerated().allSatisfy { $0.element.rows == [[value + String($0.offset)]] },
                "every answer is there, in order")
        #expect(try connection.query("SELECT 1").firstValue == "1", "the connection goes on")
    }
}

/// Shuts a socket down if `finish` is not called in time: a blocked send
/// or read then fails at once.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var fired = false

    init(socket: Int32, seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard !finished else { return }
                fired = true
                shutdown(socket, Int32(SHUT_RDWR))
            }
        }
    }

    /// Stops the watchdog; false if it had already fired.
    func finish() -> Bool {
        lock.withLock {
            finished = true
            return !fired
        }
    }
}
