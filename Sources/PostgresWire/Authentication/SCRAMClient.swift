/// The client side of SCRAM-SHA-256 and SCRAM-SHA-256-PLUS (RFC 5802,
/// RFC 7677) as PostgreSQL runs them: the user name in the SCRAM messages
/// is left empty (the server takes the start-up packet's), and the
/// channel binding, if any, is `tls-server-end-point` (see ChannelBinding).
///
///     client-first  <gs2 header>n=,r=<client nonce>
///     server-first  r=<client nonce + server nonce>,s=<salt>,i=<iterations>
///     client-final  c=<base64 of gs2 header + binding data>,r=<nonce>,p=<proof>
///     server-final  v=<server signature>
///
/// The proof shows the client knows the password without sending it; the
/// server's signature, checked here, shows the server knows it too, so a
/// server impersonating the real one cannot end the exchange with "ok".
/// The proof covers `c=`, so with a binding it is good only on the TLS
/// connection whose certificate roster saw: a relay that ends TLS itself
/// cannot hand it on to the real server.
struct SCRAMClient {
    enum Step: Equatable { case sentFirst, sentFinal(expectedServerSignature: [UInt8]), done }

    private let password: [UInt8]
    private let clientNonce: String
    private let userName: String
    let binding: ChannelBinding
    private(set) var step = Step.sentFirst

    /// The SASL mechanism this client speaks: with `-PLUS` when it binds.
    var mechanism: String { binding.mechanism }

    /// `nonce` is random in real use; the tests give RFC 7677's, and its
    /// user name (PostgreSQL leaves it empty).
    init(password: String, nonce: String, userName: String = "", binding: ChannelBinding = .unsupported) {
        self.password = Array(SASLPrep.prepare(password).utf8)
        self.clientNonce = nonce
        self.userName = userName.replacingEvery("=", with: "=3D").replacingEvery(",", with: "=2C")
        self.binding = binding
    }

    /// A fresh client with 18 random bytes of nonce.
    static func withRandomNonce(password: String, binding: ChannelBinding) -> SCRAMClient? {
        guard let random = Cryptography.randomBytes(18) else { return nil }
        return SCRAMClient(password: password, nonce: Base64.encode(random), binding: binding)
    }

    var clientFirstMessageBare: String { "n=\(userName),r=\(clientNonce)" }
    var clientFirstMessage: [UInt8] { Array("\(binding.gs2Header)\(clientFirstMessageBare)".utf8) }

    /// The most PBKDF2 iterations roster computes for a server: a few
    /// seconds of one core. PostgreSQL's default is 4,096; servers that
    /// raise it for strength stay far below.
    static let mostIterations = 10_000_000

    /// The longest server-first message read: a nonce, a salt (16 bytes
    /// from PostgreSQL) and a count take a hundred. Megabytes of salt from
    /// a hostile server would keep the client parsing past every limit.
    static let longestServerFirst = 4_096

    /// Reads server-first and answers with client-final.
    mutating func clientFinalMessage(serverFirst data: [UInt8]) throws(SCRAMFailure) -> [UInt8] {
        guard step == .sentFirst else { throw .outOfOrder }
        guard data.count <= Self.longestServerFirst else { throw .malformed }
        let serverFirst = String(decoding: data, as: UTF8.self)
        var attributes: [Character: Substring] = [:]
        for part in serverFirst.split(separator: ",") {
            guard let key = part.first, part.dropFirst().first == "=" else { throw .malformed }
            attributes[key] = part.dropFirst(2)
        }
        guard let nonce = attributes["r"], let saltText = attributes["s"], let iterationText = attributes["i"] else {
            throw .malformed
        }
        guard nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count else { throw .nonceMismatch }
        guard let salt = Base64.decode(saltText), !salt.isEmpty else { throw .malformed }
        guard let iterations = Int(iterationText), iterations >= 1 else { throw .malformed }
        // A count no server needs would keep the client computing for
        // hours, past every time limit (the computation does not read
        // the socket): a hostile server's or a machine in the middle's.
        guard iterations <= Self.mostIterations else { throw .tooManyIterations(iterations) }

        let saltedPassword = Cryptography.pbkdf2SHA256(password: password, salt: salt, iterations: iterations)
        let clientKey = Cryptography.hmacSHA256(key: saltedPassword, Array("Client Key".utf8))
        let storedKey = Cryptography.sha256(clientKey)
        let clientFinalWithoutProof = "c=\(Base64.encode(binding.attributeData)),r=\(nonce)"
        let authMessage = Array("\(clientFirstMessageBare),\(serverFirst),\(clientFinalWithoutProof)".utf8)
        let clientSignature = Cryptography.hmacSHA256(key: storedKey, authMessage)
        let proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
        let serverKey = Cryptography.hmacSHA256(key: saltedPassword, Array("Server Key".utf8))
        step = .sentFinal(expectedServerSignature: Cryptography.hmacSHA256(key: serverKey, authMessage))
        return Array("\(clientFinalWithoutProof),p=\(Base64.encode(proof))".utf8)
    }

