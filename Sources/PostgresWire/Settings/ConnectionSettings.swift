/// Where and as whom to connect, read as libpq reads it: a `postgresql://`
/// or `postgres://` URI first (see ConnectionURI), then for what it leaves
/// out the PG* environment variables, then the defaults (the unix socket
/// in /var/run/postgresql, port 5432, the OS user, a database named after
/// the user); a password missing from both comes from the password file
/// (PasswordFile). Everything is resolved here, up front, so that the
/// connection only follows the result and the tests need no server.
///
/// The password is kept apart from the description: a description names
/// the server, database and user for messages, and nothing else.
public struct ConnectionSettings: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// libpq's sslmode, with its meaning (see TLSPolicy for what each does).
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// libpq's channel_binding: whether SCRAM binds the login to the TLS
    /// connection (see ChannelBinding). `prefer` binds whenever it can.
    public enum ChannelBindingMode: String, Sendable, CaseIterable {
        case disable, prefer, require
    }

    /// Debian's libpq looks for the server's socket here when no host is given.
    public static let defaultSocketFolder = "/var/run/postgresql"
    public static let defaultPort: UInt16 = 5432
    /// libpq waits forever by default; roster gives up after 10 s.
    public static let defaultConnectTimeout = 10

    /// A host name, an IPv4 or IPv6 address, or (starting with "/") the
    /// folder that holds the server's unix socket.
    public var host: String
    public var port: UInt16
    public var user: String
    public var database: String
    /// Never shown: not in `description`, not in any error.
    public var password: String?
    public var sslMode: SSLMode
    public var channelBinding: ChannelBindingMode = .prefer
    /// The CA certificates to check the server's chain against; libpq's
    /// default is ~/.postgresql/root.crt.
    public var sslRootCert: String?
    /// Seconds for the whole connection (connect, TLS, authentication);
    /// 0 waits forever. As libpq, 1 is taken as 2.
    public var connectTimeout: Int
    public var applicationName: String?
    /// Run-time parameters the StartupMessage sets for the whole session
    /// (`search_path`, `default_transaction_isolation`…): they take
    /// effect before any statement, over what `ALTER DATABASE`/`ALTER
    /// ROLE … SET` chose, and cost no round trip.
    public var runtimeParameters: [String: String] = [:]
    /// Where the password came from, for messages that must explain a
    /// refusal without showing it.
    public var passwordSource: PasswordSource
    /// Things the user should hear about but that do not stop the
    /// connection, such as a password file ignored for its permissions:
    /// each a clause without its capital or full stop ("the password file
    /// … was not read, as …"), which the caller says once before
    /// connecting and the sentence about a missing password repeats.
    public var warnings: [String]

    public enum PasswordSource: Equatable, Sendable {
        case none, uri, environment
        case passwordFile(path: String)
    }

    public init(host: String = ConnectionSettings.defaultSocketFolder, port: UInt16 = ConnectionSettings.defaultPort,
                user: String, database: String? = nil, password: String? = nil, sslMode: SSLMode = .prefer,
                sslRootCert: String? = nil, connectTimeout: Int = ConnectionSettings.defaultConnectTimeout,
                applicationName: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.database = database ?? user
        self.password = password
        self.sslMode = sslMode
        self.sslRootCert = sslRootCert
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
        self.passwordSource = password == nil ? .none : .uri
        self.warnings = []
    }

    /// Whether the host names a unix socket folder rather than a machine.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The socket file itself, as the server names it.
    public var socketPath: String { "\(host)/.s.PGSQL.\(port)" }

    /// "db.example.org:5432 (database roster, user alice)", or the socket's
    /// path for a unix socket. Never the password.
    public var serverDescription: String {
        if isUnixSocket { return socketPath }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    public var description: String { "\(serverDescription) (database \(database), user \(user))" }
    public var debugDescription: String { description }

    /// Whether `text` is a URI this type reads, so that a caller can tell
    /// it from a file's path.
    public static func isURI(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Reads `uri` (if any), then the PG* variables of `environment`, then
    /// the defaults, then the password file. `environment` is passed in,
    /// not read here, so that tests (and a caller) control it.
    public static func resolve(uri: String?, environment: [String: String]) throws(PostgresError) -> ConnectionSettings {
        var given = try uri.map { (text) throws(PostgresError) in try ConnectionURI.parse(text) } ?? ConnectionURI.Values()
        for (key, variable) in [("host", "PGHOST"), ("port", "PGPORT"), ("user", "PGUSER"), ("dbname", "PGDATABASE"),
                                ("password", "PGPASSWORD"), ("sslmode", "PGSSLMODE"), ("channel_binding", "PGCHANNELBINDING"), ("sslrootcert", "PGSSLROOTCERT"),
                                ("connect_timeout", "PGCONNECT_TIMEOUT"), ("application_name", "PGAPPNAME")] {
            if given[key] == nil, let value = environment[variable], !value.isEmpty {
                given[key] = value
                if key == "password" { given.passwordFromEnvironment = true }
            }
        }
        let host = given["host"] ?? defaultSocketFolder
        if host.contains(",") {
            throw .invalidSettings("The host \"\(host)\" lists several servers; roster connects to one.")
        }
        let user = given["user"] ?? OperatingSystemUser.name(environment: environment)
        var settings = ConnectionSettings(
            host: host,
            port: try parsePort(given["port"]),
            user: user,
            database: given["dbname"],
            password: given["password"],
            sslMode: try parseSSLMode(given["sslmode"]),
            sslRootCert: given["sslrootcert"],
            connectTimeout: try parseTimeout(given["connect_timeout"]),
            applicationName: given["application_name"])
        settings.channelBinding = try parseChannelBinding(given["channel_binding"])
        if settings.channelBinding == .require && settings.sslMode == .disable {
            throw .invalidSettings("channel_binding=require binds the login to TLS, and sslmode=disable turns TLS off; give one of them.")
        }
        if settings.password != nil {
            settings.passwordSource = given.passwordFromEnvironment ? .environment : .uri
        } else if let file = PasswordFile.path(environment: environment) {
            switch PasswordFile.lookUp(at: file, host: settings.host, port: settings.port,
                                       database: settings.database, user: settings.user) {
            case .found(let password):
                settings.password = password
                settings.passwordSource = .passwordFile(path: file)
            case .ignored(let reason): settings.warnings.append(reason)
            case .notFound: break
            }
        }
        if settings.sslRootCert == nil, let home = environment["HOME"], !home.isEmpty {
            settings.sslRootCert = home + "/.postgresql/root.crt"
        }
        return settings
    }

    private static func parsePort(_ text: String?) throws(PostgresError) -> UInt16 {
        guard let text else { return defaultPort }
        guard let port = UInt16(text), port > 0 else {
            throw .invalidSettings("The port \"\(text)\" is not a number from 1 to 65535.")
        }
        return port
    }

    private static func parseSSLMode(_ text: String?) throws(PostgresError) -> SSLMode {
        guard let text else { return .prefer }
        guard let mode = SSLMode(rawValue: text) else {
            throw .invalidSettings("The sslmode \"\(text)\" is not one of disable, allow, prefer, require, verify-ca, verify-full.")
        }
        return mode
    }

    private static func parseChannelBinding(_ text: String?) throws(PostgresError) -> ChannelBindingMode {
        guard let text else { return .prefer }
        guard let mode = ChannelBindingMode(rawValue: text) else {
            throw .invalidSettings("The channel_binding \"\(text)\" is not one of disable, prefer, require.")
        }
        return mode
    }

    private static func parseTimeout(_ text: String?) throws(PostgresError) -> Int {
        guard let text else { return defaultConnectTimeout }
        guard let seconds = Int(text.trimmingSpaces) else {
            throw .invalidSettings("The connect_timeout \"\(text)\" is not a whole number of seconds.")
        }
        if seconds <= 0 { return 0 }
        return max(seconds, 2)
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
