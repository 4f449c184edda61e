/// Making a session: TLS as sslmode asks, the start-up packet,
/// authentication, and the session's first ReadyForQuery, all within the
/// connect timeout.
///
/// sslmode, as libpq: disable never asks for TLS; allow tries without and
/// retries with TLS if the server refuses; prefer tries TLS and falls back
/// to a plain connection if the server says no or the TLS attempt fails;
/// require, verify-ca and verify-full insist. A unix socket never uses TLS
/// (libpq does not ask for it there either).
///
/// Passwords: SCRAM-SHA-256 always, bound to the TLS connection when
/// there is one (SCRAM-SHA-256-PLUS: see ChannelBinding); MD5 and
/// cleartext only over TLS, because over a plain connection they give the
/// password (or a hash good enough to log in with) to anyone on the path,
/// and never with channel_binding=require, since they cannot be bound.
extension PostgresConnection {
    public static func connect(_ settings: ConnectionSettings) throws(PostgresError) -> PostgresConnection {
        let deadline = Deadline.after(seconds: settings.connectTimeout)
        if settings.isUnixSocket { return try attempt(settings, tls: .never, deadline: deadline) }
        // A login that must be bound needs TLS, whatever sslmode would allow.
        if settings.channelBinding == .require { return try attempt(settings, tls: .required, deadline: deadline) }
        switch settings.sslMode {
        case .disable:
            return try attempt(settings, tls: .never, deadline: deadline)
        case .allow:
            do {
                return try attempt(settings, tls: .never, deadline: deadline)
            } catch {
                guard case .server = error else { throw error }
                return try attempt(settings, tls: .required, deadline: deadline)
            }
        case .prefer:
            do {
                return try attempt(settings, tls: .ifOffered, deadline: deadline)
            } catch {
                switch error {
                case .insecure, .server:
                    // A relay found by the channel binding is told as such.
                    if ChannelBinding.foundRelay(error) { throw error }
                    let first = error
                    // As libpq: a failed TLS attempt is retried without
                    // TLS. If that is refused too, the first refusal
                    // (a wrong password, say) is the one that explains.
                    do {
                        return try attempt(settings, tls: .never, deadline: deadline)
                    } catch let second where second.isConnectionProblem {
                        throw second
                    } catch {
                        throw first
                    }
                default: throw error
                }
            }
        case .require, .verifyCA, .verifyFull:
            return try attempt(settings, tls: .required, deadline: deadline)
        }
    }

    enum TLSUse { case never, ifOffered, required }

    private static func attempt(_ settings: ConnectionSettings, tls: TLSUse, deadline: Deadline) throws(PostgresError) -> PostgresConnection {
        let transport = try Transport.connect(settings, deadline: deadline)
        let connection = PostgresConnection(settings: settings, transport: transport)
        connection.readDeadline = deadline
        if tls != .never {
            var request = MessageWriter()
            SSLRequest().encode(into: &request)
            do throws(PostgresError) {
                try transport.write(request.bytes)
                switch try transport.readByte(deadline: deadline) {
                case UInt8(ascii: "S"):
                    transport.startTLS(try TLSSession.start(on: transport, settings: settings, deadline: deadline))
                case UInt8(ascii: "N"):
                    if tls == .required {
                        throw PostgresError.insecure(server: settings.serverDescription,
                                                     reason: "the server does not accept TLS, and sslmode is \(settings.sslMode.rawValue)")
                    }
                default:
                    throw PostgresError.protocolViolation("it answered the TLS request with neither S nor N")
                }
            } catch {
                throw connection.lose(error)
            }
        }
        try connection.startSession(deadline: deadline)
        return connection
    }

