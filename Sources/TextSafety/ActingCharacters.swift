/// The characters that act on a terminal or mislead the reader, found in
/// UTF-8 bytes without decoding them: C0 controls, DEL, C1 controls, the
/// bidi controls (U+061C, U+200E/F, U+202A–E, U+2066–9), the line and
/// paragraph separators (U+2028/9) and the invisible characters that let
/// one name pass for another (U+00AD, U+200B, U+2060, U+FEFF). Writers use this to copy safe text in
/// one piece and escape only these.
public enum ActingCharacters {
    /// The length in bytes of such a character starting at `index`, or 0.
    @inline(__always)
    public static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return 1 }
        guard byte >= 0xC2 else { return 0 }
        let count = bytes.count
        switch byte {
        case 0xC2 where index + 1 < count && (bytes[index + 1] < 0xA0 || bytes[index + 1] == 0xAD):
            return 2
        case 0xD8 where index + 1 < count && bytes[index + 1] == 0x9C:
            return 2
        case 0xE2 where index + 2 < count:
            let second = bytes[index + 1], third = bytes[index + 2]
            switch second {
            case 0x80 where third == 0x8B || third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third): return 3
            case 0x81 where third == 0xA0 || (0xA6...0xA9).contains(third): return 3
            default: return 0
            }
        case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
            return 3
        default:
            return 0
        }
    }

    /// Whether any such character is in `bytes`.
    public static func contains(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if length(in: bytes, at: index) > 0 { return true }
            index += 1
        }
        return false
    }

    /// The scalar of the character of `length` bytes at `index`.
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        switch length {
        case 1: UInt32(bytes[index])
        case 2: UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        default: UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
    }
}
