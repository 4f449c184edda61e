#if canImport(Glibc)
import TextSafety
import Glibc
#endif

/// A moment, stored and exported unambiguously as UTC
/// (`2026-11-29T14:05:00Z`) and shown in the user's time zone (`TZ`).
public struct Timestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let secondsSince1970: Int64

    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.secondsSince1970 < b.secondsSince1970 }

    /// This moment on `LocalClock.current` (the host's clock, but in tests).
    public static var now: Timestamp {
        Timestamp(secondsSince1970: LocalClock.current.now())
    }

    /// Years a timestamp may fall in: wide enough for any robot's past or
    /// future, narrow enough that every value prints in four digits.
    public static let years = 1000...9999

    /// Wall-clock fields, in UTC or in local time.
    public struct Fields: Hashable, Sendable {
        public var year, month, day, hour, minute, second: Int

        public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        }

        var isValid: Bool {
            Timestamp.years.contains(year) && (1...12).contains(month) && (1...Self.days(in: month, of: year)).contains(day)
                && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
        }

        static func days(in month: Int, of year: Int) -> Int {
            switch month {
            case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }
    }

    // MARK: UTC

    public var description: String { iso8601 }

    public init?(utc fields: Fields) {
        guard fields.isValid else { return nil }
        var parts = Self.tmValue(fields)
        self.init(secondsSince1970: Int64(timegm(&parts)))
    }

    // MARK: Local time

    /// The fields on the user's wall clock (`TZ`, else the system's zone;
    /// a test's `LocalClock`).
    public var localFields: Fields {
        let parts = localParts
        return Fields(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// A moment given on the user's wall clock. In the hour a clock goes
    /// back, the first of the two moments is taken.
    public init?(local fields: Fields) {
        guard fields.isValid else { return nil }
        var parts = Self.tmValue(fields)
        if let zone = LocalClock.current.fixedZone {
            self.init(secondsSince1970: Int64(timegm(&parts)) - Int64(zone.secondsEastOfUTC))
            return
        }
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        guard seconds != -1 || (fields.year == 1969 && fields.month == 12 && fields.day == 31) else { return nil }
        self.init(secondsSince1970: Int64(seconds))
        // A wall-clock time the clocks skip (02:30 on the night they go
        // forward) does not exist: mktime would quietly move it an hour.
        guard localFields == fields else { return nil }
    }

    /// The local clock's offset from UTC a day before these fields, as
    /// `+01:00`: the offset in force just before a gap.
    static func offsetBefore(_ fields: Fields) -> String? {
        guard let wall = Timestamp(utc: fields) else { return nil }
        let before = Timestamp(secondsSince1970: wall.secondsSince1970 - 86_400)
        guard let local = Timestamp(local: before.utcFields) else { return nil }
        let seconds = Int(before.secondsSince1970 - local.secondsSince1970)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    /// Whether these local fields are a valid date and time that this
    /// clock skips (a daylight-saving gap), to say so rather than "cannot read".
    public static func isInClockGap(_ fields: Fields) -> Bool {
        fields.isValid && Timestamp(local: fields) == nil
    }

    /// `2026-11-29 14:05 CET`: how people read it.
    public var localDisplay: String {
        let fields = localFields
        let zone = localZone
        return "\(Self.pad(fields.year, 4))-\(Self.pad(fields.month))-\(Self.pad(fields.day)) "
            + "\(Self.pad(fields.hour)):\(Self.pad(fields.minute))" + (zone.isEmpty ? "" : " \(zone)")
    }

    /// `2026-11-29 14:05 UTC`: how people read a moment where the
    /// reader's zone is not known, as in an exported page that must read
    /// the same everywhere. To the minute, as `localDisplay`.
    public var utcDisplay: String {
        let fields = utcFields
        return "\(Self.pad(fields.year, 4))-\(Self.pad(fields.month))-\(Self.pad(fields.day)) "
            + "\(Self.pad(fields.hour)):\(Self.pad(fields.minute)) UTC"
    }

    /// This moment with its seconds dropped. An activation is kept to the
    /// minute, the precision every surface shows and the picker sets, so
    /// that `now` and a time with seconds read the same everywhere.
    public var toTheMinute: Timestamp {
        Timestamp(secondsSince1970: secondsSince1970 - ((secondsSince1970 % 60) + 60) % 60)
    }

    // MARK: Helpers

    private static func tmValue(_ fields: Fields) -> tm {
        var parts = tm()
        parts.tm_year = Int32(fields.year - 1900)
        parts.tm_mon = Int32(fields.month - 1)
        parts.tm_mday = Int32(fields.day)
        parts.tm_hour = Int32(fields.hour)
        parts.tm_min = Int32(fields.minute)
        parts.tm_sec = Int32(fields.second)
        return parts
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
