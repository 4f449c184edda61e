#if canImport(Glibc)
import Glibc
#endif
import PostgresWire

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
/// The passwords are found by PostgresWire's own reading of a URI
/// (`ConnectionURI.passwordRanges`): the user information's, and every
/// parameter whose key decodes to `password`, `%70assword=` included, as
/// libpq decodes keys. An argument that is not UTF-8 is hidden whole
/// after the scheme: roster reads it repaired, so its passwords' places
/// in the raw bytes are not known.
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
    /// `argument` are (the URI may follow `--db=`).
    static func passwordRanges(in argument: [UInt8]) -> [Range<Int>] {
        for scheme in ["postgresql://", "postgres://"] {
            let marker = Array(scheme.utf8)
            // By memchr and memcmp: an argument may be a 128 KB value,
            // looked through on every start.
            let found: Int? = argument.withUnsafeBytes { haystack -> Int? in
                guard let base = haystack.baseAddress else { return nil }
                var from = 0
                while haystack.count - from >= marker.count {
                    guard let hit = memchr(base + from, Int32(marker[0]), haystack.count - from) else { return nil }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if haystack.count - at >= marker.count, memcmp(hit, marker, marker.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
            guard let start = found else { continue }
            // Decoded, then compared: a repair would show as other bytes.
            // (String(validating:) costs its generic set-up in every process.)
            let uri = String(decoding: argument[start...], as: UTF8.self)
            guard uri.utf8.elementsEqual(argument[start...]) else {
                return start + marker.count < argument.count ? [(start + marker.count)..<argument.count] : []
            }
            return ConnectionURI.passwordRanges(in: uri).map { (start + $0.lowerBound)..<(start + $0.upperBound) }
        }
        return []
    }
}
