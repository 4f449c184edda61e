/// The values of a batch of import records laid out for SQLite to read in
/// place: the UTF-8 bytes of every stored text field (and the name key)
/// in one buffer, and per value where it lies, or the number itself for
/// integer fields. Built on the reading thread, so that the writing
/// thread, the one the whole import waits for, only binds and steps.
///
/// Slots per record, in order: `MonsterFields.dataFields`, then the name
/// key — the parameter order of `MonsterTable.insertWithID`.
///
/// Each text is followed by a NUL, so that SQLite can be told it is a C
/// string (`Slot.cString`): the table's CHECKs (`length`, `GLOB`) read
/// their arguments as C strings, and a text bound with only its length
/// is first copied into a fresh allocation to add the NUL, six times a
/// row. A text holding a NUL itself (no valid value does) keeps its length.
public final class BatchValues: @unchecked Sendable {
    public static let slotsPerRecord = MonsterFields.dataFields.count + 1

    /// The text of every slot, back to back, in memory the batch owns:
    /// a million records make ten million appends, and a plain buffer
    /// spares each the checks of an array's.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Two per slot: (start, count) of text in `bytes`, (value, -1) for an
    /// integer, (0, -2) for NULL, or (start, -3 - count) for a text that
    /// holds a NUL.
    private let places: UnsafeMutablePointer<Int>

    /// Lays out `records`; `IOFailure.outOfMemory` when its buffers
    /// cannot be had (they come from `LargeAllocation`).
    init(records: [ImportedRecord]) throws(IOFailure) {
        var layout = try BatchLayout(capacity: max(64, records.count * 128), slots: records.count * Self.slotsPerRecord)
        let fields = MonsterFields.dataFields
        records.withUnsafeBufferPointer { records in
            for index in records.indices where !layout.shortOfMemory {
                Self.layOut(records[index], fields, into: &layout)
            }
        }
        guard !layout.shortOfMemory else {
            LargeAllocation.free(layout.bytes)
            LargeAllocation.free(layout.places)
            throw .outOfMemory
        }
        self.bytes = layout.bytes
        self.places = layout.places
    }

    /// One record's slots. The record is borrowed, read in place: each
    /// field's `appendStored(records[index].monster, …)` copied the
    /// monster, retaining and releasing every string it holds, eight
    /// times a record.
    private static func layOut(_ record: borrowing ImportedRecord, _ fields: [MonsterField], into layout: inout BatchLayout) {
        for field in fields { field.appendStored(record.monster, &layout) }
        withUTF8Bytes(of: record.nameKey) { layout.append($0) }
    }

    deinit {
        LargeAllocation.free(bytes)
        LargeAllocation.free(places)
    }

    /// Calls `body` with each slot of record `index`: its text bytes, or its integer.
    func forEachSlot(ofRecord index: Int, _ body: (Int32, Slot) throws -> Void) rethrows {
        let first = index * Self.slotsPerRecord * 2
        for slot in 0..<Self.slotsPerRecord {
            let start = places[first + slot * 2], count = places[first + slot * 2 + 1]
            let value: Slot = switch count {
            case -1: .integer(Int64(start))
            case -2: .null
            case 0...: .cString(bytes + start)
            default: .text(bytes + start, -3 - count)
            }
            try body(Int32(slot + 1), value)
        }
    }

    enum Slot {
        case integer(Int64)
        /// Text ending at its first NUL.
        case cString(UnsafePointer<UInt8>)
        /// Text of this many bytes, a NUL among them.
        case text(UnsafePointer<UInt8>, Int)
        case null
    }
}

/// The buffers of a `BatchValues` while it is laid out. Passed `inout`
/// (see `MonsterField.appendStored`), so that exclusive access to it is
/// proved when compiling: locals captured by the closures that append
/// were checked at run time, on every append.
public struct BatchLayout {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    let places: UnsafeMutablePointer<Int>
    private var capacity: Int
    private var used = 0
    private var place = 0
    private(set) var shortOfMemory = false

    init(capacity: Int, slots: Int) throws(IOFailure) {
        bytes = try LargeAllocation.allocate(UInt8.self, count: capacity)
        do {
            places = try LargeAllocation.allocate(Int.self, count: max(1, slots * 2))
        } catch {
            LargeAllocation.free(bytes)
            throw error
        }
        self.capacity = capacity
    }

    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        if used + utf8.count + 1 > capacity {
            let larger = max(capacity * 2, used + utf8.count + 1)
            guard let grown = try? LargeAllocation.reallocate(bytes, count: larger) else {
                shortOfMemory = true
                // The slot is still filled, so that the layout stays whole.
                return appendNull()
            }
            bytes = grown
            capacity = larger
        }
        if let base = utf8.baseAddress { (bytes + used).initialize(from: base, count: utf8.count) }
        (bytes + used + utf8.count).initialize(to: 0)
        places[place] = used
        places[place + 1] = ByteScan.containsNUL(utf8) ? -3 - utf8.count : utf8.count
        place += 2
        used += utf8.count + 1
    }

    mutating func append(integer: Int64) {
        places[place] = Int(integer)
        places[place + 1] = -1
        place += 2
    }

    mutating func appendNull() {
        places[place] = 0
        places[place + 1] = -2
        place += 2
    }
}
