#if canImport(Glibc)
import Glibc
#endif

/// The names roster gives SQLite for a roster's file: a path is always
/// handed over as a path (`Database.fileName`), one SQLite could not open
/// is refused before anything is made, and the URIs roster builds itself
/// (to read a file read-only or as immutable) escape what a URI reserves.
extension SQLiteRosterStore {
    /// The longest full path SQLite opens a roster at: its names hold 512
    /// bytes (`SQLITE_MAX_PATHNAME`), and `-journal` goes after the path.
    /// Linux allows 4,096, and a longer path failed with a wrong reason
    /// ("no such file", "file exists").
    static let longestPath = 512 - "-journal".utf8.count

    /// Refuses, before anything is made, a path SQLite could not open.
    static func checkLength(of path: String) throws(RosterError) {
        var length = path.utf8.count
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil { length += strlen(buffer) + 1 }
        }
        guard length > longestPath else { return }
        throw .cannotOpen(path: path, reason: "its full path is \(length) bytes long, and SQLite opens a database only at a path of at most \(longestPath) bytes; give a shorter path")
    }

    /// `file:PATH?immutable=1`, with the characters a URI reserves escaped.
    static func immutableURI(_ path: String) -> String {
        uri(path, query: "immutable=1")
    }

    /// `file:PATH?QUERY`, with the characters a URI reserves escaped.
    static func uri(_ path: String, query: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            default:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        // An absolute path after an empty authority (`file:///x`): a path
        // of its own starting `//` would otherwise be read as a host.
        // A relative one as `file:./x`, which no authority can begin.
        return (path.hasPrefix("/") ? "file://" : "file:./") + encoded + "?" + query
    }
}