    /// The server keeps an application_name's first 63 bytes, and a
    /// longer one (10 KB) made it reset the connection: it is cut here,
    /// between characters, before it is sent.
    static func serverApplicationName(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > keptApplicationNameBytes else { return name }
        var end = keptApplicationNameBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static let keptApplicationNameBytes = 63

    private func startSession(deadline: Deadline) throws(PostgresError) {
        var parameters: [(name: String, value: String)] = [("user", settings.user), ("database", settings.database),
                                                            ("client_encoding", "UTF8"), ("DateStyle", "ISO")]
        if let application = settings.applicationName {
            parameters.append(("application_name", Self.serverApplicationName(application)))
        }
        for name in settings.runtimeParameters.keys.sorted() {
            if let value = settings.runtimeParameters[name] { parameters.append((name, value)) }
        }
        StartupMessage(parameters: parameters).encode(into: &outgoing)
        try flush()
        var scram: SCRAMClient?
        while true {
            switch try nextEvent() {
            case .authentication(let request):
                try answer(request, scram: &scram)
            case .backendKey(let key):
                processID = key.processID
                secretKey = key.secretKey
            case .readyForQuery:
                isEstablished = true
                readDeadline = .never
                return
            case .serverFatal(let error):
                transport.close()
                if let reason = scram.flatMap({ $0.step == .done ? nil : $0.binding.refusal(by: error) }) {
                    throw .insecure(server: settings.serverDescription, reason: reason)
                }
                // Every connection the server allows in use: as passing as a busy file.
                if error.sqlState == .tooManyConnections {
                    throw .unreachable(server: settings.serverDescription,
                                       reason: "every connection it allows is in use (SQLSTATE \(error.sqlState.code)); try again")
                }
                if [.cannotConnectNow, .adminShutdown, .crashShutdown].contains(error.sqlState) || error.sqlState.errorClass == "08" {
                    throw .unreachable(server: settings.serverDescription,
                                       reason: "the server is not accepting connections now (SQLSTATE \(error.sqlState.code))")
                }
                throw .server(error)
            case .acknowledged:
                continue
            default:
                throw lose(.protocolViolation("it sent a query result before the session began"))
            }
        }
    }

    private func answer(_ request: Authentication, scram: inout SCRAMClient?) throws(PostgresError) {
        let server = settings.serverDescription
        switch request {
        case .ok:
            if let client = scram, client.step != .done {
                throw lose(.insecure(server: server, reason: "the server ended SCRAM without proving it knows the password"))
            }
            if settings.channelBinding == .require && scram?.binding.isBound != true {
                throw lose(.insecure(server: server, reason: "channel_binding is require, and the server let roster in without a login bound to its TLS certificate"))
            }
        case .cleartextPassword, .md5Password:
            guard transport.tls != nil else {
                throw lose(.insecure(server: server, reason: "it asks for the password in a form readable on the way (cleartext or MD5), and this connection has no TLS; use SCRAM-SHA-256 on the server, or TLS"))
            }
            guard settings.channelBinding != .require else {
                throw lose(.insecure(server: server, reason: "it asks for the password in cleartext or MD5, which cannot be bound to the TLS connection, and channel_binding is require; use SCRAM-SHA-256 on the server"))
            }
            let password = try requirePassword()
            if case .md5Password(let salt) = request {
                let inner = Cryptography.md5Hex(Array((password + settings.user).utf8))
                send(PasswordMessage(password: "md5" + Cryptography.md5Hex(Array(inner.utf8) + salt)))
            } else {
                send(PasswordMessage(password: password))
            }
            try flush()
        case .sasl(let mechanisms):
            let binding: ChannelBinding
            do {
                binding = try ChannelBinding.choose(mode: settings.channelBinding, offered: mechanisms, tls: transport.tls)
            } catch {
                throw lose(.insecure(server: server, reason: error.reason))
            }
            guard let client = SCRAMClient.withRandomNonce(password: try requirePassword(), binding: binding) else {
                throw lose(.insecure(server: server, reason: "OpenSSL had no random bytes for the SCRAM nonce"))
            }
            scram = client
            send(SASLInitialResponse(mechanism: client.mechanism, data: client.clientFirstMessage))
            try flush()
        case .saslContinue(let data):
            guard var client = scram else { throw lose(.protocolViolation("it continued a SASL exchange that had not begun")) }
            do {
                send(SASLResponse(data: try client.clientFinalMessage(serverFirst: data)))
            } catch {
                throw lose(.insecure(server: server, reason: error.reason))
            }
            scram = client
            try flush()
        case .saslFinal(let data):
            guard var client = scram else { throw lose(.protocolViolation("it ended a SASL exchange that had not begun")) }
            do {
                try client.verify(serverFinal: data)
            } catch {
                throw lose(.insecure(server: server, reason: error.reason))
            }
            scram = client
        case .unsupported(let code):
            throw lose(.insecure(server: server, reason: "it asks for an authentication method roster does not speak (code \(code), such as Kerberos or GSSAPI)"))
        }
    }

    private func requirePassword() throws(PostgresError) -> String {
        guard let password = settings.password else {
            machine.close()
            transport.close()
            // A password file passed over for its permissions is named: it
            // may well be where the password is.
            let places = settings.warnings.isEmpty ? " (in the URI, PGPASSWORD or the password file)"
                : " in the URI or PGPASSWORD, and " + settings.warnings.joined(separator: ", and ")
            throw .invalidSettings("PostgreSQL at \(settings.serverDescription) asks for user \(settings.user)'s password, and none was given\(places).")
        }
        return password
    }
}
