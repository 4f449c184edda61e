/// Reads the monsters of an import: finds out what the input is (JSON
/// document or array, NDJSON, CSV — or something that is none of them),
/// then hands out valid records one at a time while collecting every
/// problem in `log`. A record with problems is handed out only as a
/// stand-in (`ImportedRecord.isStandIn`: its name and id, to be checked
/// against the others), and only once its problems are in the log.
public final class MonsterReader {
    public enum Format: String, CaseIterable, Sendable {
        case json, ndjson, csv

        /// The format a file's name promises (`roster.json`, `x.ndjson`,
        /// `x.jsonl`, `x.csv`), nil when it names none.
        public init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
            switch fileName[fileName.index(after: dot)...].lowercased() {
            case "json": self = .json
            case "ndjson", "jsonl": self = .ndjson
            case "csv": self = .csv
            default: return nil
            }
        }
    }

    public let input: ChunkedInput
    public var log = ProblemLog()
    /// What the input turned out to be (nil when it is empty or binary, or
    /// not what `--format` said).
    public private(set) var format: Format?

    private enum Engine {
        case csv(CSVMonsterReader)
        case json(JSONMonsterReader)
        case none
    }
    private var engine = Engine.none

    /// Looks at the start of the input. `format` nil means detect it;
    /// `delimiter` nil means CSV's is found from its header line.
    /// `requiring` names the fields every record must give, when not those
    /// the model requires: `upsert` needs only the key, `name`.
    /// `named` is the format the file's name promises: with `format` nil,
    /// text named `.json` that does not start like JSON is reported as
    /// broken JSON, not read as CSV. `givenFormatAdvice` follows the
    /// sentence that says the input is not the JSON `format` names: the
    /// caller's word on what the user may have meant by it. `unknownFields`
    /// says whether a key or column that names no field is refused.
    public init(input: ChunkedInput, format: Format?, raw: Bool, delimiter: UInt8? = nil,
                requiring: Set<String>? = nil, named: Format? = nil, givenFormatAdvice: String? = nil,
                unknownFields: UnknownFields = .refused(wayOut: nil)) throws(IOFailure) {
        self.input = input
        let required = requiring.map { keys in MonsterDecoder.mask { keys.contains($0.key) } } ?? MonsterDecoder.requiredByModel
        // Enough of the start to tell the format and spot a binary file.
        while input.window.count < Self.sniffLength, try input.fill() {}
        var window = input.window
        if window.starts(with: [0xEF, 0xBB, 0xBF]) {
            input.consume(3)
            window = input.window
        }
        // What spreadsheets save as "Unicode text" is UTF-16 with a byte
        // order mark: text, only not in UTF-8, and it holds NUL bytes.
        if window.starts(with: [0xFF, 0xFE]) || window.starts(with: [0xFE, 0xFF]) {
            log.add(.syntax, at: TextLocation(line: 1, column: 1),
                    "this file is UTF-16 text (it starts with a UTF-16 byte order mark); import reads UTF-8: save it as UTF-8 and import it again")
            return
        }
        let sample = UnsafeBufferPointer(rebasing: window.prefix(Self.sniffLength))
        if let nul = UTF8Scan.firstNUL(in: sample) {
            log.add(.syntax, at: CSVMonsterReader.location(of: nul, in: sample, line: 1),
                    "this is not a text file (it holds a NUL byte); import reads JSON, NDJSON or CSV")
            return
        }
        guard let first = window.firstIndex(where: { !(Self.isWhitespace($0)) }) else {
            if format == .ndjson {
                // NDJSON of no lines (or blank ones) is no monsters: what
                // `export --format ndjson` writes for an empty roster.
                self.format = .ndjson
                engine = .json(JSONMonsterReader(input: input, shape: .lines, required: required, unknownFields: unknownFields))
                return
            }
            let hint = format == nil ? " (for an empty NDJSON file, which holds no monsters, give --format ndjson)" : ""
            // A file of spaces or blank lines is not empty: said as what it holds.
            let holding = window.isEmpty ? "the input is empty" : "the input holds only blank space (spaces, tabs or line ends)"
            log.add(.syntax, at: TextLocation(line: 1, column: 1), "\(holding); import reads JSON, NDJSON or CSV\(hint)")
            return
        }
        let rest = UnsafeBufferPointer(rebasing: window[first...])
        // An export written for people, read back as CSV, would be a
        // column named `| ID | Name |`: say what it is instead.
        if format == nil || format == .csv, let document = Self.documentForReading(rest) {
            log.add(.syntax, at: TextLocation(line: 1, column: 1),
                    "this looks like \(document); Markdown and HTML exports are for reading: import a json, ndjson or csv export (`roster export -o roster.json`)")
            return
        }
        let sniffed = Self.sniff(rest)
        // A lone JSON value that is not an object or an array (`42`,
        // `null`, `"text"`) is JSON, not a CSV header: say what it is.
        let scalar = sniffed == nil && format != .csv && input.isAtEnd ? Self.scalar(rest) : nil
        let start = FlatJSONRecord.location(of: first, in: window, line: 1, column: 1)
        let found = scalar.map { ", but found \($0)" } ?? ""
        // One object written over several lines (`jq .` prints one so) is
        // valid JSON, but not NDJSON, whose objects are one a line: say
        // how to give it, rather than the syntax errors of its lines.
        if format != .csv, sniffed == .lines, input.isAtEnd, Self.isOneObjectOverLines(rest) {
            log.add(.shape, at: start, "this is one JSON object over several lines; import reads NDJSON with one monster object on each line, an array of monsters or a roster JSON document: put the object on one line, or in [ ]")
            return
        }
        // Only text that would otherwise be taken for CSV follows the name.
        let promisedJSON = format == nil && sniffed == nil && scalar == nil && named.map { $0 != .csv } == true
        let format = promisedJSON ? Format.json : format
        switch (format, sniffed) {
        case (nil, _) where scalar == nil, (.csv, _), (.json, .document), (.json, .array), (.ndjson, .lines):
            break
        case (nil, _), (.json, _):
            // Text that is not JSON at all is reported at its first
            // mistake, as any JSON reader would; only valid JSON of the
            // wrong shape gets the sentence about the document's shape.
            if format == .json, input.isAtEnd, let syntax = Self.syntaxError(rest, from: start) {
                let advice = promisedJSON ? " (the file's name says JSON; if it is CSV, give --format csv)"
                    : givenFormatAdvice.map { " (\($0))" } ?? ""
                log.add(.syntax, at: syntax.location, syntax.message + advice)
                return
            }
            let hint = sniffed == .lines ? "; it looks like NDJSON: try --format ndjson"
                : format == .json && !promisedJSON ? givenFormatAdvice.map { " (\($0))" } ?? "" : ""
            // Text read to its end without a syntax error is valid JSON of another shape.
            log.add(scalar != nil || (format == .json && input.isAtEnd) ? .shape : .syntax,
                    at: scalar == nil ? TextLocation(line: 1, column: 1) : start,
                    "expected a roster JSON document `{\"format\": \"roster\", …, \"monsters\": […]}` or an array of monsters\(found)\(hint)")
            if scalar != nil { self.format = .json }
            return
        case (.ndjson, nil):
            log.add(scalar == nil ? .syntax : .shape, at: start,
                    "expected one monster object per line\(scalar == nil ? ", but found \(JSONMonsterReader.describe(rest[0]))" : found)")
            return
        case (.ndjson, _):
            log.add(.shape, at: TextLocation(line: 1, column: 1),
                    "expected one monster object per line, but this is a JSON document: try --format json")
            return
        }
        if format == .csv || (format == nil && sniffed == nil) {
            self.format = .csv
            engine = .csv(CSVMonsterReader(input: input, raw: raw, delimiter: delimiter, required: required,
                                                unknownFields: unknownFields))
        } else if let sniffed {
            self.format = sniffed == .lines ? .ndjson : .json
            engine = .json(JSONMonsterReader(input: input, shape: sniffed, required: required, unknownFields: unknownFields))
        }
    }

    /// The next valid record, or nil when the input is done.
    public func next() throws(IOFailure) -> ImportedRecord? {
        switch engine {
        case .csv(var reader):
            engine = .none
            defer { engine = .csv(reader) }
            return try reader.next(log: &log)
        case .json(var reader):
            engine = .none
            defer { engine = .json(reader) }
            return try reader.next(log: &log)
        case .none:
            return nil
        }
    }

    /// Records a problem found later, by the store (a name already taken).
    public func report(_ problem: InputProblem) {
        log.add(problem)
    }

    /// Another log's problems, after this one's.
    func report(_ problems: ProblemLog) {
        log.append(problems)
    }

    static let sniffLength = 1 << 16

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// What `bytes` hold when they are exactly one JSON value other than
    /// an object or an array, in words ("a number"); nil otherwise.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "-")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n"),
              let node = try? JSONParser.parse(bytes) else { return nil }
        return node.kindName
    }

    /// Whether `bytes` are exactly one JSON object with a line break inside it.
    static func isOneObjectOverLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.count
        while end > 0, isWhitespace(bytes[end - 1]) { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: bytes[0..<end])
        guard text.contains(0x0A), let node = try? JSONParser.parse(text), case .object = node.value else { return false }
        return true
    }

    /// The first syntax error of `bytes` read as one JSON text starting
    /// at `start`, nil when they are valid JSON.
    static func syntaxError(_ bytes: UnsafeBufferPointer<UInt8>, from start: TextLocation) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            _ = try JSONParser.parse(bytes, firstLine: start.line, firstColumn: start.column)
            return nil
        } catch {
            return error
        }
    }

    /// JSON shapes by their first bytes: `[` is an array; `{` whose first
    /// key is one of the document's, or a misspelling of one that is no
    /// monster field's (`formt`, `monster`), is a document; any other `{`
    /// starts NDJSON. Anything else is taken for CSV (nil). A misspelt
    /// document read as a monster was told as four problems that only
    /// followed from the misspelling.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONMonsterReader.Shape? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "[") { return .array }
        guard first == UInt8(ascii: "{") else { return nil }
        var index = 1
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return .document }
        let keyStart = index + 1
        var keyEnd = keyStart
        while keyEnd < bytes.count, bytes[keyEnd] != UInt8(ascii: "\"") { keyEnd += 1 }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), as: UTF8.self)
        let keys = JSONMonsterReader.documentKeys
        if keys.contains(key) { return .document }
        let misspeltDocument = MonsterFields.index(of: key) == nil && MonsterFields.suggestion(for: key) == nil
            && EditDistance.closest(to: key, among: keys) != nil
        return misspeltDocument ? .document : .lines
    }
}

extension MonsterReader {
    /// What a text that starts as `text` does is, when it is one of the
    /// documents `export` writes for people: a Markdown table (`| ID |`)
    /// or an HTML page.
    static func documentForReading(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        let start = String(decoding: text.prefix(64), as: UTF8.self).lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return "an HTML page" }
        if start.hasPrefix("|") { return "a Markdown table" }
        return nil
    }
}
