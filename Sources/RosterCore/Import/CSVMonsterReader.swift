import TextSafety

/// Reads monsters from RFC 4180 CSV as `roster export --format csv`
/// writes it, and as spreadsheets save it.
///
/// The first row is the header and names the columns (any order, any
/// case); only `name` and `weapon` must be there. An empty cell means
/// unknown for `height`, `origin` and `activated`, and the default for
/// the other optional fields.
/// Records end with CRLF, LF or a CR on its own (as old Mac programs
/// wrote, and as Python's csv module reads); a quoted field may hold
/// commas, quotes (doubled) and line breaks (a CRLF inside one is read as
/// LF, a lone CR or LF is kept). Blank lines are skipped. Unless `raw`, a cell the export neutralised as a
/// formula (`'=…`, `''=…`) loses exactly the one `'` the export added.
///
/// Cells are separated by commas, by semicolons as spreadsheets in
/// countries with a decimal comma write them, or by tabs (what a
/// spreadsheet's "tab-separated" or a copied range gives): unless the
/// caller names the delimiter, a header line with no comma outside quotes
/// is taken for separated by the one of `;` and tab it holds more of.
///
/// A record is found by scanning for a line end outside quotes, then
/// split into fields; a bad record is reported and skipped, so every
/// problem in the file is found in one pass.
struct CSVMonsterReader {
    let input: ChunkedInput
    let raw: Bool
    /// The byte between cells; nil until the header decides, when not given.
    private(set) var delimiter: UInt8?
    /// The line the next record starts on.
    private var line = 1
    /// Header column to field index in `MonsterFields.all`; nil for a column we ignore.
    private var columns: [Int?] = []
    private var headerRead = false
    private var stopped = false
    /// Reused between records: where each field's bytes are, and which
    /// column holds each field of the table.
    private var fields: [CSVField] = []
    private var fieldColumns = [Int](repeating: -1, count: MonsterFields.all.count)

    /// The fields each record must give (see `MonsterDecoder.required`).
    let required: UInt64
    /// Whether a column that names no field is refused or skipped.
    let unknownFields: UnknownFields

    init(input: ChunkedInput, raw: Bool, delimiter: UInt8? = nil, required: UInt64 = MonsterDecoder.requiredByModel,
         unknownFields: UnknownFields = .refused(wayOut: nil)) {
        self.input = input
        self.raw = raw
        self.delimiter = delimiter
        self.required = required
        self.unknownFields = unknownFields
    }

    /// The next valid monster, or nil at the end. Bad records are logged and skipped.
    mutating func next(log: inout ProblemLog) throws(IOFailure) -> ImportedRecord? {
        while !stopped {
            guard let scan = try scanRecord(log: &log) else { return nil }
            let recordLine = line
            line += scan.lineBreaks
            defer { input.consume(scan.consumed) }
            let bytes = UnsafeBufferPointer(rebasing: input.window[0..<scan.contentLength])
            if bytes.isEmpty { continue }
            if let invalid = UTF8Scan.firstInvalidByte(in: bytes) {
                log.add(.syntax, at: Self.location(of: invalid, in: bytes, line: recordLine), "the text is not valid UTF-8")
                continue
            }
            if delimiter == nil { delimiter = Self.detectDelimiter(bytes) }
            guard split(bytes, line: recordLine, log: &log) else { continue }
            if !headerRead {
                readHeader(bytes, line: recordLine, log: &log)
                continue
            }
            if let record = decode(bytes, line: recordLine, log: &log) { return record }
        }
        return nil
    }

    // MARK: Finding records

    private struct Scan {
        /// Bytes of the record without its line ending.
        var contentLength: Int
        /// Bytes to consume, with the line ending.
        var consumed: Int
        /// Line breaks inside and after the record.
        var lineBreaks: Int
    }

