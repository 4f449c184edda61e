#if canImport(Glibc)
import TextSafety
import Glibc
#endif

/// Reads monsters from JSON in the shapes roster writes: the export
/// document `{"format": "roster", "version": 1, "monsters": [...]}`, a
/// bare array of monster objects (`roster list --format json`), or NDJSON,
/// one object per line.
///
/// The document is streamed: the envelope is walked here, byte by byte,
/// and each monster object is cut out by bracket matching and handed to
/// the strict `JSONParser` on its own. Memory stays flat however many
/// monsters the file holds, and a malformed monster is reported and
/// skipped while the rest are still checked. Structural errors in the
/// envelope, and a file that ends early, stop the reading.
struct JSONMonsterReader {
    enum Shape: Equatable { case document, array, lines }

    let input: ChunkedInput
    let shape: Shape
    /// The fields each record must give (see `MonsterDecoder.required`).
    let required: UInt64
    /// Whether a key that names no field is refused or skipped.
    let unknownFields: UnknownFields
    /// Where the window starts.
    private var line = 1
    private var column = 1
    private enum State { case start, firstElement, nextElement, afterArray, done }
    private var state = State.start
    private var seenKeys: Set<String> = []
    /// A misspelt `monsters` was told (`monster`): the document is not told
    /// again that it has no `monsters` array, which only follows from it.
    private var toldMonstersMisspelt = false
    /// A problem has ended the reading: report nothing more about the structure.
    private var stopped = false

    init(input: ChunkedInput, shape: Shape, required: UInt64 = MonsterDecoder.requiredByModel,
         unknownFields: UnknownFields = .refused(wayOut: nil)) {
        self.input = input
        self.shape = shape
        self.required = required
        self.unknownFields = unknownFields
    }