    /// Checks server-final's signature.
    mutating func verify(serverFinal data: [UInt8]) throws(SCRAMFailure) {
        guard case .sentFinal(let expected) = step else { throw .outOfOrder }
        let serverFinal = String(decoding: data, as: UTF8.self)
        if serverFinal.hasPrefix("e=") { throw .serverRefused(String(serverFinal.dropFirst(2))) }
        guard serverFinal.hasPrefix("v="),
              let signature = Base64.decode(serverFinal.dropFirst(2).prefix { $0 != "," }) else { throw .malformed }
        guard signature == expected else { throw .wrongServerSignature }
        step = .done
    }
}

enum SCRAMFailure: Error, Equatable {
    case malformed, nonceMismatch, outOfOrder, wrongServerSignature
    case serverRefused(String)
    case tooManyIterations(Int)

    var reason: String {
        switch self {
        case .malformed: "the server's SCRAM message was malformed"
        case .nonceMismatch: "the server's SCRAM nonce did not extend ours"
        case .outOfOrder: "the server's SCRAM messages came out of order"
        case .wrongServerSignature: "the server could not prove it knows the password (wrong SCRAM signature)"
        case .serverRefused(let code): "the server ended SCRAM with an error (\(code))"
        case .tooManyIterations(let count):
            "the server asked for \(count) SCRAM iterations, past the \(SCRAMClient.mostIterations) roster computes (PostgreSQL's default is 4096)"
        }
    }
}

/// The part of SASLprep (RFC 4013) that PostgreSQL's own applies and that
/// needs no Unicode tables beyond two small ones: non-ASCII spaces become
/// spaces and "commonly mapped to nothing" characters go. Compatibility
/// normalization (NFKC) is not done, so a password whose NFKC form differs
/// must be set through a client that sends it unchanged: an ASCII or NFC
/// password, the usual case, is prepared exactly as the server does.
enum SASLPrep {
    static func prepare(_ password: String) -> String {
        if password.utf8.allSatisfy({ $0 < 0x80 }) { return password }
        var scalars = String.UnicodeScalarView()
        for scalar in password.unicodeScalars {
            if mappedToNothing.contains(scalar.value) { continue }
            scalars.append(nonASCIISpaces.contains(scalar.value) ? " " : scalar)
        }
        return String(scalars)
    }

    private static let nonASCIISpaces: Set<UInt32> = [0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
                                                      0x2007, 0x2008, 0x2009, 0x200A, 0x200B, 0x202F, 0x205F, 0x3000]
    private static let mappedToNothing: Set<UInt32> = [0x00AD, 0x034F, 0x1806, 0x180B, 0x180C, 0x180D, 0x200C, 0x200D,
                                                       0x2060, 0xFE00, 0xFE01, 0xFE02, 0xFE03, 0xFE04, 0xFE05, 0xFE06,
                                                       0xFE07, 0xFE08, 0xFE09, 0xFE0A, 0xFE0B, 0xFE0C, 0xFE0D, 0xFE0E,
                                                       0xFE0F, 0xFEFF]
}

extension String {
    func replacingEvery(_ character: Character, with replacement: String) -> String {
        var result = ""
        for each in self { if each == character { result += replacement } else { result.append(each) } }
        return result
    }
}
