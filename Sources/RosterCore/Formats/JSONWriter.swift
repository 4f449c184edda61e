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

    public static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to output: ByteOutput) throws(IOFailure) {
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