    mutating func next(log: inout ProblemLog) throws(IOFailure) -> ImportedRecord? {
        if shape == .lines { return try nextLine(log: &log) }
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                try skipWhitespace()
                if shape == .array {
                    consume(1) // the '['
                    state = .firstElement
                } else {
                    consume(1) // the '{'
                    state = try readMembers(first: true, log: &log) ? .firstElement : .done
                    if state == .done { try expectEnd(log: &log) }
                }
            case .firstElement, .nextElement:
                try skipWhitespace()
                guard let byte = try peek() else {
                    fail("the JSON text ends before the monsters array is closed", log: &log)
                    continue
                }
                if byte == UInt8(ascii: "]") {
                    consume(1)
                    state = .afterArray
                    continue
                }
                if state == .nextElement {
                    guard byte == UInt8(ascii: ",") else {
                        fail("expected `,` or `]` after a value of the monsters array but found \(Self.describe(byte))", log: &log)
                        continue
                    }
                    consume(1)
                    try skipWhitespace()
                    if try peek() == nil {
                        fail("the JSON text ends before the monsters array is closed", log: &log)
                        continue
                    }
                }
                state = .nextElement
                guard let length = try valueExtent(log: &log, enclosing: shape == .array ? 1 : 2) else { continue }
                let element = UnsafeBufferPointer(rebasing: input.window[0..<length])
                if case .decoded(let record) = FlatJSONRecord.decode(element, line: line, column: column, log: &log, required: required) {
                    consume(length)
                    if let record { return record }
                    continue
                }
                guard let node = try parseValue(length: length, log: &log) else { continue }
                if let record = JSONRecordDecoder.decode(node, log: &log, required: required, unknownFields: unknownFields) { return record }
            case .afterArray:
                if shape == .array {
                    state = .done
                    try expectEnd(log: &log)
                } else {
                    state = try readMembers(first: false, log: &log) ? .firstElement : .done
                    if state == .done { try expectEnd(log: &log) }
                }
            }
        }
    }

    // MARK: The envelope

    /// Reads members of the top-level object until the monsters array
    /// opens (true) or the object closes (false).
    private mutating func readMembers(first: Bool, log: inout ProblemLog) throws(IOFailure) -> Bool {
        var first = first
        while state != .done {
            try skipWhitespace()
            guard let byte = try peek() else {
                fail("the JSON text ends inside the top-level object", log: &log)
                return false
            }
            if byte == UInt8(ascii: "}") {
                consume(1)
                if !seenKeys.contains("monsters") && !toldMonstersMisspelt {
                    log.add(.shape, at: here, field: "monsters", "the document has no `monsters` array")
                }
                return false
            }
            if !first {
                guard byte == UInt8(ascii: ",") else {
                    fail("expected `,` or `}` but found \(Self.describe(byte))", log: &log)
                    return false
                }
                consume(1)
                try skipWhitespace()
            }
            first = false
            let keyLocation = here
            guard try peek() == UInt8(ascii: "\""), let keyNode = try parseValue(log: &log),
                  case .string(let key) = keyNode.value else {
                if state != .done { fail("expected a quoted key", log: &log) }
                return false
            }
            if !seenKeys.insert(key).inserted {
                fail("the key \(Quote.code(key)) appears twice in one object", at: keyLocation, kind: .shape, log: &log)
                return false
            }
            try skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else {
                fail("expected `:` after the key \(Quote.code(key))", log: &log)
                return false
            }
            consume(1)
            try skipWhitespace()
            if key == "monsters" {
                guard try peek() == UInt8(ascii: "[") else {
                    fail("`monsters` must be an array of monster objects", kind: .shape, log: &log)
                    return false
                }
                consume(1)
                return true
            }
            guard let value = try parseValue(log: &log) else { return false }
            checkEnvelopeMember(key, value, at: keyLocation, log: &log)
        }
        return false
    }

    /// The keys of the document `export` writes around the monsters.
    static let documentKeys = ["format", "version", "monsters"]

    private mutating func checkEnvelopeMember(_ key: String, _ value: JSONNode, at location: TextLocation,
                                              log: inout ProblemLog) {
        switch key {
        case "format":
            guard case .string(let name) = value.value, name == ExportFormat.documentName else {
                log.add(.shape, at: value.location, field: "format",
                        "this JSON is not a roster export: `format` must be \(Quote.code(ExportFormat.documentName))")
                state = .done
                stopped = true
                return
            }
        case "version":
            guard case .number(let text) = value.value, let version = Int(text), version >= 1 else {
                log.add(.shape, at: value.location, field: "version", "`version` must be a whole number such as 1")
                state = .done
                stopped = true
                return
            }
            if version > ExportFormat.documentVersion {
                log.add(.shape, at: value.location, field: "version",
                        "the file was written by a newer roster (format version \(version)); this roster reads version \(ExportFormat.documentVersion)")
                state = .done
                stopped = true
            }
        default:
            let meant = EditDistance.closest(to: key, among: Self.documentKeys)
            if meant == "monsters" { toldMonstersMisspelt = true }
            log.add(.shape, at: location, field: key, "unknown key \(Quote.code(key)) in the document; "
                    + (meant.map { "did you mean \(Quote.code($0))?" } ?? "it holds `format`, `version` and `monsters`"))
        }
    }

    private mutating func expectEnd(log: inout ProblemLog) throws(IOFailure) {
        guard !stopped else { return }
        try skipWhitespace()
        if let byte = try peek() {
            fail("\(JSONParser.unexpectedText): \(Self.describe(byte))", log: &log)
        }
    }

    // MARK: NDJSON

    private mutating func nextLine(log: inout ProblemLog) throws(IOFailure) -> ImportedRecord? {
        while state != .done {
            var index = 0
            var lineEnd: Int?
            while lineEnd == nil {
                let window = input.window
                let stop = min(window.count, ChunkedInput.recordLimit + 1)
                index = Self.firstLineFeed(in: window, from: index, to: stop)
                if index < window.count, window[index] == 0x0A {
                    lineEnd = index
                } else if index > ChunkedInput.recordLimit {
                    fail("a line is longer than \(ChunkedInput.recordLimit / 1024) KiB, the most import accepts", log: &log)
                    return nil
                } else if try !input.fill() {
                    if input.exceededSizeLimit {
                        fail("the input is larger than \(ChunkedInput.sizeLimit >> 30) GiB, the most import reads", log: &log)
                        return nil
                    }
                    if window.isEmpty { state = .done; return nil }
                    lineEnd = window.count
                }
            }
            let end = lineEnd ?? 0
            let window = input.window
            var content = end
            if content > 0, window[content - 1] == 0x0D { content -= 1 }
            let text = UnsafeBufferPointer(rebasing: window[0..<content])
            let number = line
            line += 1
            defer { input.consume(min(end + 1, window.count)) }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if case .decoded(let record) = FlatJSONRecord.decode(text, line: number, column: 1, log: &log, required: required) {
                if let record { return record }
                continue
            }
            let node: JSONNode
            do {
                node = try JSONParser.parse(text, firstLine: number)
            } catch {
                log.add(error.problemKind, at: error.location, error.message)
                continue
            }
            if let record = JSONRecordDecoder.decode(node, log: &log, required: required, unknownFields: unknownFields) { return record }
        }
        return nil
    }

    // MARK: Bytes and positions

    private var here: TextLocation { TextLocation(line: line, column: column) }

    private mutating func fail(_ message: String, at location: TextLocation? = nil, kind: InputProblem.Kind = .syntax,
                               log: inout ProblemLog) {
        if kind == .syntax { log.addSyntaxError(at: location ?? here, message) } else { log.add(kind, at: location ?? here, message) }
        state = .done
        stopped = true
    }

    private func peek() throws(IOFailure) -> UInt8? {
        if input.window.isEmpty, try !input.fill() { return nil }
        return input.window.first
    }

    /// Consumes `count` bytes of the window, keeping the line and column.
    private mutating func consume(_ count: Int) {
        let window = input.window
        for index in 0..<min(count, window.count) {
            let byte = window[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        input.consume(count)
    }

    private mutating func skipWhitespace() throws(IOFailure) {
        while let byte = try peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            consume(1)
        }
    }

    /// Cuts the next JSON value out of the input and parses it on its own.
    /// Nil (with the problem logged) when it is malformed; a file that
    /// ends inside it, or a value past the record limit, stops the reading.
    private mutating func parseValue(length known: Int? = nil, log: inout ProblemLog) throws(IOFailure) -> JSONNode? {
        var extent = known
        // Only the document's own members are cut out here, one level in.
        if extent == nil { extent = try valueExtent(log: &log, enclosing: 1) }
        guard let length = extent else { return nil }
        let window = input.window
        let bytes = UnsafeBufferPointer(rebasing: window[0..<length])
        let start = here
        defer { consume(length) }
        do {
            return try JSONParser.parse(bytes, firstLine: start.line, firstColumn: start.column)
        } catch {
            if error.isDuplicateKey {
                log.add(.shape, at: error.location, error.message)
            } else {
                log.addSyntaxError(at: error.location, error.message)
            }
            if length == window.count && input.isAtEnd {
                state = .done
                stopped = true
            }
            return nil
        }
    }

    /// The length of the JSON value at the start of the window: to the
    /// bracket that closes it, the quote that ends it, or the delimiter
    /// after a bare word. At the end of the input, whatever is left.
    /// `enclosing` is how many levels of the document hold the value, so
    /// that nesting is counted, and refused, as over the whole document.
    private mutating func valueExtent(log: inout ProblemLog, enclosing: Int) throws(IOFailure) -> Int? {
        var index = 0
        var depth = 0
        var inString = false
        var escaped = false
        while true {
            let window = input.window
            let count = window.count
            while index < count {
                if index > ChunkedInput.recordLimit {
                    fail("a value is longer than \(ChunkedInput.recordLimit / 1024) KiB, the most import accepts in one monster", log: &log)
                    return nil
                }
                let byte = window[index]
                index += 1
                if inString {
                    if escaped { escaped = false }
                    else if byte == UInt8(ascii: "\\") { escaped = true }
                    else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return index }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    // Said here, where it is, rather than as a value too long.
                    if depth + enclosing > JSONParser.maximumDepth {
                        let place = FlatJSONRecord.location(of: index - 1, in: window, line: line, column: column)
                        fail("the JSON is nested more than \(JSONParser.maximumDepth) levels deep", at: place, log: &log)
                        return nil
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return max(1, index - 1) }
                    depth -= 1
                    if depth == 0 { return index }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                    if depth == 0 { return max(1, index - 1) }
                default:
                    break
                }
            }
            if try !input.fill() {
                if input.exceededSizeLimit {
                    fail("the input is larger than \(ChunkedInput.sizeLimit >> 30) GiB, the most import reads", log: &log)
                    return nil
                }
                return count
            }
        }
    }

    /// The offset of the first LF in `window[from..<to]`, or `to`.
    static func firstLineFeed(in window: UnsafeBufferPointer<UInt8>, from start: Int, to stop: Int) -> Int {
        guard let base = window.baseAddress, start < stop else { return max(start, stop) }
        guard let found = memchr(base + start, 0x0A, stop - start) else { return stop }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    static func describe(_ byte: UInt8) -> String {
        JSONParser.describe(byte)
    }
}
