#if canImport(Glibc)
import TextSafety
import Glibc
#endif

/// A timestamp's local zone: its name as shown, and the broken-down local
/// time, both in `LocalClock.current`'s zone (the host's `TZ` through the
/// C library, or a test's fixed zone).
extension Timestamp {
    /// The local zone's abbreviation at this moment (`CET`, `UTC`).
    ///
    /// The name is the C library's, which takes it from `TZ` itself when
    /// `TZ` is a rule rather than a zone's file: `TZ=UTC+1` names a clock an
    /// hour behind UTC "UTC", and `TZ=garbage` (or 5,000 letters) names
    /// UTC after the garbage. A name is told only when it reads as a
    /// zone's abbreviation and does not claim UTC at another offset;
    /// otherwise the offset is (`-01:00`, or `UTC` at none), which reads
    /// back as the same moment.
    public var localZone: String {
        if let zone = LocalClock.current.fixedZone { return zone.name }
        let parts = localParts
        let offset = Int(parts.tm_gmtoff)
        let name = parts.tm_zone.map { String(cString: $0) } ?? ""
        if Self.isAbbreviation(name), !(Self.isUTCName(name) && offset != 0), !ZoneSetting.isMadeUp(name) {
            return name
        }
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + Self.pad(minutes / 60) + ":" + Self.pad(minutes % 60)
    }

    /// The C library's broken-down local time, in `LocalClock.current`'s zone.
    var localParts: tm {
        var parts = tm()
        if let zone = LocalClock.current.fixedZone {
            var time = time_t(secondsSince1970 + Int64(zone.secondsEastOfUTC))
            gmtime_r(&time, &parts)
        } else {
            var time = time_t(secondsSince1970)
            localtime_r(&time, &parts)
        }
        return parts
    }

    /// Letters as zones are abbreviated (`CET`, `AEDT`, `ChST`), or
    /// glibc's numeric name for a zone without letters (`+04`, `-0330`).
    static func isAbbreviation(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard (2...6).contains(scalars.count) else { return false }
        if scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) { return true }
        guard let sign = scalars.first, sign == "+" || sign == "-" else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }
}
