import COpenSSL

/// SCRAM's channel binding (RFC 5802, section 6) as PostgreSQL and libpq
/// speak it: `tls-server-end-point` (RFC 5929), the hash of the
/// certificate the server presented in this connection's TLS handshake.
///
/// The binding data goes into SCRAM's `c=`, which the proof covers. A
/// relay that ends TLS itself (with its own certificate, which `require`
/// does not check) and opens its own TLS session to the real server can
/// pass every byte on, but the real server hashes its own certificate,
/// not the relay's: the proof does not match, and the relay cannot log
/// in as the user. So whenever TLS is up and the server offers
/// SCRAM-SHA-256-PLUS, roster binds; when TLS is up and the server offers
/// no PLUS, roster says it could have bound (`y`), so that a server that
/// does offer it, whose offer a relay struck out, refuses; without TLS
/// there is nothing to bind to (`n`). libpq's `channel_binding` decides
/// the rest: `disable` never binds, `require` refuses any login that is
/// not bound.
enum ChannelBinding: Equatable {
    /// No TLS, or binding disabled: gs2 header `n,,`.
    case unsupported
    /// TLS up, but the server offered no SCRAM-SHA-256-PLUS: `y,,`.
    case notOffered
    /// Bound to the server's certificate: `p=tls-server-end-point,,`.
    case serverEndPoint(hash: [UInt8])

    static let plainMechanism = "SCRAM-SHA-256"
    static let boundMechanism = "SCRAM-SHA-256-PLUS"

    var isBound: Bool { if case .serverEndPoint = self { true } else { false } }

    var mechanism: String { isBound ? Self.boundMechanism : Self.plainMechanism }

    var gs2Header: String {
        switch self {
        case .unsupported: "n,,"
        case .notOffered: "y,,"
        case .serverEndPoint: "p=tls-server-end-point,,"
        }
    }

    /// What `c=` carries, before base64: the gs2 header, then the hash.
    var attributeData: [UInt8] {
        guard case .serverEndPoint(let hash) = self else { return Array(gs2Header.utf8) }
        return Array(gs2Header.utf8) + hash
    }

    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// The binding for a connection with `tls` (nil: none), whose server
    /// offered `mechanisms`, as `mode` asks; else why not, in words.
    static func choose(mode: ConnectionSettings.ChannelBindingMode, offered mechanisms: [String],
                       tls: TLSSession?) throws(Refusal) -> ChannelBinding {
        let binding = try bindingWanted(mode: mode, offered: mechanisms, tls: tls)
        guard mechanisms.contains(binding.mechanism) else {
            throw Refusal(reason: "it offers only SASL mechanisms roster does not speak (\(mechanisms.joined(separator: ", ")))")
        }
        return binding
    }

    private static func bindingWanted(mode: ConnectionSettings.ChannelBindingMode, offered mechanisms: [String],
                                      tls: TLSSession?) throws(Refusal) -> ChannelBinding {
        if mode == .disable { return .unsupported }
        guard let tls else {
            if mode == .require { throw Refusal(reason: "channel_binding is require, and this connection has no TLS to bind the login to (a unix socket has none: connect by host name, or leave channel_binding out)") }
            return .unsupported
        }
        guard mechanisms.contains(boundMechanism) else {
            if mode == .require {
                throw Refusal(reason: "channel_binding is require, and the server offers no SCRAM-SHA-256-PLUS (PostgreSQL 11 and later offer it over TLS, unless something on the way struck it out)")
            }
            return .notOffered
        }
        guard let hash = tls.serverEndPointHash() else {
            throw Refusal(reason: "the login cannot be bound to the server's certificate, whose signature algorithm names no single hash (Ed25519 or Ed448, say); channel_binding=disable logs in without the binding")
        }
        return .serverEndPoint(hash: hash)
    }

    /// Why the server ended a SCRAM exchange bound as `self` with
    /// `error`, when that says the binding failed: before the exchange
    /// is done, PostgreSQL refuses a binding to another certificate (`p`)
    /// with 28000, and a client that could have bound to a server that
    /// offered it (`y`) with 08P01; a wrong password is 28P01. nil otherwise.
    func refusal(by error: ServerError) -> String? {
        guard [.invalidAuthorizationSpecification, SQLState("08P01")].contains(error.sqlState) else { return nil }
        switch self {
        case .unsupported: return nil
        case .notOffered: return Self.offerStruckOut
        case .serverEndPoint: return Self.otherCertificate
        }
    }

    static let offerStruckOut = "the server binds logins to its TLS certificate, but its offer to do so (SCRAM-SHA-256-PLUS) did not reach roster: something between them struck it out and may pose as the server; it could not log in as you"
    static let otherCertificate = "the login was bound to the certificate roster saw, and the server refused that binding: something between them ends TLS with another certificate and poses as the server; it could not log in as you (sslmode=verify-full with the server's root certificate finds such a relay before any login)"

    /// Whether `error` says a relay was found by the binding: a
    /// connection that found one is not tried again without TLS.
    static func foundRelay(_ error: PostgresError) -> Bool {
        guard case .insecure(_, let reason) = error else { return false }
        return reason == offerStruckOut || reason == otherCertificate
    }
}

extension TLSSession {
    /// RFC 5929's tls-server-end-point: the server certificate's hash,
    /// by the digest its signature algorithm uses, SHA-256 in place of
    /// MD5 and SHA-1. nil when there is no certificate, or its signature
    /// algorithm uses no single digest (as libpq, which fails likewise).
    func serverEndPointHash() -> [UInt8]? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        var digestID: Int32 = 0
        guard OBJ_find_sigid_algs(X509_get_signature_nid(certificate), &digestID, nil) == 1 else { return nil }
        if digestID == NID_md5 || digestID == NID_sha1 { digestID = NID_sha256 }
        guard digestID != NID_undef, let digest = EVP_get_digestbyname(OBJ_nid2sn(digestID)) else { return nil }
        var hash = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(certificate, digest, &hash, &length) == 1 else { return nil }
        return Array(hash.prefix(Int(length)))
    }
}
