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
        contains(bytes, wordMayHold: { $0 & highs != 0 }, byte: { $0 >= 0x80 })
    }

    /// Whether any byte of `bytes` is NUL.
    @inline(__always)
    static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(bytes, wordMayHold: { below($0, 0x01) != 0 }, byte: { $0 == 0 })
    }

    /// Whether `bytes` holds a comma, quote, CR or LF: a CSV field that must be quoted.
    @inline(__always)
    static func needsCSVQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(bytes, wordMayHold: { matches($0, 0x2C) | matches($0, 0x22) | below($0, 0x0E) != 0 },
                 byte: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
    }

    /// Whether any byte of `bytes` is one `byte` accepts. Words that
    /// `wordMayHold` clears are skipped eight bytes at a time; from the
    /// first word it flags (it may flag one that holds none), the bytes
    /// are looked at one by one.
    @inline(__always)
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, wordMayHold: (UInt64) -> Bool,
                                 byte: (UInt8) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        let count = bytes.count
        while index + 8 <= count, !wordMayHold(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index += 8
        }
        while index < count {
            if byte(base[index]) { return true }
            index += 1
        }
        return false
    }
}
