#if canImport(Glibc)
import TextSafety
import Glibc
#endif

/// Reading a timestamp from what people and programs type: the forms
/// `formHelp` names, exact with a zone or an offset, otherwise on the
/// local clock. Kept apart from `Timestamp` itself, which only holds a
/// moment and writes it.
extension Timestamp {
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
        let trimmed = text.trimmingBlanks()
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
        let body = String(trimmed[..<space]).trimmingBlanks()
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
        let text = Substring(String(before).trimmingBlanks())
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
        let trimmed = text.trimmingBlanks()
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
        if let (body, zone) = zoneName(ending: text.trimmingBlanks()), !isUTCName(zone),
           let (fields, offset) = parts(of: body), offset == nil, let clock = Timestamp(local: fields) {
            return .failure(ValueProblem("\(Quote.code(text)) names the zone \(Quote.code(zone)), but this clock (TZ) is on \(clock.localZone) then; give the time on this clock, or with an offset such as +01:00"))
        }
        if let (fields, offset) = parts(of: text.trimmingBlanks()), offset == nil, isInClockGap(fields) {
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
            let digits = text.trimmingBlanks().prefix { $0.isASCII && $0.isNumber }
            if let year = Int(digits), digits.count >= 4, !years.contains(year) { return .failure(range) }
            return result
        }
    }

    public static let formHelp = "a date and time such as 2026-11-29T14:05 (local time), 2026-11-29 14:05 CET, 2026-11-29T13:05Z, 2026-11-29T14:05+01:00, now, today or yesterday"

    /// A number written in ASCII digits only (`Int("+1")` would take a sign).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
