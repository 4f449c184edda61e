import Foundation
import Testing
@testable import PostgresWire

/// A server that stops answering (a network that dropped the connection
/// without a word looks so) ends a wait after `answerTimeoutMilliseconds`
/// of silence, and a caller watching a terminal can give up sooner.
@Suite struct SilentServerTests {
    @Test func aSilentServerEndsTheWaitAfterTheAnswerTimeoutAndTheConnectionIsClosed() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        connection.answerTimeoutMilliseconds = 400
        // pg_sleep sends nothing while it sleeps, as a dead link would.
        let started = Deadline.now()
        let error = thrownError { try connection.query("SELECT pg_sleep(5)") }
        let waited = Double(Deadline.now() - started) / 1e9
        guard case .stoppedAnswering(let server, let milliseconds) = error else {
            Issue.record("expected stoppedAnswering, got \(String(describing: error))")
            return
        }
        #expect(server == cluster.settings().serverDescription)
        #expect(milliseconds == 400)
        #expect(waited >= 0.35 && waited < 3, "waited \(waited) s")
        #expect(error?.isConnectionProblem == true)
        #expect(error?.description.contains("stopped answering: nothing came for 0.4 s") == true)
        #expect(connection.isClosed)
    }

    @Test func aStatementGivenUpOnIsCancelledOnTheServer() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        let watcher = try PostgresConnection.connect(cluster.settings())
        defer { watcher.close() }
        let busy = String(connection.processID)
        connection.answerTimeoutMilliseconds = 300
        _ = thrownError { try connection.query("SELECT pg_sleep(60)") }
        // The server stops the statement, rather than sleeping on for a minute.
        var state: String?? = "active"
        for _ in 0..<40 where state == "active" {
            state = try watcher.query("SELECT state FROM pg_stat_activity WHERE pid = \(busy)").rows.first?.first
            if state == "active" { usleep(50_000) }
        }
        #expect(state != "active", "the statement given up on still runs")
    }

    @Test func anAnswerWithinTheTimeoutIsNotCutAndEachWaitHasTheWholeTimeout() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        connection.answerTimeoutMilliseconds = 1000
        // Three waits of 0.6 s each: 1.8 s in all, each within the limit.
        for _ in 0..<3 {
            #expect(try connection.query("SELECT pg_sleep(0.6), 1").rows.first?.last == "1")
        }
        #expect(!connection.isClosed)
    }

    @Test func aWatchThatGivesUpEndsTheWaitAtOnceWithoutTheTimeout() throws {
        let cluster = try TestCluster()
        let connection = try PostgresConnection.connect(cluster.settings())
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var looks = 0
        connection.waitWatch = WaitWatch(descriptors: [ends[0]]) {
            // Reads what came (a key): only the second one gives up.
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            looks += 1
            return byte == UInt8(ascii: "q")
        }
        let writer = ends[1]
        Thread.detachNewThread {
            usleep(200_000)
            var key = UInt8(ascii: "x")
            _ = write(writer, &key, 1)
            usleep(200_000)
            key = UInt8(ascii: "q")
            _ = write(writer, &key, 1)
        }
        let started = Deadline.now()
        let error = thrownError { try connection.query("SELECT pg_sleep(10)") }
        let waited = Double(Deadline.now() - started) / 1e9
        guard case .interrupted = error else {
            Issue.record("expected interrupted, got \(String(describing: error))")
            return
        }
        #expect(looks == 2)
        #expect(waited < 3, "waited \(waited) s")
        #expect(connection.isClosed)
    }

    @Test func aTCPSocketProbesAQuietLinkInSecondsNotHours() throws {
        let certificates = try TestCertificates()
        let cluster = try TestCluster(port: try TestCluster.freePort(), tls: (certificates.serverCertificate, certificates.serverKey))
        let connection = try PostgresConnection.connect(ConnectionSettings(
            host: "127.0.0.1", port: cluster.port, user: "postgres", database: "postgres", sslMode: .require, connectTimeout: 5))
        func option(_ level: Int32, _ name: Int32) -> Int32 {
            var value: Int32 = -1
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(connection.fileDescriptor, level, name, &value, &length)
            return value
        }
        let tcp = Int32(IPPROTO_TCP)
        #expect(option(SOL_SOCKET, SO_KEEPALIVE) == 1)
        #expect([option(tcp, TCP_KEEPIDLE), option(tcp, TCP_KEEPINTVL), option(tcp, TCP_KEEPCNT)] == [10, 5, 3])
        #expect(option(tcp, TCP_USER_TIMEOUT) == 25_000)
        connection.close()
    }
}
