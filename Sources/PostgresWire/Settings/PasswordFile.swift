#if canImport(Glibc)
import Glibc
#endif

/// libpq's password file: PGPASSFILE, or ~/.pgpass. Each line is
/// hostname:port:database:username:password; any of the first four may be
/// `*`; `\:` and `\\` stand for a colon and a backslash; lines starting with
/// `#` are comments; the first matching line wins. As libpq, the file is
/// ignored (with a warning) unless it is a regular file that neither group
/// nor others can read or write (0600 or less), because a password file
/// anyone can read is a leak to report, not a source to trust.
enum PasswordFile {
    enum Lookup: Equatable {
        case found(String)
        case notFound
        /// The file exists but is not used; the reason is a clause that
        /// names the file, for a warning and for the sentence about a
        /// password the server asked for (`ConnectionSettings.warnings`).
        case ignored(String)
    }

    static func path(environment: [String: String]) -> String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.pgpass" }
        return nil
    }

    /// The largest password file read, in bytes.
    static let largest = 1 << 20

    static func lookUp(at path: String, host: String, port: UInt16, database: String, user: String) -> Lookup {
        var status = stat()
        guard stat(path, &status) == 0 else { return .notFound }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .ignored("the password file \(path) was not read, as it is not a plain file")
        }
        guard status.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            return .ignored("the password file \(path) was not read, as others can read or write it (its permissions should be u=rw, 0600, or less)")
        }
        // A line a server: a file of megabytes is not one, and is not read into memory.
        guard status.st_size <= largest else {
            return .ignored("the password file \(path) was not read, as it is larger than a password file is (over 1 MiB)")
        }
        // Read from what was opened, at most one byte past the limit: the
        // path may have been swapped for a FIFO or /dev/zero since `stat`.
        guard let contents = readWholeFile(path, atMost: largest + 1, plainFileOnly: true) else { return .notFound }
        guard contents.count <= largest else {
            return .ignored("the password file \(path) was not read, as it is larger than a password file is (over 1 MiB)")
        }
        // libpq matches a unix socket in the default folder (or no host)
        // as "localhost", and another folder by its path.
        let hostToMatch = host.isEmpty || host == ConnectionSettings.defaultSocketFolder ? "localhost" : host
        let text = String(decoding: contents, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.hasPrefix("#") { continue }
            guard let entry = Entry(line: line) else { continue }
            if entry.matches(host: hostToMatch, port: String(port), database: database, user: user) {
                return entry.password.isEmpty ? .notFound : .found(entry.password)
            }
        }
        return .notFound
    }

    /// One line's fields, unescaped; a field that was a bare `*` matches anything.
    struct Entry {
        var patterns: [String?]  // nil: the wildcard
        var password: String

        init?(line: Substring) {
            var fields: [String?] = []
            var current: [Character] = []
            var escaped = false
            var sawEscape = false
            var index = line.startIndex
            while index < line.endIndex, fields.count < 4 {
                let character = line[index]
                index = line.index(after: index)
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                    sawEscape = true
                } else if character == ":" {
                    fields.append(current == ["*"] && !sawEscape ? nil : String(current))
                    current = []
                    sawEscape = false
                } else {
                    current.append(character)
                }
            }
            guard fields.count == 4 else { return nil }
            // The password is the rest of the line, with the same escapes.
            var password: [Character] = []
            escaped = false
            for character in line[index...] {
                if escaped {
                    password.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    password.append(character)
                }
            }
            self.patterns = fields
            self.password = String(password)
        }

        func matches(host: String, port: String, database: String, user: String) -> Bool {
            zip(patterns, [host, port, database, user]).allSatisfy { pattern, value in pattern == nil || pattern == value }
        }
    }
}

/// The whole of a small file (or its first `atMost` bytes), or nil when it
/// cannot be read. `plainFileOnly`: opened without waiting, and nil unless
/// what was opened is a plain file (a FIFO put at the path would block).
func readWholeFile(_ path: String, atMost limit: Int = .max, plainFileOnly: Bool = false) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | (plainFileOnly ? O_NONBLOCK : 0))
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    if plainFileOnly {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while contents.count < limit {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, limit - contents.count)) }
        if count < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if count == 0 { return contents }
        contents.append(contentsOf: chunk[0..<count])
    }
    return contents
}
