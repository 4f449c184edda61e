/// UTF-8 validation of one sequence at a time (RFC 3629: no overlongs, no
/// surrogates, nothing past U+10FFFF).
public enum UTF8Validation {
    /// The end of the valid sequence starting at `start`, or nil.
    public static func sequenceEnd(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let lead = bytes[start]
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < count && range.contains(bytes[offset])
        }
        switch lead {
        case 0x00...0x7F:
            return start + 1
        case 0xC2...0xDF:
            return continuation(start + 1) ? start + 2 : nil
        case 0xE0:
            return continuation(start + 1, 0xA0...0xBF) && continuation(start + 2) ? start + 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(start + 1) && continuation(start + 2) ? start + 3 : nil
        case 0xED:
            return continuation(start + 1, 0x80...0x9F) && continuation(start + 2) ? start + 3 : nil
        case 0xF0:
            return continuation(start + 1, 0x90...0xBF) && continuation(start + 2) && continuation(start + 3) ? start + 4 : nil
        case 0xF1...0xF3:
            return continuation(start + 1) && continuation(start + 2) && continuation(start + 3) ? start + 4 : nil
        case 0xF4:
            return continuation(start + 1, 0x80...0x8F) && continuation(start + 2) && continuation(start + 3) ? start + 4 : nil
        default:
            return nil
        }
    }

    /// Whether all of `bytes` is valid UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let end = sequenceEnd(in: bytes, at: index) {
                index = end
            } else {
                return false
            }
        }
        return true
    }
}
