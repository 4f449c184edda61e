/// Everything the client can fail with, as one typed error whose cases say
/// what a caller does about it: settings to fix (usage), a server that
/// cannot be reached or was lost (try later: roster's exit 75), a refusal
/// for safety, or the server's own ErrorResponse with its SQLSTATE.
///
/// Each description is one sentence that names the server by its
/// settings' description, never with the password. Text that came from
/// the server (`ServerError`'s fields) is untrusted: whoever shows it on a
/// terminal makes it harmless first.
public enum PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URI, an environment variable or the password file cannot be read.
    case invalidSettings(String)
    /// No connection could be made within the connect timeout.
    case unreachable(server: String, reason: String)
    /// An established connection broke: the server went away or crashed.
    case connectionLost(server: String, reason: String)
    /// An established connection sent nothing for as long as its caller
    /// allows (`PostgresConnection.answerTimeoutMilliseconds`): a network
    /// that dropped it without a word (a VPN, a NAT or Wi-Fi that forgot
    /// the flow) looks so. The connection is closed.
    case stoppedAnswering(server: String, milliseconds: Int)
    /// The caller gave up waiting for the server (`WaitWatch`): a person
    /// quit. The connection is closed.
    case interrupted(server: String)
    /// The client refused to go on because it would not be safe: TLS could
    /// not be had or verified, a password would travel in clear, the
    /// server could not prove it knows the password.
    case insecure(server: String, reason: String)
    /// The server answered with an ErrorResponse.
    case server(ServerError)
    /// The server sent something protocol 3 does not allow here.
    case protocolViolation(String)
    /// The caller asked for something the connection's state does not allow.
    case misuse(String)

    /// Whether the server could not be reached or was lost: a condition to
    /// retry later rather than a mistake in the request.
    public var isConnectionProblem: Bool {
        switch self {
        case .unreachable, .connectionLost, .stoppedAnswering: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .invalidSettings(let sentence): sentence
        case .unreachable(let server, let reason): "Cannot connect to PostgreSQL at \(server): \(reason)."
        case .connectionLost(let server, let reason): "Lost the connection to PostgreSQL at \(server): \(reason)."
        case .stoppedAnswering(let server, let milliseconds):
            "PostgreSQL at \(server) stopped answering: nothing came for \(Self.seconds(milliseconds)) s, so the network may have dropped the connection."
        case .interrupted(let server): "Stopped waiting for PostgreSQL at \(server)."
        case .insecure(let server, let reason): "Refused to go on with PostgreSQL at \(server): \(reason)."
        case .server(let error): error.description
        case .protocolViolation(let reason): "The PostgreSQL server broke the protocol: \(reason)."
        case .misuse(let reason): reason
        }
    }

    /// Milliseconds as seconds for a sentence: 15, or 0.4.
    public static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }
}
