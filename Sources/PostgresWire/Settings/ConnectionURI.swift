/// libpq's connection URI: postgresql://[user[:password]@][host][:port][/dbname][?param=value&…]
/// The host may be a name, an IPv4 address or an IPv6 address in
/// brackets; every part is percent-decoded; `?host=/folder` names a unix
/// socket folder. Only one host: libpq's lists of hosts are refused in a
/// sentence rather than half-supported, and so are parameters roster does
/// not act on, so that nothing asked for is silently ignored. Where its
/// passwords are is found by the same cutting and decoding
/// (`passwordRanges`), for the command line to hide them from `ps`.
public enum ConnectionURI {
    /// The settings a URI gives, by libpq's keyword.
    struct Values: Equatable {
        var byKeyword: [String: String] = [:]
        var passwordFromEnvironment = false

        subscript(keyword: String) -> String? {
            get { byKeyword[keyword] }
            set { byKeyword[keyword] = newValue }
        }
    }

    static let keywords: Set<String> = ["host", "hostaddr", "port", "dbname", "user", "password", "sslmode",
                                        "channel_binding", "sslrootcert", "connect_timeout", "application_name"]

    /// A URI cut where libpq cuts it, nothing decoded yet: what `parse`
    /// decodes, and where `passwordRanges` finds the passwords, so that
    /// both read a URI alike.
    struct Parts {
        /// `user[:password]`, before the last `@` of the authority.
        var credentials: Substring?
        /// `host[:port]`.
        var authority: Substring
        var path: Substring?
        /// Each `key[=value]` of the query, in order.
        var parameters: [Substring]
    }

    static func parts(of uri: Substring) throws(PostgresError) -> Parts {
        guard let rest = afterScheme(uri) else {
            throw .invalidSettings("A PostgreSQL URI starts with postgresql:// or postgres://.")
        }
        if strayCredentials(in: rest) != nil {
            throw .invalidSettings("The URI has an @ past its host, as when a password holds an unencoded / or ?; percent-encode those in the password (%2F for /, %3F for ?), and an @ meant in the database name as %40.")
        }
        let (beforeQuery, query) = split(rest, at: "?")
        let (host, path) = split(beforeQuery, at: "/")
        var authority = host
        // user[:password]@ comes before the host, ending at the last '@'
        // (an '@' in a password must be percent-encoded, but a stray one
        // should still not spill the password into the host name).
        var credentials: Substring?
        if let at = authority.lastIndex(of: "@") {
            credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
        }
        return Parts(credentials: credentials, authority: authority, path: path,
                     parameters: query?.split(separator: "&", omittingEmptySubsequences: true) ?? [])
    }

    private static func afterScheme(_ uri: Substring) -> Substring? {
        for scheme in ["postgresql://", "postgres://"] where uri.hasPrefix(scheme) { return uri.dropFirst(scheme.count) }
        return nil
    }

