import TextSafety

/// A strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// Strict where leniency would lose data or hide mistakes: duplicate keys,
/// invalid UTF-8, unpaired surrogate escapes, control characters in strings,
/// trailing commas and anything after the top-level value are errors.
/// Nesting is limited so that hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = 64
    /// Long enough for any number a JSON writer prints in full (a double
    /// written without an exponent, such as `-0.000…01`, runs past 300).
    public static let maximumNumberLength = 1024

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line: Int
    private let firstLine: Int
    /// Columns before the text on its first line, for text cut from the
    /// middle of a line of a larger file.
    private let firstLineColumnOffset: Int
    private var lineStart = 0
    private var depth = 0
    // Where the last location was computed, so that a long line is scanned
    // once rather than once per value.
    private var columnCacheOffset = 0
    private var columnCacheColumn = 1

    /// Parses exactly one JSON value (with surrounding white space) from `bytes`.
    /// `firstLine` numbers the first line, for text cut from a larger file.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1,
                             firstColumn: Int = 1) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, line: firstLine, column: firstColumn)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error(unexpectedText + ": " + describe(bytes[parser.index]))
        }
        return value
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try withUTF8Bytes(of: text) { (buffer) throws(JSONSyntaxError) -> JSONNode in try parse(buffer) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        self.bytes = bytes
        self.line = line
        self.firstLine = line
        self.firstLineColumnOffset = column - 1
    }

    // MARK: Positions

    /// The location of byte `offset`, which must be on the current line.
    private func location(at offset: Int) -> TextLocation {
        locationAndCache(at: offset).location
    }

    private mutating func trackedLocation(at offset: Int) -> TextLocation {
        let (location, cacheOffset, cacheColumn) = locationAndCache(at: offset)
        columnCacheOffset = cacheOffset
        columnCacheColumn = cacheColumn
        return location
    }

    private func locationAndCache(at offset: Int) -> (location: TextLocation, offset: Int, column: Int) {
        var column = 1
        var position = lineStart
        if columnCacheOffset >= lineStart && columnCacheOffset <= offset {
            position = columnCacheOffset
            column = columnCacheColumn
        }
        while position < offset && position < bytes.count {
            // Count scalars: every byte that does not continue a sequence.
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        let shown = line == firstLine ? column + firstLineColumnOffset : column
        return (TextLocation(line: line, column: shown), position, column)
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location(at: offset ?? index))
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else {
            throw error(index == 0 ? "the input is empty" : "the JSON text ends too early")
        }
        let start = trackedLocation(at: index)
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(start)
        case UInt8(ascii: "["): return try parseArray(start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start)
        default:
            throw error("expected a JSON value but found \(describeByte(at: index))")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("the JSON is nested more than \(Self.maximumDepth) levels deep")
        }
    }

    private mutating func parseObject(_ start: TextLocation) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        // Room for a typical record at once, rather than growing 1, 2, 4, 8.
        members.reserveCapacity(8)
        skipWhitespace()
        if leave(at: UInt8(ascii: "}")) { return JSONNode(value: .object(members), location: start) }
        repeat {
            skipWhitespace()
            guard index < bytes.count else { throw error("the JSON text ends inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key but found \(describeByte(at: index))")
            }
            let keyOffset = index
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                var twice = error("the key \(Quote.code(key)) appears twice in one object", at: keyOffset)
                twice.isDuplicateKey = true
                throw twice
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected `:` after the key \(Quote.code(key))")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
        } while try !endsAfterElement(closer: UInt8(ascii: "}"), inside: "an object")
        return JSONNode(value: .object(members), location: start)
    }

    private mutating func parseArray(_ start: TextLocation) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if leave(at: UInt8(ascii: "]")) { return JSONNode(value: .array(elements), location: start) }
        repeat {
            skipWhitespace()
            elements.append(try parseValue())
        } while try !endsAfterElement(closer: UInt8(ascii: "]"), inside: "an array")
        return JSONNode(value: .array(elements), location: start)
    }

    /// Past the closing bracket of the object or array being read, if it
    /// comes next: the container `enter` opened is left.
    private mutating func leave(at closer: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member or an element: a comma goes on to the next one
    /// (false), the closing bracket ends the container (true).
    private mutating func endsAfterElement(closer: UInt8, inside container: String) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("the JSON text ends inside \(container)") }
        if leave(at: closer) { return true }
        guard bytes[index] == UInt8(ascii: ",") else {
            throw error("expected `,` or `\(Character(Unicode.Scalar(closer)))` but found \(describeByte(at: index))")
        }
        index += 1
        return false
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else {
            throw error("expected a JSON value but found \(describeByte(at: index))")
        }
        index += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number cannot start with 0") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits after `.`") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits in its exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index - start > Self.maximumNumberLength {
            throw error("a number is longer than \(Self.maximumNumberLength) characters", at: start)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let openingQuote = index
        index += 1
        let contentStart = index
        // Fast path: no escapes. Validate UTF-8 and look for the closing quote.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            if byte < 0x80 {
                index += 1
            } else {
                index = try validatedScalarEnd(from: index)
            }
        }
        guard index < bytes.count else {
            throw error("a string starting here is never closed", at: openingQuote)
        }
        // Slow path: decode escapes into a byte buffer.
        var decoded = [UInt8](UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try decodeEscape(into: &decoded)
            case 0..<0x20:
                throw controlCharacterError(byte)
            case 0..<0x80:
                decoded.append(byte)
                index += 1
            default:
                let end = try validatedScalarEnd(from: index)
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        throw error("a string starting here is never closed", at: openingQuote)
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        byte == 0x0A
            ? error("a string contains a raw line break; write it as \\n")
            : error("a string contains a raw control character (\(MonsterRules.codePoint(Unicode.Scalar(byte)))); escape it as \\u")
    }

    private mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("the JSON text ends inside an escape") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var value = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(value) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape is half of a surrogate pair without its other half", at: escapeStart)
                }
                index += 2
                let low = try readHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a \\u escape is half of a surrogate pair without its other half", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw error("a \\u escape is half of a surrogate pair without its other half", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error("a \\u escape does not name a character", at: escapeStart)
            }
            if let encoded = UTF8.encode(scalar) { decoded.append(contentsOf: encoded) }
        default:
            throw error("a backslash before \(describeByte(at: index - 1)) is not a JSON escape; a backslash itself is written `\\\\`", at: escapeStart)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Checks the UTF-8 sequence starting at `start` and returns where it ends.
    private func validatedScalarEnd(from start: Int) throws(JSONSyntaxError) -> Int {
        guard let end = UTF8Validation.sequenceEnd(in: bytes, at: start) else {
            throw error("the text is not valid UTF-8", at: start)
        }
        return end
    }

    /// A byte as messages quote it: `<`, or its number when it shows as
    /// nothing (a space, a control character, a byte of a longer letter).
    /// What text after a whole value is told, by this parser and by the
    /// import's streaming reader alike: a roster document is a JSON value too.
    static let unexpectedText = "unexpected text after the JSON value"

    static func describe(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: "`") { return "a backtick" }
        if byte >= 0x21 && byte < 0x7F { return "`\(Character(Unicode.Scalar(byte)))`" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        return JSONParser.describe(byte)
    }
}
