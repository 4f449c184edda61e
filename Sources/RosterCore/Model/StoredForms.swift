/// Values read from the UTF-8 bytes of their exact stored form (`sword`,
/// `red`, `5ft11in`, `FR`, `2026-11-29T14:05:00Z`) without making a
/// String: what the store holds and a bulk import meets nearly every time.
/// Any other bytes answer nil and go the lenient way, which also says
/// what is wrong with them.
final class StoredKeys<Value: Sendable>: @unchecked Sendable {
    // The keys' bytes back to back in memory of their own, never freed
    // (the tables live as long as the process), with where each starts:
    // a lookup reads them in place, where walking an array of arrays
    // retained and released each key it passed, for every field of every
    // record of an import.
    private let count: Int
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where key `i` starts in `bytes`; entry `count` is the end.
    private let starts: UnsafeMutableBufferPointer<Int>
    private let values: [Value]

    init(_ pairs: [(key: String, value: Value)]) {
        count = pairs.count
        values = pairs.map(\.value)
        let packed = packKeys(pairs.map(\.key))
        bytes = packed.bytes
        starts = packed.starts
    }

    /// The value whose key is exactly `given`.
    func value(of given: UnsafeBufferPointer<UInt8>) -> Value? {
        for index in 0..<count where starts[index + 1] - starts[index] == given.count {
            let start = starts[index]
            var offset = 0
            while offset < given.count, bytes[start + offset] == given[offset] { offset += 1 }
            if offset == given.count { return values[index] }
        }
        return nil
    }

    /// Calls `body` with the bytes of key `index`.
    fileprivate func withKey(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        body(UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]]))
    }

    fileprivate func firstIndex(where matches: (Value) -> Bool) -> Int? {
        values.firstIndex(where: matches)
    }
}

extension StoredKeys where Value: Equatable {
    /// Calls `body` with the key of `value`; false when it has none here.
    func withKey(of value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let index = firstIndex(where: { $0 == value }) else { return false }
        withKey(at: index, body)
        return true
    }
}

extension WeaponType {
    static let storedKeys = StoredKeys(allCases.map { (key: $0.key, value: $0) })
}

extension NameColor {
    static let storedKeys = StoredKeys(allCases.map { (key: $0.key, value: $0) })
}

extension Height {
    init?(storedBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let (feet, inches) = Self.keyComponents(bytes) else { return nil }
        self.init(feet: feet, inches: inches)
    }
}

extension Timestamp {
    init?(storedBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let seconds = Self.isoSeconds(bytes) else { return nil }
        self.init(secondsSince1970: seconds)
    }
}

extension Countries {
    /// Whether `bytes` are a country's two-letter code in upper case.
    static func isStoredCode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 2, let first = letterIndex(bytes[0]), let second = letterIndex(bytes[1]) else { return false }
        return codeTable[first * 26 + second]
    }

    private static func letterIndex(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? Int(byte - UInt8(ascii: "A")) : nil
    }

    /// One entry per pair of capital letters: whether a country has that
    /// code. Read from the file's first column alone: reading a monster
    /// needs no country's name, and building `all` (every name folded and
    /// sorted) was a tenth of a whole `set-weapon` process.
    private static let codeTable: [Bool] = {
        var table = [Bool](repeating: false, count: 26 * 26)
        forEachCode { first, second in
            if let first = letterIndex(first), let second = letterIndex(second) { table[first * 26 + second] = true }
        }
        return table
    }()
}

/// `keys`' UTF-8 bytes back to back in memory of their own, never freed,
/// and where each starts (entry `keys.count` is the end): the flat tables
/// `StoredKeys` and the JSON reader's key table match bytes against.
func packKeys(_ keys: [String]) -> (bytes: UnsafeMutableBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<Int>) {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, keys.reduce(0) { $0 + $1.utf8.count }))
    let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: keys.count + 1)
    var offset = 0
    for (index, key) in keys.enumerated() {
        starts[index] = offset
        for byte in key.utf8 {
            bytes[offset] = byte
            offset += 1
        }
    }
    starts[keys.count] = offset
    return (bytes, starts)
}
