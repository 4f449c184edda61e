import COpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// TLS over an already connected socket, with OpenSSL, after the server
/// said 'S' to SSLRequest. What is checked follows libpq's sslmode:
///
/// - prefer, allow, require: encrypted, the certificate not checked,
///   except that require checks the chain when the root certificate file
///   exists (libpq's rule, kept for compatibility);
/// - verify-ca: the chain must lead to a certificate in sslrootcert,
///   which must exist;
/// - verify-full: that, and the certificate must name the host (its
///   subjectAltName, or its common name when it has no DNS names; an
///   address is checked against its IP entries).
///
/// The host name goes out as SNI unless it is an address, as libpq does.
/// The socket's BIO sends with MSG_NOSIGNAL (see COpenSSL's shim), so a
/// server gone mid-write is an error, not a SIGPIPE.
final class TLSSession {
    /// Internal for the channel binding's certificate hash (ChannelBinding).
    let ssl: OpaquePointer
    private let context: OpaquePointer
    private let server: String

    static func start(on transport: Transport, settings: ConnectionSettings, deadline: Deadline) throws(PostgresError) -> TLSSession {
        let server = settings.serverDescription
        func refuse(_ reason: String) -> PostgresError { .insecure(server: server, reason: reason) }
        OPENSSL_init_ssl(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil)
        guard let method = TLS_client_method(), let context = SSL_CTX_new(method) else {
            throw refuse("OpenSSL could not make a TLS context (\(openSSLReason()))")
        }
        var contextOwned = true
        defer { if contextOwned { SSL_CTX_free(context) } }
        _ = roster_ssl_ctx_require_tls12(context)

        let rootCertificate = settings.sslRootCert
        let rootExists = rootCertificate.map { access($0, R_OK) == 0 } ?? false
        let verifies = settings.sslMode == .verifyCA || settings.sslMode == .verifyFull
            || (settings.sslMode == .require && rootExists)
        if verifies {
            guard let rootCertificate, rootExists else {
                throw refuse("sslmode \(settings.sslMode.rawValue) needs the root certificate file \(rootCertificate ?? "~/.postgresql/root.crt"), which cannot be read; give sslrootcert or change sslmode")
            }
            // A FIFO or a device would hold OpenSSL's read past every time
            // limit: only a plain file is read, as the password file is.
            var info = stat()
            guard stat(rootCertificate, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw refuse("the root certificate file \(rootCertificate) is not a plain file (a folder, a FIFO or a device), so it is not read")
            }
            guard SSL_CTX_load_verify_locations(context, rootCertificate, nil) == 1 else {
                throw refuse("the root certificate file \(rootCertificate) could not be read as certificates (\(openSSLReason()))")
            }
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        } else {
            SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        }

        guard let ssl = SSL_new(context) else { throw refuse("OpenSSL could not start a session (\(openSSLReason()))") }
        let session = TLSSession(ssl: ssl, context: context, server: server)
        contextOwned = false

        let isAddress = HostResolver.numericAddress(settings.host, port: 0) != nil
        if settings.sslMode == .verifyFull {
            guard let parameters = SSL_get0_param(ssl) else { throw refuse("OpenSSL could not set the host name to check") }
            X509_VERIFY_PARAM_set_hostflags(parameters, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
            let set = isAddress ? X509_VERIFY_PARAM_set1_ip_asc(parameters, settings.host)
                                : X509_VERIFY_PARAM_set1_host(parameters, settings.host, 0)
            guard set == 1 else { throw refuse("OpenSSL could not set the host name to check") }
        }
        if !isAddress && !settings.isUnixSocket { _ = roster_ssl_set_server_name(ssl, settings.host) }

        guard let bio = roster_bio_for_socket(transport.fileDescriptor) else {
            throw refuse("OpenSSL could not attach to the socket")
        }
        SSL_set_bio(ssl, bio, bio)

        // The handshake runs non-blocking so that the connect timeout holds.
        transport.setBlocking(false)
        defer { transport.setBlocking(true) }
        while true {
            ERR_clear_error()
            let result = SSL_connect(ssl)
            if result == 1 { break }
            let failure = SSL_get_error(ssl, result)
            if failure == SSL_ERROR_WANT_READ || failure == SSL_ERROR_WANT_WRITE {
                let events = Int16(failure == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT)
                guard try transport.wait(for: events, deadline: deadline) else {
                    throw .unreachable(server: server, reason: "the TLS handshake did not finish within the connect timeout")
                }
                continue
            }
            let verification = SSL_get_verify_result(ssl)
            if verifies && verification != Int(X509_V_OK) {
                let reason = String(cString: X509_verify_cert_error_string(verification))
                throw refuse("the server's certificate was not accepted (\(reason))")
            }
            throw refuse("the TLS handshake failed (\(openSSLReason()))")
        }
        return session
    }

    private init(ssl: OpaquePointer, context: OpaquePointer, server: String) {
        self.ssl = ssl
        self.context = context
        self.server = server
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
    }

    /// The protocol version agreed, such as "TLSv1.3".
    var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    var hasPendingBytes: Bool { SSL_pending(ssl) > 0 }

    /// Sends every byte on the non-blocking socket. When OpenSSL cannot go
    /// on, `wait` is told what for (POLLOUT, or POLLIN while it must read
    /// first), and the same bytes are offered again, as OpenSSL requires.
    func write(_ bytes: [UInt8], wait: (_ events: Int16) throws(PostgresError) -> Void) throws(PostgresError) {
        var offset = 0
        while offset < bytes.count {
            ERR_clear_error()
            let written = bytes.withUnsafeBytes { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return 0 }
                return SSL_write(ssl, base + offset, Int32(clamping: buffer.count - offset))
            }
            if written > 0 {
                offset += Int(written)
                continue
            }
            switch SSL_get_error(ssl, written) {
            case SSL_ERROR_WANT_WRITE: try wait(Int16(POLLOUT))
            case SSL_ERROR_WANT_READ: try wait(Int16(POLLIN))
            case let failure: throw lost(failure)
            }
        }
    }

    /// Reads at least one byte; with `mayWouldBlock`, on a non-blocking
    /// socket, returns 0 when no whole record has arrived yet.
    func read(into buffer: UnsafeMutableRawBufferPointer, mayWouldBlock: Bool = false) throws(PostgresError) -> Int {
        while true {
            ERR_clear_error()
            let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
            if count > 0 { return Int(count) }
            let failure = SSL_get_error(ssl, count)
            if failure == SSL_ERROR_WANT_READ || failure == SSL_ERROR_WANT_WRITE {
                if mayWouldBlock { return 0 }
                continue
            }
            throw lost(failure)
        }
    }

    func shutDown() {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
    }

    private func lost(_ failure: Int32) -> PostgresError {
        let reason: String = switch failure {
        case SSL_ERROR_ZERO_RETURN: "the server closed the connection"
        case SSL_ERROR_SYSCALL: errno == 0 ? "the server closed the connection" : systemReason()
        default: "TLS failed (\(openSSLReason()))"
        }
        return .connectionLost(server: server, reason: reason)
    }
}

/// OpenSSL's latest error, as its own words.
func openSSLReason() -> String {
    let code = ERR_get_error()
    guard code != 0 else { return "no detail from OpenSSL" }
    var text = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &text, text.count)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
