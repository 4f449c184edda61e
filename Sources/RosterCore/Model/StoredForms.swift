/// Values read from the UTF-8 bytes of their exact stored form (`sword`,
/// `red`, `5ft11in`, `FR`, `2026-11-29T14:05:00Z`) without making a
/// String: what the store holds and a bulk import meets nearly every time.
/// Any other bytes answer nil and go the lenient way, which also says
/// what is wrong with them.
final class StoredKeys<Value: Sendable>: Sendable {
    private let entries: [(bytes: [UInt8], value: Value)]

    init(_ pairs: [(key: String, value: Value)]) {
        entries = pairs.map { (Array($0.key.utf8), $0.value) }
    }

    /// The value whose key is exactly `bytes`.
    func value(of bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        for entry in entries where entry.bytes.count == bytes.count {
            if entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return entry.value }
        }
        return nil
    }
}

extension StoredKeys where Value: Equatable {
    /// Calls `body` with the key of `value`; false when it has none here.
    func withKey(of value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        for entry in entries where entry.value == value {
            entry.bytes.withUnsafeBufferPointer(body)
            return true
        }
        return false
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

    /// One entry per pair of capital letters: whether a country has that code.
    private static let codeTable: [Bool] = {
        var table = [Bool](repeating: false, count: 26 * 26)
        for country in all {
            let letters = Array(country.code.utf8)
            if letters.count == 2, let first = letterIndex(letters[0]), let second = letterIndex(letters[1]) {
                table[first * 26 + second] = true
            }
        }
        return table
    }()
}
