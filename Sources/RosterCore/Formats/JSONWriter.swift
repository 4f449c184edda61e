import TextSafety
/// Writes JSON text straight into a `ByteOutput`, without building values
/// first. Strings are escaped as JSON requires, and additionally every
/// character that could act on a terminal (DEL, C1 controls, bidi controls,
/// line and paragraph separators) is written as a `\u` escape: the output
/// stays exact JSON and is safe to print.
public enum JSONWriter {
    public static func appendString(_ text: String, to output: ByteOutput) throws(IOFailure) {
        try withUTF8Bytes(of: text) { (bytes) throws(IOFailure) in try appendString(bytes, to: output) }
    }

    /// `bytes` must be UTF-8, as a `String`'s are.
    public static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) throws(IOFailure) {
        if try appendString(checking: bytes, after: UnsafeBufferPointer(start: nil, count: 0), to: output) { return }
        try appendInPieces(bytes, to: output)
    }

    /// `prefix` (a key, say) and then `bytes` as a JSON string, encoded
    /// straight into the output's buffer in one pass that also checks the
    /// UTF-8: a table's cells reach here unchecked. False, with nothing
    /// written, when the bytes are not UTF-8 or the buffer is too small
    /// for the worst case; the caller then repairs or writes in pieces.
    static func appendString(checking bytes: UnsafeBufferPointer<UInt8>, after prefix: UnsafeBufferPointer<UInt8>,
                             to output: ByteOutput) throws(IOFailure) -> Bool {
        // The most one input byte can become is `\u001b`, six.
        guard let destination = try output.reserveInPlace(prefix.count + 6 * bytes.count + 2) else { return false }
        var out = 0
        for byte in prefix {
            destination[out] = byte
            out += 1
        }
        guard let written = encode(bytes, into: destination + out) else { return false }
        output.commitInPlace(out + written)
        return true
    }

    /// Writes `"…"` for `bytes` at `destination`, which has room for the
    /// worst case; returns how many bytes that took, or nil when `bytes`
    /// are not well-formed UTF-8. Plain ASCII goes eight bytes at a time;
    /// a byte that stops the word is settled alone, a multi-byte character
    /// is checked and copied whole.
    ///
    /// The last few bytes of a text (fewer than eight) go as one word too
    /// when they can: the eight bytes that end the text, when all plain,
    /// are stored over the copy of those among them already written. That
    /// copy is exact and in line with them: an escape, or a character
    /// that is not ASCII, among them would have stopped the word.
    @inline(__always)
    private static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>) -> Int? {
        destination[0] = UInt8(ascii: "\"")
        var out = 1
        let count = bytes.count
        if let base = bytes.baseAddress {
            var index = 0
            while index < count {
                while index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if ByteScan.stopsPlainJSON(word) { break }
                    UnsafeMutableRawPointer(destination + out).storeBytes(of: word, as: UInt64.self)
                    index += 8
                    out += 8
                }
                guard index < count else { break }
                if index + 8 > count, count >= 8 {
                    let word = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
                    if !ByteScan.stopsPlainJSON(word) {
                        UnsafeMutableRawPointer(destination + out - (index - (count - 8))).storeBytes(of: word, as: UInt64.self)
                        out += count - index
                        break
                    }
                }
                let byte = base[index]
                if byte >= 0x80 {
                    guard let end = UTF8Validation.sequenceEnd(in: bytes, at: index) else { return nil }
                    let acting = byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
                        ? ActingCharacters.length(in: bytes, at: index) : 0
                    if acting > 0 {
                        out += writeEscape(ActingCharacters.scalar(in: bytes, at: index, length: acting), at: destination + out)
                    } else {
                        while index < end {
                            destination[out] = base[index]
                            out += 1
                            index += 1
                        }
                    }
                    index = end
                } else if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                    out += writeEscape(UInt32(byte), at: destination + out)
                    index += 1
                } else {
                    destination[out] = byte
                    out += 1
                    index += 1
                }
            }
        }
        destination[out] = UInt8(ascii: "\"")
        return out + 1
    }

    /// The same escapes as `appendEscape`, written in place; returns their length.
    @inline(__always)
    private static func writeEscape(_ scalar: UInt32, at destination: UnsafeMutablePointer<UInt8>) -> Int {
        let short: UInt8
        switch scalar {
        case 0x22: short = UInt8(ascii: "\"")
        case 0x5C: short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            destination[0] = UInt8(ascii: "\\")
            destination[1] = UInt8(ascii: "u")
            let digits = hexDigits.utf8Start
            destination[2] = digits[Int((scalar >> 12) & 0xF)]
            destination[3] = digits[Int((scalar >> 8) & 0xF)]
            destination[4] = digits[Int((scalar >> 4) & 0xF)]
            destination[5] = digits[Int(scalar & 0xF)]
            return 6
        }
        destination[0] = UInt8(ascii: "\\")
        destination[1] = short
        return 2
    }

    /// The general path, for a buffer too small to hold a string's worst case.
    private static func appendInPieces(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) throws(IOFailure) {
        try output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            index += ByteScan.plainJSONPrefix(bytes, from: index)
            guard index < count else { break }
            let byte = bytes[index]
            var escapeLength = 0
            var scalar: UInt32 = 0
            if byte == 0x22 || byte == 0x5C {
                escapeLength = 1
                scalar = UInt32(byte)
            } else {
                escapeLength = ActingCharacters.length(in: bytes, at: index)
                if escapeLength > 0 { scalar = ActingCharacters.scalar(in: bytes, at: index, length: escapeLength) }
            }
            if escapeLength == 0 {
                index += 1
                continue
            }
            if index > runStart {
                try output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            try appendEscape(scalar, to: output)
            index += escapeLength
            runStart = index
        }
        if count > runStart {
            try output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        try output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    private static func appendEscape(_ scalar: UInt32, to output: ByteOutput) throws(IOFailure) {
        switch scalar {
        case 0x22: try output.append("\\\"")
        case 0x5C: try output.append("\\\\")
        case 0x0A: try output.append("\\n")
        case 0x0D: try output.append("\\r")
        case 0x09: try output.append("\\t")
        case 0x08: try output.append("\\b")
        case 0x0C: try output.append("\\f")
        default:
            try output.append("\\u")
            let digits = hexDigits.utf8Start
            for shift in stride(from: 12, through: 0, by: -4) {
                try output.append(digits[Int((scalar >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
