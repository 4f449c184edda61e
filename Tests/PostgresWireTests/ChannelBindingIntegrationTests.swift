import Foundation
import Testing
@testable import PostgresWire

/// SCRAM bound to the TLS connection (SCRAM-SHA-256-PLUS with
/// tls-server-end-point), against real servers: a login straight to the
/// server is bound, and a relay that ends TLS with its own certificate,
/// which `sslmode=require` lets through, cannot log in as the user.
@Suite struct ChannelBindingIntegrationTests {
    private let password = "correct horse"

    private func settings(port: UInt16, mode: ConnectionSettings.SSLMode = .require,
                          binding: ConnectionSettings.ChannelBindingMode = .prefer) -> ConnectionSettings {
        var settings = ConnectionSettings(host: "127.0.0.1", port: port, user: "alice", database: "postgres", password: password,
                                          sslMode: mode, sslRootCert: "/nonexistent/root.crt", connectTimeout: 5)
        settings.channelBinding = binding
        return settings
    }

    private func cluster(certificate: String, key: String) throws -> TestCluster {
        try TestCluster(port: try TestCluster.freePort(), tls: (certificate, key), passwordRole: ("alice", password))
    }

    @Test func aLoginOverTLSIsBoundToTheServersCertificate() throws {
        let certificates = try TestCertificates()
        let server = try cluster(certificate: certificates.serverCertificate, key: certificates.serverKey)
        // require lets only a bound login through: the hash roster made of
        // the certificate is the one the server made of its own.
        for binding in ConnectionSettings.ChannelBindingMode.allCases {
            let connection = try PostgresConnection.connect(settings(port: server.port, binding: binding))
            #expect(try connection.query("SELECT current_user").firstValue == "alice", "\(binding)")
            connection.close()
        }
        var wrong = settings(port: server.port, binding: .require)
        wrong.password = "wrong horse"
        guard case .server(let error)? = thrownError({ _ = try PostgresConnection.connect(wrong) }) else {
            Issue.record("a wrong password with a bound login was not refused by the server")
            return
        }
        #expect(error.sqlState == .invalidPassword)
    }

    /// The hash follows the certificate's signature algorithm: SHA-384
    /// for a certificate signed with it, SHA-256 for one signed with SHA-1.
    @Test(arguments: ["-newkey ec -pkeyopt ec_paramgen_curve:secp384r1 -sha384", "-newkey rsa:2048 -sha1"])
    func theHashIsTheOneTheCertificatesSignatureUses(options: String) throws {
        let folder = try TemporaryFolder()
        try TestCluster.run("/bin/sh", ["-c", "cd '\(folder.path)' && openssl req -x509 \(options) -nodes -keyout server.key -out server.crt -subj /CN=localhost -days 2 2>&1"],
                            what: "openssl")
        let server = try cluster(certificate: folder.path + "/server.crt", key: folder.path + "/server.key")
        let connection = try PostgresConnection.connect(settings(port: server.port, binding: .require))
        #expect(try connection.query("SELECT current_user").firstValue == "alice")
        connection.close()
    }

    @Test func aRelayThatEndsTLSWithItsOwnCertificateCannotLogInAsTheUser() throws {
        let certificates = try TestCertificates()
        let server = try cluster(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let relay = try TLSRelay(toPort: server.port, certificate: certificates.otherCACertificate, key: certificates.otherCAKey)
        for mode in [ConnectionSettings.SSLMode.require, .prefer] {
            let refused = thrownError { _ = try PostgresConnection.connect(settings(port: relay.port, mode: mode)) }
            guard case .insecure(_, let reason)? = refused else {
                Issue.record("sslmode \(mode.rawValue): the relay logged in as alice: \(String(describing: refused))")
                continue
            }
            #expect(reason == ChannelBinding.otherCertificate, "\(mode)")
            #expect(!reason.contains(password))
        }
    }

    @Test func aRelayThatStrikesOutTheBindingIsRefusedByTheServerOrByRequire() throws {
        let certificates = try TestCertificates()
        let server = try cluster(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let relay = try TLSRelay(toPort: server.port, certificate: certificates.otherCACertificate, key: certificates.otherCAKey,
                                 strikesPLUS: true)
        let preferred = thrownError { _ = try PostgresConnection.connect(settings(port: relay.port)) }
        guard case .insecure(_, let reason)? = preferred else {
            Issue.record("the relay that struck PLUS out logged in as alice: \(String(describing: preferred))")
            return
        }
        #expect(reason == ChannelBinding.offerStruckOut)
        let required = thrownError { _ = try PostgresConnection.connect(settings(port: relay.port, binding: .require)) }
        guard case .insecure(_, let requiredReason)? = required else {
            Issue.record("channel_binding=require let a login without PLUS go on: \(String(describing: required))")
            return
        }
        #expect(requiredReason.contains("offers no SCRAM-SHA-256-PLUS"))
    }

    @Test func requireNeedsTLS() throws {
        let cluster = try TestCluster(passwordRole: ("alice", password))
        var socket = cluster.settings(user: "alice", password: password)
        socket.channelBinding = .require
        guard case .insecure(_, let reason)? = thrownError({ _ = try PostgresConnection.connect(socket) }) else {
            Issue.record("channel_binding=require logged in on a unix socket, which has no TLS")
            return
        }
        #expect(reason.contains("no TLS"))
        socket.channelBinding = .prefer
        let connection = try PostgresConnection.connect(socket)
        #expect(try connection.query("SELECT current_user").firstValue == "alice")
        connection.close()
        #expect(throws: PostgresError.self) {
            try ConnectionSettings.resolve(uri: "postgresql://h/db?sslmode=disable&channel_binding=require", environment: [:])
        }
        #expect(throws: PostgresError.self) {
            try ConnectionSettings.resolve(uri: "postgresql://h/db?channel_binding=sometimes", environment: [:])
        }
        #expect(try ConnectionSettings.resolve(uri: "postgresql://h/db", environment: ["PGCHANNELBINDING": "require"]).channelBinding == .require)
    }
}