    /// The text up to the last `@` when user information seems to run
    /// past the host, as a password with an unencoded `/` or `?` does
    /// (`alice:Se/cret@db/roster`): cut at its first `/` or `?`, the URI
    /// would give the password's head as the host or port and its tail
    /// as the database, in messages and to whatever server that names.
    /// Such an `@` stands in the path, in a parameter that is not one of
    /// libpq's words (`?application_name=me@laptop` is one), or after a
    /// port that is no number (`alice:Se?…@`). nil for any other URI.
    static func strayCredentials(in rest: Substring) -> Substring? {
        guard let lastAt = rest.lastIndex(of: "@") else { return nil }
        let (beforeQuery, query) = split(rest, at: "?")
        let (authority, path) = split(beforeQuery, at: "/")
        if path?.contains("@") == true { return rest[..<lastAt] }
        for pair in query?.split(separator: "&") ?? [] where pair.contains("@") {
            guard let key = try? decode(split(pair, at: "=").0, part: "parameter"), keywords.contains(key) else {
                return rest[..<lastAt]
            }
        }
        if !authority.contains("@"), !authority.hasPrefix("["), let port = split(authority, at: ":").1,
           port.isEmpty || !port.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return rest[..<lastAt]
        }
        return nil
    }

    static func parse(_ uri: String) throws(PostgresError) -> Values {
        let parts = try parts(of: uri[...])
        var values = Values()
        let authority = parts.authority
        if let credentials = parts.credentials {
            let (user, password) = split(credentials, at: ":")
            if !user.isEmpty { values["user"] = try decode(user, part: "user name") }
            if let password { values["password"] = try decode(password, part: "password") }
        }

        var hostPart = authority
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else {
                throw .invalidSettings("The URI's IPv6 address has no closing bracket.")
            }
            let address = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                portPart = after.dropFirst()
            } else if !after.isEmpty {
                throw .invalidSettings("The URI has something other than a port after its IPv6 address.")
            }
            hostPart = address
            if hostPart.isEmpty { throw .invalidSettings("The URI's IPv6 address is empty.") }
        } else {
            let (name, port) = split(hostPart, at: ":")
            hostPart = name
            portPart = port
        }
        if hostPart.contains(",") || (portPart?.contains(",") ?? false) {
            throw .invalidSettings("The URI lists several hosts; roster connects to one.")
        }
        if !hostPart.isEmpty { values["host"] = try decode(hostPart, part: "host") }
        if let portPart, !portPart.isEmpty { values["port"] = try decode(portPart, part: "port") }
        if let path = parts.path, !path.isEmpty { values["dbname"] = try decode(path, part: "database name") }

        var given = Set(values.byKeyword.keys)
        for (position, pair) in parts.parameters.enumerated() {
            let (rawKey, rawValue) = split(pair, at: "=")
            var key = try decode(rawKey, part: "parameter")
            guard let rawValue else {
                throw .invalidSettings("The URI's \(named(key, position: position)) has no value.")
            }
            var value = try decode(rawValue, part: "parameter value")
            if key == "ssl" && value == "true" {
                key = "sslmode"
                value = "require"
            }
            guard keywords.contains(key) else {
                throw .invalidSettings("The URI's \(named(key, position: position)) is not one roster knows (host, port, dbname, user, password, sslmode, channel_binding, sslrootcert, connect_timeout, application_name).")
            }
            // Given twice, which one counts is a guess (libpq takes the
            // last): a database or host named twice is refused.
            guard given.insert(key).inserted else {
                let part = ["dbname": "database", "host": "host", "port": "port", "user": "user name"][key]
                throw .invalidSettings(part.map { "The URI gives its \($0) twice, the second time as its \(named(key, position: position)); give it once." }
                    ?? "The URI gives its \(named(key, position: position)) twice; give it once.")
            }
            values[key == "hostaddr" ? "host" : key] = value
        }
        return values
    }

    /// A parameter as a message names it: by its key when that is a plain
    /// word, else by its position. A key can hold a password
    /// (`password%3Dsecret`, an encoded `=`), and a message must not.
    private static func named(_ key: String, position: Int) -> String {
        let plainWord = !key.isEmpty && key.count <= 32 && !key.lowercased().contains("pass")
            && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }
        return plainWord ? "parameter \"\(key)\"" : "parameter number \(position + 1)"
    }

    /// Where the URI's passwords are, as offsets into its UTF-8: the
    /// user information's, and the value of every parameter whose key
    /// `parse` decodes to `password` (`%70assword=` too). A parameter
    /// without `=` whose text decodes to `password=…` is taken whole.
    /// User information that runs past the host (`strayCredentials`,
    /// refused by `parse`) is taken whole, from `://` to the last `@`. A
    /// URI `parse` cannot cut otherwise has none.
    public static func passwordRanges(in uri: String) -> [Range<Int>] {
        func offsets(_ part: Substring) -> Range<Int> {
            uri.utf8.distance(from: uri.startIndex, to: part.startIndex)..<uri.utf8.distance(from: uri.startIndex, to: part.endIndex)
        }
        if let rest = afterScheme(uri[...]), let stray = strayCredentials(in: rest) {
            return stray.isEmpty ? [] : [offsets(stray)]
        }
        guard let parts = try? parts(of: uri[...]) else { return [] }
        var ranges: [Range<Int>] = []
        if let credentials = parts.credentials, let password = split(credentials, at: ":").1, !password.isEmpty {
            ranges.append(offsets(password))
        }
        for pair in parts.parameters {
            let (rawKey, rawValue) = split(pair, at: "=")
            let key = try? decode(rawKey, part: "parameter")
            if let rawValue {
                if key == "password", !rawValue.isEmpty { ranges.append(offsets(rawValue)) }
            } else if key?.hasPrefix("password=") == true {
                ranges.append(offsets(pair))
            }
        }
        return ranges
    }

    /// Splits at the first `separator`; the second part is nil when absent.
    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    /// Percent-decoding as libpq does it: %XX with two hex digits, anything
    /// else after % is an error, and a decoded NUL is refused.
    static func decode(_ text: Substring, part: String) throws(PostgresError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .invalidSettings("The URI's \(part) has a % not followed by two hexadecimal digits.")
            }
            let decoded = high << 4 | low
            if decoded == 0 { throw .invalidSettings("The URI's \(part) holds a forbidden %00.") }
            bytes.append(decoded)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
