#if canImport(Glibc)
import Glibc
#endif
import TextSafety

/// `TZ` checked before the C library reads it.
///
/// glibc takes `TZ` first as the name of a zone's file (`/path`, `:path`,
/// or a name under `TZDIR`, else /usr/share/zoneinfo) and reads that file
/// the first time a time is shown. A `TZ` naming a FIFO or a terminal
/// (`TZ=/proc/self/fd/0`) made that read wait for ever, and every command
/// that shows a time hung. Such a `TZ` is set aside for UTC, and told.
public enum ZoneSetting {
    /// Sets `TZ` to UTC when it names something that is there and is not
    /// a regular file; the sentence that says so, or nil when `TZ` is
    /// fine (unset, a zone's file, a rule, or a name that is no file).
    public static func setAsideUnreadable() -> String? {
        guard let zone = FileSystem.environment("TZ") else { return nil }
        let name = zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
        guard !name.isEmpty else { return nil }
        let path = name.hasPrefix("/") ? name : (FileSystem.environment("TZDIR") ?? "/usr/share/zoneinfo") + "/" + name
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        setenv("TZ", "UTC0", 1)
        tzset()
        return "TZ names \(Quote.code(zone)), which is not a zone's file; times are shown in UTC"
    }
}
