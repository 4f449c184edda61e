/// Finds invalid UTF-8 quickly: ASCII, the common case, is skipped eight
/// bytes at a time; anything else goes through `UTF8Validation`.
enum UTF8Scan {
    /// The offset of the first byte that does not start or continue a valid sequence.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // Eight ASCII bytes have no high bit set.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if bytes[index] < 0x80 {
                index += 1
            } else if let end = UTF8Validation.sequenceEnd(in: bytes, at: index) {
                index = end
            } else {
                return index
            }
        }
        return nil
    }

    /// The offset of the first NUL byte, the mark of a binary file.
    static func firstNUL(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.firstIndex(of: 0)
    }
}