    /// The extent of the next record in the window, reading more as needed.
    private mutating func scanRecord(log: inout ProblemLog) throws(IOFailure) -> Scan? {
        var index = 0
        var inQuotes = false
        var quoteStart = 0
        var breaks = 0
        while true {
            let window = input.window
            let count = window.count
            // Scan no further than one byte past the limit.
            let stop = min(count, ChunkedInput.recordLimit + 1)
            while index < stop {
                // Eight bytes with no quote, CR or LF (nearly all of a
                // record) change nothing below: passed over in one step.
                if index + 8 <= stop, let base = window.baseAddress {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if ByteScan.matches(word, UInt8(ascii: "\"")) | ByteScan.matches(word, 0x0A) | ByteScan.matches(word, 0x0D) == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = window[index]
                if byte == UInt8(ascii: "\"") {
                    if !inQuotes { quoteStart = index }
                    inQuotes.toggle()
                } else if byte == 0x0A {
                    if !inQuotes {
                        let content = index > 0 && window[index - 1] == 0x0D ? index - 1 : index
                        return Scan(contentLength: content, consumed: index + 1, lineBreaks: breaks + 1)
                    }
                    breaks += 1
                } else if byte == 0x0D {
                    // CR LF is one line end, counted at the LF; a CR on its
                    // own is one too (old Mac files). Which it is depends on
                    // the next byte: read it first.
                    guard index + 1 < count else { break }
                    if window[index + 1] != 0x0A {
                        if !inQuotes {
                            return Scan(contentLength: index, consumed: index + 1, lineBreaks: breaks + 1)
                        }
                        breaks += 1
                    }
                }
                index += 1
            }
            if index > ChunkedInput.recordLimit {
                let place = Self.location(of: inQuotes ? quoteStart : 0, in: window, line: line)
                log.add(.syntax, at: place, inQuotes
                        ? "a quoted field starting here is not closed within \(ChunkedInput.recordLimit / 1024) KiB; is a closing quote missing?"
                        : "a record is longer than \(ChunkedInput.recordLimit / 1024) KiB, the most import accepts")
                stopped = true
                return nil
            }
            if try input.fill() { continue }
            // fill() may have moved the bytes to the front of the buffer.
            let moved = input.window
            if input.exceededSizeLimit {
                log.add(.syntax, at: Self.location(of: 0, in: moved, line: line),
                        "the input is larger than \(ChunkedInput.sizeLimit >> 30) GiB, the most import reads")
                stopped = true
                return nil
            }
            // The end of the input: the last record may lack a line ending.
            guard count > 0 else { return nil }
            if inQuotes {
                log.add(.syntax, at: Self.location(of: quoteStart, in: moved, line: line),
                        "a quoted field starting here is never closed")
                stopped = true
                input.consume(count)
                return nil
            }
            let content = moved[count - 1] == 0x0D ? count - 1 : count
            return Scan(contentLength: content, consumed: count, lineBreaks: breaks)
        }
    }

    // MARK: Splitting a record into fields

    /// Fills `fields`; false (with the problem logged) when the record is malformed.
    private mutating func split(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, log: inout ProblemLog) -> Bool {
        fields.removeAll(keepingCapacity: true)
        let count = bytes.count
        let delimiter = self.delimiter ?? UInt8(ascii: ",")
        var position = 0
        while true {
            if position < count, bytes[position] == UInt8(ascii: "\"") {
                var index = position + 1
                var needsUnescaping = false
                while true {
                    // No quote and no CR in eight bytes: nothing to note.
                    if index + 8 <= count, let base = bytes.baseAddress {
                        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        if ByteScan.matches(word, UInt8(ascii: "\"")) | ByteScan.matches(word, 0x0D) == 0 {
                            index += 8
                            continue
                        }
                    }
                    guard index < count else {
                        // The scanner balanced the quotes, so this cannot happen; report rather than trap.
                        log.add(.syntax, at: Self.location(of: position, in: bytes, line: line), "a quoted field is never closed")
                        return false
                    }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                            needsUnescaping = true
                            index += 2
                            continue
                        }
                        break
                    }
                    if byte == 0x0D { needsUnescaping = true }
                    index += 1
                }
                fields.append(CSVField(start: position + 1, end: index, needsUnescaping: needsUnescaping, cellStart: position))
                index += 1
                if index < count, bytes[index] != delimiter {
                    log.add(.syntax, at: Self.location(of: index, in: bytes, line: line),
                            "unexpected text after a closing quote; a quote inside a quoted field is written twice (`\"\"`)")
                    return false
                }
                position = index
            } else {
                var index = position
                // Eight bytes with neither a delimiter nor a quote are all the field's.
                if let base = bytes.baseAddress {
                    while index + 8 <= count {
                        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        if ByteScan.matches(word, delimiter) | ByteScan.matches(word, UInt8(ascii: "\"")) != 0 { break }
                        index += 8
                    }
                }
                while index < count, bytes[index] != delimiter {
                    if bytes[index] == UInt8(ascii: "\"") {
                        log.add(.syntax, at: Self.location(of: index, in: bytes, line: line),
                                "a quote inside a field that is not quoted; quote the whole field and write the quote twice (`\"\"`)")
                        return false
                    }
                    index += 1
                }
                fields.append(CSVField(start: position, end: index, needsUnescaping: false, cellStart: position))
                position = index
            }
            if position >= count { return true }
            position += 1 // past the delimiter
            if position == count {
                fields.append(CSVField(start: count, end: count, needsUnescaping: false, cellStart: count))
                return true
            }
        }
    }

    /// The text of a field: doubled quotes undone, CRLF read as LF, and
    /// (unless raw) the formula guard removed.
    private func text(of field: CSVField, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var slice = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        if !raw, slice.count >= 2, slice[0] == UInt8(ascii: "'"),
           CSVWriter.looksLikeFormula(UnsafeBufferPointer(rebasing: slice[1...])) {
            slice = UnsafeBufferPointer(rebasing: slice[1...])
        }
        guard field.needsUnescaping else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            if byte == UInt8(ascii: "\"") && index + 1 < slice.count && slice[index + 1] == UInt8(ascii: "\"") {
                index += 1
            } else if byte == 0x0D && index + 1 < slice.count && slice[index + 1] == 0x0A {
                index += 1
                continue
            }
            unescaped.append(byte)
            index += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    // MARK: Header and records

    private mutating func readHeader(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, log: inout ProblemLog) {
        headerRead = true
        let cells = fields.map { (text: text(of: $0, in: bytes), start: $0.cellStart) }
        let header = Self.readColumns(cells, of: bytes, line: line, delimiter: delimiter, required: required,
                                     unknownFields: unknownFields, log: &log)
        columns = header.columns
        if header.stop { stopped = true }
    }

    private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, log: inout ProblemLog) -> ImportedRecord? {
        guard fields.count == columns.count else {
            log.add(.syntax, at: TextLocation(line: line, column: 1),
                    "the record has \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header has \(columns.count)")
            return nil
        }
        var decoder = MonsterDecoder(required: required)
        for index in fieldColumns.indices { fieldColumns[index] = -1 }
        for (column, field) in fields.enumerated() {
            guard let index = columns[column] else { continue }
            fieldColumns[index] = column
            // A blank cell means unknown for a nullable field, and leaves
            // another optional field at its default.
            let value: FieldValue
            if field.start != field.end {
                // A value in its stored form needs no String (see
                // `MonsterField.assignStored`); none starts with the
                // formula guard's quote.
                if !field.needsUnescaping, bytes[field.start] != UInt8(ascii: "'"),
                   decoder.setStored(index, UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])) {
                    continue
                }
                value = .text(text(of: field, in: bytes))
            } else if MonsterFields.all[index].isNullable {
                value = .null
            } else if required & (1 << UInt64(index)) != 0 {
                value = .text("")
            } else {
                continue
            }
            decoder.set(index, value, log: &log) {
                Self.location(of: field.cellStart, in: bytes, line: line)
            }
        }
        let fieldColumns = self.fieldColumns
        let fields = self.fields
        return decoder.finish(log: &log) { index in
            guard let index, fieldColumns[index] >= 0 else { return TextLocation(line: line, column: 1) }
            return Self.location(of: fields[fieldColumns[index]].cellStart, in: bytes, line: line)
        }
    }

    /// The line and column (in scalars) of byte `offset` of a record that starts at `line`, column 1.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, line: Int) -> TextLocation {
        var line = line
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextLocation(line: line, column: column)
    }
}

struct CSVField {
    /// The value's bytes (inside the quotes, if quoted).
    var start: Int
    var end: Int
    var needsUnescaping: Bool
    /// Where the cell starts, its opening quote included: what problems point at.
    var cellStart: Int
}
