import TextSafety

/// Writes RFC 4180 CSV: a header row, fields quoted when they hold a comma,
/// quote, CR or LF, and CRLF line endings.
///
/// By default cells a spreadsheet would run as a formula (starting with
/// `=`, `+`, `-`, `@`, tab or CR) get a leading `'`, as OWASP recommends.
/// So that this stays reversible, a cell that already starts with `'`
/// followed by such a character gets one more `'`; `CSVReader` removes
/// exactly one.
public struct CSVWriter {
    public let neutralizeFormulas: Bool
    /// For a terminal rather than a file: a cell holding a character the
    /// terminal would act on (ESC, C1, CR, bidi overrides, even a newline)
    /// is written with those made visible (`\e`, `\n`) and a backslash
    /// doubled, as piped `plain` rows are. Lossy by design; files and
    /// pipes get the cells as they are.
    public let escapesForTerminal: Bool

    public init(neutralizeFormulas: Bool = true, escapesForTerminal: Bool = false) {
        self.neutralizeFormulas = neutralizeFormulas
        self.escapesForTerminal = escapesForTerminal
    }

    public func appendRecord(_ fields: [String], to output: ByteOutput) throws(IOFailure) {
        for (index, field) in fields.enumerated() {
            if index > 0 { try output.append(UInt8(ascii: ",")) }
            try appendField(field, to: output)
        }
        try output.append("\r\n")
    }

    public func appendField(_ field: String, to output: ByteOutput) throws(IOFailure) {
        try withUTF8Bytes(of: field) { (bytes) throws(IOFailure) in try appendField(bytes, to: output) }
    }

    public func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) throws(IOFailure) {
        if escapesForTerminal, ActingCharacters.contains(in: bytes) || bytes.contains(UInt8(ascii: "\\")) {
            let visible = SafeText.fieldEscaped(String(decoding: bytes, as: UTF8.self))
            let plain = CSVWriter(neutralizeFormulas: neutralizeFormulas)
            try withUTF8Bytes(of: visible) { (escaped) throws(IOFailure) in try plain.appendField(escaped, to: output) }
            return
        }
        let guarded = neutralizeFormulas && Self.looksLikeFormula(bytes)
        if !ByteScan.needsCSVQuotes(bytes) {
            if guarded { try output.append(UInt8(ascii: "'")) }
            try output.append(bytes)
            return
        }
        try output.append(UInt8(ascii: "\""))
        if guarded { try output.append(UInt8(ascii: "'")) }
        var runStart = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") {
            try output.append(UnsafeBufferPointer(rebasing: bytes[runStart...index]))
            try output.append(UInt8(ascii: "\""))
            runStart = index + 1
        }
        try output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        try output.append(UInt8(ascii: "\""))
    }

    /// Starts with a formula trigger, possibly after apostrophes that an
    /// earlier neutralisation (or the user) put there.
    public static func looksLikeFormula(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "'") { index += 1 }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }
}
