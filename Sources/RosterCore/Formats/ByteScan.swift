/// Word-at-a-time byte tests for the writers' hot loops: text that needs
/// no escaping or quoting (nearly all of it) is checked eight bytes at a
/// time and copied in one piece.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// High bit set in each byte of `word` that equals `byte` (may also
    /// flag a byte after a true match; callers then look byte by byte).
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// High bit set in each byte of `word` below `limit` (limit ≤ 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Whether any byte of `word` needs a JSON escape or a closer look:
    /// a control character, `"`, `\`, DEL or anything outside ASCII.
    @inline(__always)
    static func stopsPlainJSON(_ word: UInt64) -> Bool {
        below(word, 0x20) | matches(word, 0x22) | matches(word, 0x5C) | matches(word, 0x7F) | (word & highs) != 0
    }

    /// The length of the prefix of `bytes` from `start` in which no byte
    /// needs a JSON escape or a closer look: control characters, `"`,
    /// `\`, DEL and everything outside ASCII stop it.
    @inline(__always)
    static func plainJSONPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if stopsPlainJSON(word) { break }
            index += 8
        }
        return index - start
    }

    /// Whether any byte of `bytes` is outside ASCII.
    @inline(__always)
    static func containsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highs != 0 { return true }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }

    /// Whether any byte of `bytes` is NUL.
    @inline(__always)
    static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if below(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), 0x01) != 0 { return true }
            index += 8
        }
        while index < count {
            if base[index] == 0 { return true }
            index += 1
        }
        return false
    }

    /// Whether `bytes` holds a comma, quote, CR or LF: a CSV field that must be quoted.
    @inline(__always)
    static func needsCSVQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if matches(word, 0x2C) | matches(word, 0x22) | below(word, 0x0E) != 0 { break }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
            index += 1
        }
        return false
    }
}
