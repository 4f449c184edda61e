/// A fast path for the usual monster object, as `roster export` writes it:
/// flat, known keys, values that are strings (with simple escapes), whole
/// numbers or null. It reads the bytes directly, without building a `JSONNode` tree.
///
/// It never decides that a record is malformed: anything unusual (an
/// escape it does not know, a nested value, an unknown or repeated key, a
/// type that does not fit, any syntax error) answers `.unusual`, and the
/// strict `JSONParser` and `JSONRecordDecoder` read the record again and
/// say exactly what is wrong. Problems with the values themselves (an
/// unknown weapon, a name too long) are reported here through the same
/// `MonsterDecoder`, with the same words and places. The fuzz targets
/// check that both paths agree.
enum FlatJSONRecord {
    enum Outcome {
        case unusual
        /// The record, or nil when its values had problems (logged).
        case decoded(ImportedRecord?)
    }

    /// Switched off by the fuzz targets to compare both paths.
    nonisolated(unsafe) static var isEnabled = true

    /// Decodes `bytes`, which start at `line`, `column` of the input.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int, log: inout ProblemLog,
                       required: UInt64 = MonsterDecoder.requiredByModel) -> Outcome {
        guard isEnabled else { return .unusual }
        let count = bytes.count
        var index = 0
        func skipWhitespace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        skipWhitespace()
        let open = index
        guard index < count, bytes[index] == UInt8(ascii: "{") else { return .unusual }
        index += 1
        skipWhitespace()
        guard index < count, bytes[index] == UInt8(ascii: "\"") else { return .unusual }

        // Problems go to the log only once the whole record has turned out
        // usual: otherwise the strict path reads it again and reports them.
        var found = ProblemLog()
        let outcome = withUnsafeTemporaryAllocation(of: Int.self, capacity: MonsterFields.all.count) { valueOffsets in
            valueOffsets.initialize(repeating: open)
            return decodeMembers(bytes, from: index, open: open, valueOffsets: valueOffsets,
                                 line: line, column: column, required: required, log: &found)
        }
        if case .decoded = outcome {
            for problem in found.problems { log.add(problem) }
        }
        return outcome
    }

    /// The members, from the first key on; `valueOffsets` (one per field)
    /// records where each value starts, to place problems.
    private static func decodeMembers(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, open: Int,
                                      valueOffsets: UnsafeMutableBufferPointer<Int>,
                                      line: Int, column: Int, required: UInt64, log: inout ProblemLog) -> Outcome {
        let count = bytes.count
        var index = start
        func skipWhitespace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        var decoder = MonsterDecoder(required: required)
        var seen: UInt64 = 0
        let keys = KeyTable.shared
        // The field after the last one read: where an export's keys come.
        var expected = 0
        func place(_ offset: Int) -> TextLocation { location(of: offset, in: bytes, line: line, column: column) }

        while true {
            // A key: plain ASCII in quotes, one of the fields.
            guard index < count, bytes[index] == UInt8(ascii: "\"") else { return .unusual }
            let keyStart = index + 1
            index = keyStart
            while index < count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 || bytes[index] >= 0x80 { return .unusual }
                index += 1
            }
            guard index < count else { return .unusual }
            guard let field = keys.field(named: bytes, keyStart, index, expected: expected),
                  seen & (1 << UInt64(field)) == 0 else { return .unusual }
            seen |= 1 << UInt64(field)
            expected = field + 1
            index += 1
            skipWhitespace()
            guard index < count, bytes[index] == UInt8(ascii: ":") else { return .unusual }
            index += 1
            skipWhitespace()
            guard index < count else { return .unusual }
            let valueStart = index
            valueOffsets[field] = valueStart
            let kind = keys.kind(of: field)
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard kind == .text, let string = plainString(bytes, from: index) else { return .unusual }
                index = string.end
                let content = UnsafeBufferPointer(rebasing: bytes[string.content])
                // A value in its stored form needs no String (see `MonsterField.assignStored`).
                if string.escaped || !decoder.setStored(field, content) {
                    let text = string.escaped ? unescaped(content) : String(decoding: content, as: UTF8.self)
                    decoder.set(field, .text(text), log: &log) { place(valueStart) }
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard kind == .integer, let (number, end) = wholeNumber(bytes, from: index) else { return .unusual }
                index = end
                decoder.set(field, .integer(number), log: &log) { place(valueStart) }
            case UInt8(ascii: "n"):
                guard !keys.isRequired(field), index + 4 <= count,
                      bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                      bytes[index + 3] == UInt8(ascii: "l") else { return .unusual }
                index += 4
                // Unknown for a nullable field; the default for the others.
                if keys.isNullable(field) {
                    decoder.set(field, .null, log: &log) { place(valueStart) }
                }
            default:
                return .unusual
            }
            skipWhitespace()
            guard index < count else { return .unusual }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return .unusual }
            index += 1
            break
        }
        skipWhitespace()
        guard index == count else { return .unusual }
        return .decoded(decoder.finish(log: &log) { field in place(field.map { valueOffsets[$0] } ?? open) })
    }

    /// A string in valid UTF-8 without control characters, with at most
    /// the one-letter escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`,
    /// `\t`): where its content lies, whether it has escapes, and where it
    /// ends; nil for anything else (`\u` included).
    private static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (content: Range<Int>, escaped: Bool, end: Int)? {
        var index = start + 1
        let count = bytes.count
        var escaped = false
        while index < count {
            // Eight plain ASCII bytes (no quote, backslash or control) are
            // passed over in one step, as the byte-by-byte code below would.
            if index + 8 <= count, let base = bytes.baseAddress,
               !ByteScan.stopsPlainJSON(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                return ((start + 1)..<index, escaped, index + 1)
            }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    escaped = true
                    index += 2
                    continue
                default:
                    return nil
                }
            }
            if byte < 0x80 {
                index += 1
            } else {
                guard let end = UTF8Validation.sequenceEnd(in: bytes, at: index) else { return nil }
                index = end
            }
        }
        return nil
    }

    /// The text of string content whose escapes `plainString` has checked.
    private static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        var index = 0
        while index < content.count {
            var byte = content[index]
            if byte == UInt8(ascii: "\\"), index + 1 < content.count {
                index += 1
                switch content[index] {
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                default: byte = content[index] // \" \\ \/
                }
            }
            decoded.append(byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// An integer literal (no fraction or exponent) that fits in Int64.
    private static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int64, Int)? {
        var index = start
        let count = bytes.count
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        let length = index - digits
        guard length > 0, length <= 18, !(length > 1 && bytes[digits] == UInt8(ascii: "0")) else { return nil }
        if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        guard let number = Int64(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
            return nil
        }
        return (number, index)
    }

    /// The place of byte `offset` of text that starts at `line`, `column`.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) -> TextLocation {
        var line = line
        var column = column
        for index in 0..<min(offset, bytes.count) {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextLocation(line: line, column: column)
    }
}

