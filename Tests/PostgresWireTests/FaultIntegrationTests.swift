import Foundation
import Testing
@testable import PostgresWire

/// A server that goes away, or never answers, is a connection problem
/// (roster's exit 75), told apart from every other error, in time.
@Suite struct FaultIntegrationTests {
    @Test func aCrashedServerIsALostConnectionForAQueryAndForAnIdleListener() throws {
        let cluster = try TestCluster()
        let busy = try PostgresConnection.connect(cluster.settings())
        let idle = try PostgresConnection.connect(cluster.settings())
        try idle.listen("changes")
        try cluster.crash()
        do {
            try busy.query("SELECT 1")
            Issue.record("a query on a crashed server succeeded")
        } catch {
            #expect(error.isConnectionProblem)
            guard case .connectionLost(let server, _) = error else {
                Issue.record("expected connectionLost, got \(error)")
                return
            }
            #expect(server == cluster.settings().serverDescription)
        }
        #expect(busy.isClosed)
        #expect(throws: PostgresError.self) { try busy.query("SELECT 1") }
        // As an interface would: poll the socket, read what came, until
        // the server's going shows (a last notice may come before the end).
        let giveUp = Deadline.after(seconds: 5)
        var noticed: PostgresError?
        while noticed == nil && !giveUp.hasPassed {
            var entry = pollfd(fd: idle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, giveUp.pollTimeout)
            noticed = thrownError { _ = try idle.readPendingNotifications() }
        }
        #expect(noticed?.isConnectionProblem == true, "an idle connection noticed the crash")
        try cluster.restart()
        let again = try PostgresConnection.connect(cluster.settings())
        #expect(try again.query("SELECT 1").firstValue == "1")
        again.close()
    }

    @Test func aStoppedServerIsUnreachableAndSaysWhere() throws {
        let cluster = try TestCluster()
        let settings = cluster.settings(password: "never shown")
        try cluster.crash()
        do {
            _ = try PostgresConnection.connect(settings)
            Issue.record("connected to a stopped server")
        } catch {
            #expect(error.isConnectionProblem)
            #expect(error.description.contains(settings.socketPath))
            #expect(!error.description.contains("never shown"))
        }
    }

    @Test func aServerThatNeverAnswersIsUnreachableWithinTheConnectTimeout() throws {
        // A listening socket that never accepts: the kernel completes the
        // TCP handshake, then nothing ever answers the start-up packet.
        let port = try TestCluster.freePort()
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0 && listen(listener, 8) == 0)
        let settings = ConnectionSettings(host: "127.0.0.1", port: port, user: "postgres", sslMode: .disable, connectTimeout: 2)
        let started = Deadline.now()
        do {
            _ = try PostgresConnection.connect(settings)
            Issue.record("connected to a server that never answered")
        } catch {
            #expect(error.isConnectionProblem)
            guard case .unreachable = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
        }
        let seconds = Double(Deadline.now() - started) / 1e9
        #expect(seconds >= 1.9 && seconds < 3.5, "gave up after \(seconds) s")
    }

    @Test func aHostNameNSSCannotResolveSafelyIsExplainedNotLookedUp() throws {
        let folder = try TemporaryFolder()
        try "hosts: files mdns4_minimal [NOTFOUND=return] dns myhostname\n".write(toFile: folder.path + "/nsswitch.conf", atomically: true, encoding: .utf8)
        try "127.0.0.1 localhost\n10.1.2.3 db.internal db\n".write(toFile: folder.path + "/hosts", atomically: true, encoding: .utf8)
        #expect(HostResolver.hostModules(nsswitchPath: folder.path + "/nsswitch.conf") == ["files", "mdns4_minimal", "dns", "myhostname"])
        let found = try HostResolver.addresses(host: "DB", port: 5432, nsswitchPath: folder.path + "/nsswitch.conf", hostsPath: folder.path + "/hosts")
        #expect(found.count == 1 && found[0].family == AF_INET)
        do {
            _ = try HostResolver.addresses(host: "elsewhere.example", port: 5432, nsswitchPath: folder.path + "/nsswitch.conf",
                                           hostsPath: folder.path + "/hosts")
            Issue.record("a name was looked up through NSS modules a static program cannot load")
        } catch {
            #expect(error.description.contains("mdns4_minimal"))
            #expect(error.isConnectionProblem)
        }
        #expect(HostResolver.numericAddress("::1", port: 1)?.family == AF_INET6)
        #expect(HostResolver.numericAddress("db.internal", port: 1) == nil)
    }
}
