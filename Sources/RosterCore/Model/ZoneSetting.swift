#if canImport(Glibc)
import Glibc
#endif
import TextSafety

/// `TZ` checked before the C library reads it, and read as the C library
/// reads it.
///
/// glibc takes `TZ` first as the name of a zone's file (`/path`, `:path`,
/// or a name under `TZDIR`, else /usr/share/zoneinfo) and reads that file
/// the first time a time is shown. When there is no such file it reads
/// `TZ` as a POSIX rule (`JST-9`, `EST5EDT,M3.2.0,M11.1.0`,
/// `<+0330>-3:30`), and when that fails too it keeps what it could: UTC,
/// named after `TZ`'s first letters (`TZ=Europe/../x` is UTC named
/// "Europe"), or an offset it cut to 24 hours (`TZ=UTC-25` is a day ahead).
///
/// - A `TZ` naming a FIFO or a terminal (`TZ=/proc/self/fd/0`) made that
///   first read wait for ever, and every command that shows a time hung;
///   a rule whose offset is beyond 24 hours shows every time a day out.
///   Both are set aside for UTC, and told.
/// - A name glibc made up from a `TZ` that is neither a zone's file nor
///   a rule is not a zone's name: `Timestamp.localZone` tells the offset.
public enum ZoneSetting {
    /// Sets `TZ` to UTC when it names something that is there and is not
    /// a regular file, or is a rule with an offset beyond 24 hours; the
    /// sentence that says so, or nil when `TZ` is fine (unset, a zone's
    /// file, a rule, or a name that is no file).
    public static func setAsideUnreadable() -> String? {
        guard let zone = FileSystem.environment("TZ") else { return nil }
        let name = zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
        guard !name.isEmpty else { return nil }
        var status = stat()
        let why: String
        if stat(path(of: name), &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            why = "which is not a zone's file"
        } else if !isZoneFile(name), readRule(name) == .offsetBeyondADay {
            why = "whose offset is beyond 24 hours"
        } else {
            return nil
        }
        setenv("TZ", "UTC0", 1)
        tzset()
        return "TZ names \(Quote.code(zone)), \(why); times are shown in UTC"
    }

    /// Whether the C library took the zone's name `name` from `TZ` itself
    /// when `TZ` is neither a zone's file nor a rule: UTC under a name
    /// nobody gave it (`TZ=garbage`, `TZ=Europe/../../etc/passwd`).
    static func isMadeUp(_ name: String) -> Bool {
        guard var zone = FileSystem.environment("TZ") else { return false }
        if zone.hasPrefix(":") { zone.removeFirst() }
        guard !name.isEmpty, zone.hasPrefix(name) || zone.hasPrefix("<" + name) else { return false }
        return !isZoneFile(zone) && readRule(zone) != .rule
    }

    /// What glibc makes of a `TZ` that names no zone's file.
    enum RuleReading: Equatable { case rule, offsetBeyondADay, notARule }

    /// Reads `text` as a POSIX rule: a name (three letters or more, or
    /// `<…>`) and an offset of at most 24 hours, then optionally a summer
    /// name, its offset, and `,`-separated dates, which glibc reads alone.
    static func readRule(_ text: String) -> RuleReading {
        var rest = Substring(text)
        guard readName(&rest) else { return .notARule }
        switch readOffset(&rest) {
        case nil: return .notARule
        case false?: return .offsetBeyondADay
        case true?: break
        }
        if rest.isEmpty || rest.hasPrefix(",") { return .rule }
        guard readName(&rest) else { return .notARule }
        if !rest.isEmpty, !rest.hasPrefix(",") {
            switch readOffset(&rest) {
            case nil: return .notARule
            case false?: return .offsetBeyondADay
            case true?: break
            }
        }
        return rest.isEmpty || rest.hasPrefix(",") ? .rule : .notARule
    }

    /// A zone's name at the front of `rest`, taken off it.
    private static func readName(_ rest: inout Substring) -> Bool {
        if rest.hasPrefix("<") {
            guard let end = rest.firstIndex(of: ">") else { return false }
            let inside = rest[rest.index(after: rest.startIndex)..<end]
            guard inside.count >= 3, inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else { return false }
            rest = rest[rest.index(after: end)...]
            return true
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        rest = rest.dropFirst(letters.count)
        return true
    }

    /// An offset (`-9`, `+3:30`, `5:00:00`) at the front of `rest`, taken
    /// off it: nil when there is none, false when its hours pass 24.
    private static func readOffset(_ rest: inout Substring) -> Bool? {
        if rest.hasPrefix("+") || rest.hasPrefix("-") { rest = rest.dropFirst() }
        let hours = rest.prefix { $0.isASCII && $0.isNumber }
        guard !hours.isEmpty, hours.count <= 3, let value = Int(hours) else { return nil }
        rest = rest.dropFirst(hours.count)
        for _ in 0..<2 where rest.hasPrefix(":") {
            let part = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard part.count == 2 else { return nil }
            rest = rest.dropFirst(3)
        }
        return value <= 24
    }

    /// Whether `name` names a zone's file: a regular file that begins as
    /// every compiled zone does, with `TZif`.
    private static func isZoneFile(_ name: String) -> Bool {
        let descriptor = open(path(of: name), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(descriptor, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }

    /// Where glibc looks for the zone's file `name`.
    private static func path(of name: String) -> String {
        name.hasPrefix("/") ? name : (FileSystem.environment("TZDIR") ?? "/usr/share/zoneinfo") + "/" + name
    }
}
