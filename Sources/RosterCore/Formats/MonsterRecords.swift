import TextSafety

/// How one monster is written as a JSON object, a CSV record or a plain
/// tab-separated line, walking `MonsterFields.all`: the key order is the
/// table's order (`id, name, description, icon, name_color, weapon, height,
/// origin, activated`), so output is byte-identical from run to run and a
/// new field appears in every format at once. An unknown value is JSON
/// `null`, an empty CSV cell and an empty plain field.
///
/// Each form can be written from a `Monster` or straight from a row of
/// `SQLiteRosterStore.forEachRow`, copying column bytes without making strings:
/// the fast path `list` and `export` take through `SQLiteRosterStore.appendRecords`.
/// Rows are SQLite's and stay inside RosterCore.
public enum MonsterRecords {
    /// One record per monster, as `list` and `export` stream them.
    public enum Form {
        /// A JSON object and nothing after it: the caller separates the
        /// objects of an array.
        case json
        /// A JSON object and a newline: one line of NDJSON.
        case jsonLine
        /// A CSV record, ending in CRLF.
        case csv(CSVWriter)
        /// The fields separated by tabs, ending in a newline, each escaped
        /// with `SafeText.fieldEscaped`: `list --format plain`.
        case plain
    }

    public static var fieldNames: [String] { MonsterFields.keys }

    /// `{"id":1,"name":"Cat-Bot",…}` from a value.
    public static func appendJSON(_ monster: Monster, to output: ByteOutput) throws(IOFailure) {
        for (index, field) in MonsterFields.all.enumerated() {
            try appendKey(field, first: index == 0, to: output)
            switch field.value(monster) {
            case .integer(let number): try output.append(decimal: number)
            case .text(let text): try JSONWriter.appendString(text, to: output)
            case .null: try output.append("null")
            }
        }
        try output.append(UInt8(ascii: "}"))
    }

    /// The same object straight from a row of `SQLiteRosterStore.forEachRow`,
    /// copying column bytes without making strings: the fast path for
    /// large lists and exports. Column `i` is field `i` of the table.
    static func appendJSON(row: some MonsterRow, to output: ByteOutput, plan: RowPlan = .shared) throws(IOFailure) {
        for column in 0..<plan.count {
            let key = plan.jsonKey(column)
            if plan.isNullable(column) && row.isNull(Int32(column)) {
                try output.append(key)
                try output.append("null")
            } else if plan.isInteger(column) {
                try output.append(key)
                try output.append(decimal: row.int(Int32(column)))
            } else if try !JSONWriter.appendString(checking: row.uncheckedUTF8(Int32(column)), after: key, to: output) {
                // Not UTF-8 (another program stored it), or a buffer too small.
                try output.append(key)
                try row.withUTF8(Int32(column)) { (bytes) throws(IOFailure) in try JSONWriter.appendString(bytes, to: output) }
            }
        }
        try output.append(UInt8(ascii: "}"))
    }

    /// `{"key":` or `,"key":`. Keys are plain ASCII, so they need no escaping.
    @inline(__always)
    private static func appendKey(_ field: MonsterField, first: Bool, to output: ByteOutput) throws(IOFailure) {
        try output.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        try output.append(UInt8(ascii: "\""))
        try output.append(field.key)
        try output.append("\":")
    }

    public static func appendCSVHeader(to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(fieldNames, to: output)
    }

    /// The header of records carrying only `fields`, in that order.
    public static func appendCSVHeader(_ fields: [MonsterField], to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(fields.map(\.key), to: output)
    }

    public static func appendCSV(_ monster: Monster, to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(MonsterFields.all.map { $0.value(monster).text }, to: output)
    }

    static func appendCSV(row: some MonsterRow, to output: ByteOutput, writer: CSVWriter, plan: RowPlan = .shared) throws(IOFailure) {
        for column in 0..<plan.count {
            if column > 0 { try output.append(UInt8(ascii: ",")) }
            if plan.isNullable(column) && row.isNull(Int32(column)) {
                continue // unknown: an empty cell
            } else if plan.isInteger(column) {
                // Digits never need quoting or neutralising (ids are positive).
                try output.append(decimal: row.int(Int32(column)))
            } else {
                try row.withUTF8(Int32(column)) { (bytes) throws(IOFailure) in try writer.appendField(bytes, to: output) }
            }
        }
        try output.append("\r\n")
    }

    /// `1<TAB>Cat-Bot<TAB>MEE-OW…`: each column's bytes are copied as they
    /// are unless they hold something a terminal would act on (or a
    /// backslash, which is doubled); only then is a string made and escaped
    /// with `SafeText.fieldEscaped`. The same output as escaping every
    /// field, several times faster on large rosters. Unknown is empty.
    static func appendPlain(row: some MonsterRow, to output: ByteOutput, plan: RowPlan = .shared) throws(IOFailure) {
        for column in 0..<Int32(plan.count) {
            if column > 0 { try output.append(UInt8(ascii: "\t")) }
            try row.withUTF8(column) { (bytes) throws(IOFailure) in
                if plainNeedsEscape(bytes) {
                    try output.append(SafeText.fieldEscaped(String(decoding: bytes, as: UTF8.self)))
                } else {
                    try output.append(bytes)
                }
            }
        }
        try output.append(UInt8(ascii: "\n"))
    }

    /// Whether a plain field's bytes hold anything `SafeText.fieldEscaped`
    /// would change: a character a terminal acts on, or a backslash.
    static func plainNeedsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ActingCharacters.contains(in: bytes) || bytes.contains(UInt8(ascii: "\\"))
    }
}

/// What the row fast paths need of the field table, worked out once per
/// reading and kept in flat memory: per column, whether it is an integer,
/// whether it may be NULL, and the JSON bytes that come before its value
/// (`{"id":`, `,"name":`…). Walking the table itself for every row would
/// copy its closures each time. A reading of some fields (`--fields`)
/// selects only their columns, in their order, and has a plan of its own.
final class RowPlan: @unchecked Sendable {
    /// Every field, in the table's order.
    static let shared = RowPlan(fields: MonsterFields.all)

    let count: Int
    private let integers: UnsafeMutableBufferPointer<Bool>
    private let nullables: UnsafeMutableBufferPointer<Bool>
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>
    private let keyRanges: UnsafeMutableBufferPointer<Range<Int>>

    init(fields: [MonsterField]) {
        count = fields.count
        integers = .allocate(capacity: count)
        nullables = .allocate(capacity: count)
        keyRanges = .allocate(capacity: count)
        integers.initialize(repeating: false)
        nullables.initialize(repeating: false)
        keyRanges.initialize(repeating: 0..<0)
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            integers[index] = field.kind == .integer
            nullables[index] = field.isNullable
            let start = bytes.count
            bytes += Array((index == 0 ? "{\"" : ",\"").utf8) + Array(field.key.utf8) + Array("\":".utf8)
            keyRanges[index] = start..<bytes.count
        }
        keyBytes = .allocate(capacity: bytes.count)
        _ = keyBytes.initialize(from: bytes)
    }

    deinit {
        integers.deallocate()
        nullables.deallocate()
        keyRanges.deallocate()
        keyBytes.deallocate()
    }

    @inline(__always) func isInteger(_ column: Int) -> Bool { integers[column] }

    @inline(__always) func isNullable(_ column: Int) -> Bool { nullables[column] }

    @inline(__always) func jsonKey(_ column: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: keyBytes[keyRanges[column]])
    }
}