/// The field keys' bytes in flat memory, worked out once: a key is matched
/// byte by byte in place, with no array of arrays to retain and no call
/// to memcmp for a few bytes, nine times per record. What the fast path
/// asks of each field (its kind, whether it is required or nullable) is
/// kept here too: asking `MonsterFields.all` retained and released the
/// field each time.
private final class KeyTable: @unchecked Sendable {
    static let shared = KeyTable()

    private let count: Int
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where key `i` starts in `bytes`; entry `count` is the end.
    private let starts: UnsafeMutableBufferPointer<Int>
    private let kinds: UnsafeMutableBufferPointer<MonsterField.Kind>
    /// Bit `i` set: field `i` is required; is nullable.
    private let required: UInt64
    private let nullable: UInt64

    private init() {
        count = MonsterFields.keys.count
        let packed = packKeys(MonsterFields.keys)
        bytes = packed.bytes
        starts = packed.starts
        kinds = .allocate(capacity: count)
        _ = kinds.initialize(from: MonsterFields.all.map(\.kind))
        required = MonsterDecoder.mask { $0.isRequired }
        nullable = MonsterDecoder.mask { $0.isNullable }
    }

    // Lives as long as the process; never deallocated.

    /// The field whose key is `key[start..<end]`; field `expected` is
    /// tried first (the one after the last, in an export's order).
    @inline(__always)
    func field(named key: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, expected: Int) -> Int? {
        if expected < count, matches(expected, key, start, end) { return expected }
        for field in 0..<count where field != expected && matches(field, key, start, end) { return field }
        return nil
    }

    @inline(__always)
    private func matches(_ field: Int, _ key: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard starts[field + 1] - starts[field] == length else { return false }
        let keyStart = starts[field]
        var offset = 0
        while offset < length, bytes[keyStart + offset] == key[start + offset] { offset += 1 }
        return offset == length
    }

    @inline(__always)
    func kind(of field: Int) -> MonsterField.Kind { kinds[field] }

    @inline(__always)
    func isRequired(_ field: Int) -> Bool { required & (1 << UInt64(field)) != 0 }

    @inline(__always)
    func isNullable(_ field: Int) -> Bool { nullable & (1 << UInt64(field)) != 0 }
}
