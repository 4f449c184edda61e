/// The stored and exported form of a moment, `2026-11-29T14:05:00Z`,
/// read and written with calendar arithmetic (Howard Hinnant's
/// `days_from_civil` and `civil_from_days`, proleptic Gregorian, no leap
/// seconds, as `timegm` and `gmtime` count) rather than through the C
/// library and string interpolation: a bulk import or export meets it once
/// per row, a million times.
extension Timestamp {
    /// `2026-11-29T14:05:00Z`: the stored and exported form.
    public var iso8601: String {
        let fields = utcFields
        guard (0...9999).contains(fields.year) else {
            // Not a moment any parse makes (see `Timestamp.years`); written
            // in full, it is refused where it is read or stored.
            return "\(fields.year)-\(Self.pad(fields.month))-\(Self.pad(fields.day))T"
                + "\(Self.pad(fields.hour)):\(Self.pad(fields.minute)):\(Self.pad(fields.second))Z"
        }
        return String(unsafeUninitializedCapacity: Self.iso8601Length) { Self.writeISO8601(fields, into: $0) }
    }

    /// Calls `body` with the bytes of `iso8601`, made without a String
    /// for the years 0–9999 (every moment a parse makes).
    func withISO8601Bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let fields = utcFields
        guard (0...9999).contains(fields.year) else { return withUTF8Bytes(of: iso8601, body) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.iso8601Length) { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[..<Self.writeISO8601(fields, into: buffer)]))
        }
    }

    private static let iso8601Length = 20

    /// Writes the stored form of `fields` (a year of four digits) at the
    /// start of `buffer`, `iso8601Length` bytes; its length.
    private static func writeISO8601(_ fields: Fields, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        func put(_ value: Int, at start: Int, digits: Int) {
            var rest = value
            for index in stride(from: start + digits - 1, through: start, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(fields.year, at: 0, digits: 4)
        put(fields.month, at: 5, digits: 2)
        put(fields.day, at: 8, digits: 2)
        put(fields.hour, at: 11, digits: 2)
        put(fields.minute, at: 14, digits: 2)
        put(fields.second, at: 17, digits: 2)
        buffer[4] = UInt8(ascii: "-")
        buffer[7] = UInt8(ascii: "-")
        buffer[10] = UInt8(ascii: "T")
        buffer[13] = UInt8(ascii: ":")
        buffer[16] = UInt8(ascii: ":")
        buffer[19] = UInt8(ascii: "Z")
        return iso8601Length
    }

    /// The fields on a UTC clock.
    public var utcFields: Fields {
        let (days, second) = secondsSince1970.quotientAndFloorRemainder(dividingBy: 86_400)
        let (year, month, day) = Self.civil(daysSince1970: Int(days))
        return Fields(year: year, month: month, day: day,
                      hour: Int(second / 3600), minute: Int(second / 60 % 60), second: Int(second % 60))
    }

    /// Reads only the exact stored form, `YYYY-MM-DDTHH:MM:SSZ`, straight
    /// from its bytes: what the store and a bulk import meet nearly every time.
    public init?(iso8601 text: String) {
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.isoSeconds)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.isoSeconds)
        guard let seconds = parsed else { return nil }
        self.init(secondsSince1970: seconds)
    }

    static func isoSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        let fields = Fields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard fields.isValid else { return nil }
        return Int64(daysSince1970(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 to a date.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Division rounding down, so that moments before 1970 fall on the right day.
    func quotientAndFloorRemainder(dividingBy divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
