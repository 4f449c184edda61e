#if canImport(Glibc)
import Glibc
#endif

/// Keeps a password given on the command line out of `ps`.
///
/// `ps` and /proc/PID/cmdline show a process's own argument memory, to
/// every user of the machine. A password in a `postgresql://` URI given
/// with `--db` would stay there for as long as roster runs (an import, the
/// interface: hours). Once the arguments have been copied into Swift's
/// strings, which roster runs with, the password's bytes in that memory
/// are overwritten with `x`, as the mysql client does:
/// `postgresql://alice:xxxxxx@db/roster`. Its length still shows, and for
/// the first moments after exec the password itself: the safe places
/// for a password remain `~/.pgpass` and `PGPASSWORD`.
///
/// The password is found as PostgresWire's ConnectionURI finds it: after
/// the scheme, before the first `?` and `/`, up to the last `@`, after the
/// first `:`.
public enum ProcessTitlePasswords {
    public static func hide() {
        let arguments = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = arguments[index] else { continue }
            let bytes = UnsafeMutableBufferPointer(start: UnsafeMutableRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen(argument))
            for password in passwordRanges(in: Array(bytes)) {
                for position in password { bytes[position] = UInt8(ascii: "x") }
            }
        }
    }

    /// Where the passwords of a `postgresql://` or `postgres://` URI in
    /// `argument` are (the URI may follow `--db=`): in the user
    /// information, and in a `password=` parameter.
    static func passwordRanges(in argument: [UInt8]) -> [Range<Int>] {
        for scheme in ["postgresql://", "postgres://"] {
            let marker = Array(scheme.utf8)
            guard argument.count >= marker.count,
                  let start = (0...(argument.count - marker.count)).first(where: { argument[$0..<$0 + marker.count].elementsEqual(marker) })
            else { continue }
            let afterScheme = start + marker.count
            let query = argument[afterScheme...].firstIndex(of: UInt8(ascii: "?"))
            let authorityEnd = argument[afterScheme..<(query ?? argument.count)].firstIndex(of: UInt8(ascii: "/"))
                ?? query ?? argument.count
            var ranges: [Range<Int>] = []
            if let at = argument[afterScheme..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
               let colon = argument[afterScheme..<at].firstIndex(of: UInt8(ascii: ":")), colon + 1 < at {
                ranges.append((colon + 1)..<at)
            }
            if let query {
                let key = Array("password=".utf8)
                var parameterStart = query + 1
                while parameterStart < argument.count {
                    let parameterEnd = argument[parameterStart...].firstIndex(of: UInt8(ascii: "&")) ?? argument.count
                    let parameter = argument[parameterStart..<parameterEnd]
                    if parameter.starts(with: key), parameterStart + key.count < parameterEnd {
                        ranges.append((parameterStart + key.count)..<parameterEnd)
                    }
                    parameterStart = parameterEnd + 1
                }
            }
            return ranges
        }
        return []
    }
}
