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

    // MARK: Parsing

    /// Reads a date and time as people and programs write them:
    /// `2026-11-29T14:05`, `2026-11-29 14:05:30`, `2026-11-29` (midnight),
    /// each optionally ending in `Z` or an offset (then exact), otherwise
    /// taken in the local time zone; or `now`. An offset follows a time,
    /// with or without a space: `+01:00`, `+0100` (as `date` writes it) or
    /// `+01` (glibc's name for a zone that has no letters); `today` and
    /// `yesterday` are the start of that day on the local clock. The form
    /// `localDisplay` and `utcDisplay` write is read back too: a zone named
    /// after the time (`2026-11-29 14:05 CET`) is taken when it is `UTC`,
    /// `GMT` or the local clock's own name for that moment.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        if trimmed.lowercased() == "now" {
            self = .now
            return
        }
        if let daysBack = ["today": 0, "yesterday": 1][trimmed.lowercased()] {
            guard let start = Self.startOfLocalDay(daysBack: daysBack) else { return nil }
            self = start
            return
        }
        if let (body, zone) = Self.zoneName(ending: trimmed) {
            guard let (fields, offset) = Self.parts(of: body), offset == nil else { return nil }
            if Self.isUTCName(zone) {
                guard let utc = Timestamp(utc: fields) else { return nil }
                self = utc
            } else {
                guard let local = Self.local(fields, namedZone: zone) else { return nil }
                self = local
            }
            return
        }
        guard let (fields, offset) = Self.parts(of: trimmed) else { return nil }
        if let offset {
            guard let utc = Timestamp(utc: fields) else { return nil }
            self.init(secondsSince1970: utc.secondsSince1970 - Int64(offset))
        } else {
            guard let local = Timestamp(local: fields) else { return nil }
            self = local
        }
    }

    /// The first minute of today (`daysBack` 0) or yesterday (1) on the
    /// local clock, as a date without a time is read. Yesterday is the
    /// date twelve hours before today's start, so that a day of 23 or 25
    /// hours (daylight-saving time) still gives the day before.
    private static func startOfLocalDay(daysBack: Int) -> Timestamp? {
        var fields = Timestamp.now.localFields
        (fields.hour, fields.minute, fields.second) = (0, 0, 0)
        guard daysBack > 0 else { return Timestamp(local: fields) }
        guard let today = Timestamp(local: fields) else { return nil }
        fields = Timestamp(secondsSince1970: today.secondsSince1970 - 12 * 3600).localFields
        (fields.hour, fields.minute, fields.second) = (0, 0, 0)
        return Timestamp(local: fields)
    }

    /// A zone written by name after a date and time (`… 14:05 CET`): the
    /// text before it, and the name. A numeric one (`+04`) is an offset.
    private static func zoneName(ending trimmed: String) -> (body: String, zone: String)? {
        guard let space = trimmed.lastIndex(of: " ") else { return nil }
        let zone = trimmed[trimmed.index(after: space)...]
        let body = String(trimmed[..<space]).trimmingSpaces()
        let isName = (1...6).contains(zone.count) && zone.allSatisfy { $0.isASCII && $0.isLetter }
        guard isName, !body.isEmpty else { return nil }
        return (body, String(zone))
    }

    /// The offset ending `body` after its time, in seconds, and the text
    /// before it: `±HH:MM`, `±HHMM` or `±HH`, after the time or a space.
    /// Nil when it ends in none; `.none` offset when it ends in one that
    /// is out of range (`+25:00`).
    private static func trailingOffset(_ body: Substring) -> (body: Substring, offset: Int?)? {
        guard let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let before = body[..<sign]
        // Only after a time (`…14:05`), never inside the date.
        guard let separator = before.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }),
              before[separator...].contains(":"), before.last.map({ $0 == " " || $0.isASCII && $0.isNumber }) == true
        else { return nil }
        let zone = body[body.index(after: sign)...]
        let parts = zone.split(separator: ":", omittingEmptySubsequences: false)
        let hoursText: Substring
        let minutesText: Substring
        switch (parts.count, zone.count) {
        case (2, 5) where parts[0].count == 2: (hoursText, minutesText) = (parts[0], parts[1])
        case (1, 4): (hoursText, minutesText) = (zone.prefix(2), zone.suffix(2))
        case (1, 2): (hoursText, minutesText) = (zone, "00")
        default: return nil
        }
        guard let hours = digits(hoursText), let minutes = digits(minutesText) else { return nil }
        let text = Substring(String(before).trimmingSpaces())
        guard (0...23).contains(hours), (0...59).contains(minutes) else { return (text, nil) }
        return (text, (body[sign] == "+" ? 1 : -1) * (hours * 3600 + minutes * 60))
    }

    static func isUTCName(_ zone: String) -> Bool {
        ["utc", "gmt", "z"].contains(zone.lowercased())
    }

    /// The moment these local fields name when the local clock calls its
    /// zone `zone` then; in the hour a clock goes back, the name tells the
    /// two moments apart (`CEST`, then `CET`).
    private static func local(_ fields: Fields, namedZone zone: String) -> Timestamp? {
        guard let first = Timestamp(local: fields) else { return nil }
        let others = [3600, -3600].map { Timestamp(secondsSince1970: first.secondsSince1970 + Int64($0)) }
        return ([first] + others).first { $0.localFields == fields && $0.localZone.lowercased() == zone.lowercased() }
    }

    /// The date, time and offset (in seconds, when one is written) of a
    /// trimmed `init(parsing:)` form; nil when it is not one.
    private static func parts(of trimmed: String) -> (Fields, Int?)? {
        var body = Substring(trimmed)
        var offset: Int?
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            offset = 0
            body = body.dropLast()
        } else if let (text, seconds) = trailingOffset(body) {
            guard let seconds else { return nil }
            offset = seconds
            body = text
        }
        let halves = body.split(whereSeparator: { $0 == "T" || $0 == "t" || $0 == " " })
        guard (1...2).contains(halves.count) else { return nil }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, date[0].count == 4, date[1].count == 2, date[2].count == 2,
              let year = Self.digits(date[0]), let month = Self.digits(date[1]), let day = Self.digits(date[2])
        else { return nil }
        var fields = Fields(year: year, month: month, day: day)
        if halves.count == 2 {
            var time = halves[1].split(separator: ":", omittingEmptySubsequences: false)
            // A fraction of a second, as JavaScript's toISOString writes
            // (`14:05:00.000`), is read and dropped: moments are whole seconds.
            if time.count == 3, let dot = time[2].firstIndex(of: "."),
               case let fraction = time[2][time[2].index(after: dot)...], !fraction.isEmpty,
               fraction.allSatisfy({ $0.isASCII && $0.isNumber }) {
                time[2] = time[2][..<dot]
            }
            guard (2...3).contains(time.count), time.allSatisfy({ $0.count == 2 }),
                  let hour = Self.digits(time[0]), let minute = Self.digits(time[1]) else { return nil }
            fields.hour = hour
            fields.minute = minute
            if time.count == 3 {
                guard let second = Self.digits(time[2]) else { return nil }
                fields.second = second
            }
        }
        return (fields, offset)
    }

    /// A moment written with its zone, as files must give one: the stored
    /// form, or any form `init(parsing:)` reads that ends in `Z` or an
    /// offset. A time without a zone would mean different moments on
    /// different machines, so it is refused with the reason.
    public static func reading(exact text: String) -> Result<Timestamp, ValueProblem> {
        kept(text, readingExact(text))
    }

    private static func readingExact(_ text: String) -> Result<Timestamp, ValueProblem> {
        if let timestamp = Timestamp(iso8601: text) { return .success(timestamp.toTheMinute) }
        let trimmed = text.trimmingSpaces()
        if let (_, zone) = zoneName(ending: trimmed), !isUTCName(zone) {
            return .failure(ValueProblem("\(Quote.code(text)) names its zone \(Quote.code(zone)), which means different things on different machines; write it in UTC, such as 2026-11-29T14:05:00Z, or with an offset such as +01:00"))
        }
        // As `init(parsing:)` decides: a `Z`, an offset after a time, or UTC by name.
        let zoned = parts(of: trimmed).map { $0.1 != nil } == true || zoneName(ending: trimmed) != nil
        // `now`, `today` and `yesterday` are moments on this clock, never a file's.
        if !["now", "today", "yesterday"].contains(trimmed.lowercased()), let timestamp = Timestamp(parsing: trimmed) {
            if zoned { return .success(timestamp.toTheMinute) }
            return .failure(ValueProblem("\(Quote.code(text)) has no time zone; write it in UTC, such as 2026-11-29T14:05:00Z, or with an offset such as +01:00"))
        }
        return .failure(ValueProblem("\(Quote.code(text)) is not a valid date and time; write it in UTC as YYYY-MM-DDTHH:MM:SSZ, such as 2026-11-29T14:05:00Z"))
    }

    /// A moment as a person gives one: anything `init(parsing:)` reads,
    /// `now` included, a time without a zone on the local clock.
    public static func reading(_ text: String) -> Result<Timestamp, ValueProblem> {
        kept(text, readingAsGiven(text))
    }

    private static func readingAsGiven(_ text: String) -> Result<Timestamp, ValueProblem> {
        if let timestamp = Timestamp(parsing: text) { return .success(timestamp.toTheMinute) }
        if let (body, zone) = zoneName(ending: text.trimmingSpaces()), !isUTCName(zone),
           let (fields, offset) = parts(of: body), offset == nil, let clock = Timestamp(local: fields) {
            return .failure(ValueProblem("\(Quote.code(text)) names the zone \(Quote.code(zone)), but this clock (TZ) is on \(clock.localZone) then; give the time on this clock, or with an offset such as +01:00"))
        }
        if let (fields, offset) = parts(of: text.trimmingSpaces()), offset == nil, isInClockGap(fields) {
            let example = offsetBefore(fields).map { " such as \($0)" } ?? ""
            return .failure(ValueProblem("\(Quote.code(text)) does not exist on this clock: it falls in the time skipped when daylight-saving time begins; give a later time, or an offset\(example)"))
        }
        return .failure(ValueProblem("\(Quote.code(text)) is not a valid date and time; write \(formHelp)"))
    }

    /// `result`, unless the moment falls outside the years roster keeps
    /// once in UTC (`9999-12-31T23:59-01:00` is in the year 10000), or the
    /// text was refused for a year outside them: both say the range,
    /// rather than "not a valid date" or the database's own refusal.
    static func kept(_ text: String, _ result: Result<Timestamp, ValueProblem>) -> Result<Timestamp, ValueProblem> {
        let range = ValueProblem("\(Quote.code(text)) is outside the years roster keeps: from \(years.lowerBound) to \(years.upperBound), in UTC")
        switch result {
        case .success(let timestamp):
            return years.contains(timestamp.utcFields.year) ? result : .failure(range)
        case .failure:
            let digits = text.trimmingSpaces().prefix { $0.isASCII && $0.isNumber }
            if let year = Int(digits), digits.count >= 4, !years.contains(year) { return .failure(range) }
            return result
        }
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

    public static let formHelp = "a date and time such as 2026-11-29T14:05 (local time), 2026-11-29 14:05 CET, 2026-11-29T13:05Z, 2026-11-29T14:05+01:00, now, today or yesterday"

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

    /// A number written in ASCII digits only (`Int("+1")` would take a sign).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
