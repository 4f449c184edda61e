import Foundation
import Testing
@testable import PostgresWire

/// TLS as sslmode says, SCRAM, and passwords never sent where they could
/// be read, against real throwaway servers.
@Suite struct SecurityIntegrationTests {
    private func tlsSettings(_ cluster: TestCluster, host: String, mode: ConnectionSettings.SSLMode, rootCert: String?,
                             user: String = "postgres", password: String? = nil) -> ConnectionSettings {
        ConnectionSettings(host: host, port: cluster.port, user: user, database: "postgres", password: password,
                           sslMode: mode, sslRootCert: rootCert, connectTimeout: 5)
    }

    @Test func verifyFullPassesWithTheRightCAAndIsRefusedWithAWrongCAOrHost() throws {
        let certificates = try TestCertificates()
        let cluster = try TestCluster(port: try TestCluster.freePort(),
                                      tls: (certificates.serverCertificate, certificates.serverKey))
        let started = Deadline.now()
        let verified = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                                  rootCert: certificates.caCertificate))
        print("connect with TLS and verify-full: \(Double(Deadline.now() - started) / 1e6) ms")
        #expect(verified.tlsVersion == "TLSv1.3")
        #expect(try verified.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").firstValue == "t")
        // Notifications read without blocking work through TLS records too.
        try verified.listen("over tls")
        let notifier = try PostgresConnection.connect(cluster.settings())
        try notifier.notify("over tls", payload: "hello")
        notifier.close()
        #expect(try verified.waitForNotifications(milliseconds: 5_000).map(\.payload) == ["hello"])
        verified.close()

        #expect(throws: PostgresError.self, "a CA that did not sign the server's certificate") {
            try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                       rootCert: certificates.otherCACertificate))
        }
        let wrongHost = thrownError {
            _ = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .verifyFull,
                                                           rootCert: certificates.caCertificate))
        }
        guard case .insecure(_, let reason)? = wrongHost else {
            Issue.record("a certificate for localhost was not refused for 127.0.0.1: \(String(describing: wrongHost))")
            return
        }
        #expect(reason.contains("not accepted"))
        let caOnly = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .verifyCA,
                                                                rootCert: certificates.caCertificate))
        #expect(caOnly.tlsVersion != nil, "verify-ca checks the chain, not the name")
        caOnly.close()
        #expect(throws: PostgresError.self, "verify-ca with the wrong CA") {
            try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .verifyCA,
                                                       rootCert: certificates.otherCACertificate))
        }
    }

    @Test func requireEncryptsWithoutARootCertificateAndPreferUsesTLSWhenOffered() throws {
        let certificates = try TestCertificates()
        let cluster = try TestCluster(port: try TestCluster.freePort(),
                                      tls: (certificates.serverCertificate, certificates.serverKey))
        let required = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .require,
                                                                  rootCert: "/nonexistent/root.crt"))
        #expect(required.tlsVersion != nil)
        required.close()
        #expect(throws: PostgresError.self, "require checks the chain when the root certificate file exists, as libpq") {
            try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .require,
                                                       rootCert: certificates.otherCACertificate))
        }
        let preferred = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .prefer, rootCert: nil))
        #expect(preferred.tlsVersion != nil)
        preferred.close()
        let allowed = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .allow, rootCert: nil))
        #expect(allowed.tlsVersion != nil, "allow tries without TLS, is refused by this server, and retries with it")
        allowed.close()
        #expect(throws: PostgresError.self, "verify-full without a root certificate file") {
            try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull, rootCert: "/nonexistent/root.crt"))
        }
        // The server accepts TCP only with TLS (hostssl): without it, it refuses.
        let plain = thrownError { _ = try PostgresConnection.connect(tlsSettings(cluster, host: "127.0.0.1", mode: .disable, rootCert: nil)) }
        guard case .server(let error)? = plain else {
            Issue.record("a plain connection to a hostssl-only server was not refused by it: \(String(describing: plain))")
            return
        }
        #expect(error.sqlState == .invalidAuthorizationSpecification)
    }

    @Test func scramOverTLSAcceptsTheRightPasswordAndRefusesAWrongOne() throws {
        let certificates = try TestCertificates()
        let cluster = try TestCluster(port: try TestCluster.freePort(), tls: (certificates.serverCertificate, certificates.serverKey),
                                      passwordRole: ("alice", "correct horse"))
        let connection = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                                    rootCert: certificates.caCertificate,
                                                                    user: "alice", password: "correct horse"))
        #expect(try connection.query("SELECT current_user").firstValue == "alice")
        connection.close()
        let refused = thrownError {
            _ = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                           rootCert: certificates.caCertificate,
                                                           user: "alice", password: "wrong horse"))
        }
        guard case .server(let error)? = refused else {
            Issue.record("a wrong password was not refused by the server: \(String(describing: refused))")
            return
        }
        #expect(error.sqlState == .invalidPassword)
        #expect(!error.description.contains("wrong horse"))
        // prefer retries without TLS, which this server refuses for want of
        // a pg_hba.conf line; the password's refusal is the one reported.
        let preferred = thrownError {
            _ = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .prefer, rootCert: nil,
                                                           user: "alice", password: "wrong horse"))
        }
        guard case .server(let preferredError)? = preferred else {
            Issue.record("a wrong password under prefer was not refused by the server: \(String(describing: preferred))")
            return
        }
        #expect(preferredError.sqlState == .invalidPassword)
    }

    @Test func scramOverTheUnixSocketWithPasswordAuthentication() throws {
        let cluster = try TestCluster(passwordRole: ("bob", "s3cret:with'quote"))
        let connection = try PostgresConnection.connect(cluster.settings(user: "bob", password: "s3cret:with'quote"))
        #expect(try connection.query("SELECT current_user").firstValue == "bob")
        connection.close()
        let wrong = thrownError { _ = try PostgresConnection.connect(cluster.settings(user: "bob", password: "nope")) }
        guard case .server(let error)? = wrong else {
            Issue.record("a wrong password was not refused by the server: \(String(describing: wrong))")
            return
        }
        #expect(error.sqlState == .invalidPassword)
        let missing = thrownError { _ = try PostgresConnection.connect(cluster.settings(user: "bob")) }
        guard case .invalidSettings(let sentence)? = missing else {
            Issue.record("a missing password was not explained: \(String(describing: missing))")
            return
        }
        #expect(sentence.contains("none was given"))
    }

    @Test func md5AndCleartextPasswordsAreSentOverTLS() throws {
        let certificates = try TestCertificates()
        for method in ["md5", "password"] {
            let cluster = try TestCluster(port: try TestCluster.freePort(), tls: (certificates.serverCertificate, certificates.serverKey),
                                          passwordRole: ("dave", "old:style"), method: method)
            let connection = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                                        rootCert: certificates.caCertificate,
                                                                        user: "dave", password: "old:style"))
            #expect(try connection.query("SELECT current_user").firstValue == "dave", "\(method)")
            connection.close()
            let refused = thrownError {
                _ = try PostgresConnection.connect(tlsSettings(cluster, host: "localhost", mode: .verifyFull,
                                                               rootCert: certificates.caCertificate,
                                                               user: "dave", password: "wrong"))
            }
            guard case .server(let error)? = refused else {
                Issue.record("a wrong \(method) password was not refused by the server: \(String(describing: refused))")
                continue
            }
            #expect(error.sqlState == .invalidPassword)
        }
    }

    @Test func aPasswordAskedForInClearWithoutTLSIsNeverSent() throws {
        for method in ["password", "md5"] {
            let cluster = try TestCluster(passwordRole: ("carol", "plain secret"), method: method)
            let refused = thrownError { _ = try PostgresConnection.connect(cluster.settings(user: "carol", password: "plain secret")) }
            guard case .insecure(_, let reason)? = refused else {
                Issue.record("a \(method) password was not refused without TLS: \(String(describing: refused))")
                continue
            }
            #expect(reason.contains("no TLS"))
            #expect(!reason.contains("plain secret"))
        }
    }
}

/// The PostgresError `body` threw, or nil if it threw nothing (any other
/// error is recorded as an issue).
func thrownError(_ body: () throws -> Void) -> PostgresError? {
    do {
        try body()
        return nil
    } catch let error as PostgresError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
