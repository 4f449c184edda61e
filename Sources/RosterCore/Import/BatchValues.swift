/// The values of a batch of import records laid out for SQLite to read in
/// place: the UTF-8 bytes of every stored text field (and the name key)
/// in one buffer, and per value where it lies, or the number itself for
/// integer fields. Built on the reading thread, so that the writing
/// thread, the one the whole import waits for, only binds and steps.
///
/// Slots per record, in order: `MonsterFields.dataFields`, then the name
/// key — the parameter order of `MonsterTable.insertWithID`.
public final class BatchValues: @unchecked Sendable {
    public static let slotsPerRecord = MonsterFields.dataFields.count + 1

    public let bytes: [UInt8]
    /// Two per slot: (start, count) of text in `bytes`, (value, -1) for an
    /// integer, or (0, -2) for NULL.
    private let places: [Int]

    init(records: [ImportedRecord]) {
        // Built in locals and stored once: appending to a class's
        // properties would pay an exclusivity check on every append.
        var bytes: [UInt8] = []
        var places: [Int] = []
        bytes.reserveCapacity(records.count * 96)
        places.reserveCapacity(records.count * Self.slotsPerRecord * 2)
        func append(_ text: String) {
            places.append(bytes.count)
            withUTF8Bytes(of: text) { utf8 in
                places.append(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }
        let fields = MonsterFields.dataFields
        for record in records {
            for field in fields {
                switch field.value(record.monster) {
                case .integer(let number):
                    places.append(Int(number))
                    places.append(-1)
                case .text(let text):
                    append(text)
                case .null:
                    places.append(0)
                    places.append(-2)
                }
            }
            append(record.nameKey)
        }
        self.bytes = bytes
        self.places = places
    }

    /// Calls `body` with each slot of record `index`: its text bytes, or its integer.
    func forEachSlot(ofRecord index: Int, _ body: (Int32, Slot) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let first = index * Self.slotsPerRecord * 2
            for slot in 0..<Self.slotsPerRecord {
                let start = places[first + slot * 2], count = places[first + slot * 2 + 1]
                let value: Slot = switch count {
                case -1: .integer(Int64(start))
                case -2: .null
                default: .text(base + start, count)
                }
                try body(Int32(slot + 1), value)
            }
        }
    }

    enum Slot {
        case integer(Int64)
        case text(UnsafePointer<UInt8>, Int)
        case null
    }
}
