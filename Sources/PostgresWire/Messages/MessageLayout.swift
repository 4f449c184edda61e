/// How a message's body is declared rather than coded by hand: most
/// messages of protocol 3 are a row of fields (integers, NUL-terminated
/// strings, counted lists, length-prefixed bytes), so a message lists its
/// fields once, as key paths in wire order, and one writer and one reader
/// here go through that list both ways. Round-trips in the tests hold
/// every layout to the protocol; only messages that branch on a code
/// (Authentication) or that run once a row of a million (DataRow) keep
/// their own code.

/// A value with one wire form, written and read in place.
protocol WireValue {
    func write(to writer: inout MessageWriter)
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self
}

/// The protocol's integers: big-endian, of their own width.
protocol WireInteger: FixedWidthInteger, WireValue {}

extension WireInteger {
    func write(to writer: inout MessageWriter) { writer.integer(self) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { try reader.integer() }
}

extension UInt8: WireInteger {}
extension Int16: WireInteger {}
extension Int32: WireInteger {}

extension String: WireValue {
    func write(to writer: inout MessageWriter) { writer.cString(self) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { try reader.cString() }
}

/// A one-byte code with a fixed set of meanings (a transaction status, a
/// statement-or-portal target); any other byte is a protocol violation.
protocol WireCode: WireValue, RawRepresentable where RawValue == UInt8 {
    /// What the byte names, for the violation's sentence.
    static var meaning: String { get }
}

extension WireCode {
    func write(to writer: inout MessageWriter) { writer.int8(rawValue) }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        guard let value = Self(rawValue: try reader.int8()) else {
            throw .protocolViolation("a message held an unknown \(meaning)")
        }
        return value
    }
}

/// A value whose wire form is its fields in order.
protocol WireRecord: WireValue {
    init()
    static var layout: [WireField<Self>] { get }
}

extension WireRecord {
    func write(to writer: inout MessageWriter) {
        for field in Self.layout { field.write(self, &writer) }
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        var record = Self()
        for field in layout { try field.read(&record, &reader) }
        return record
    }
}

/// One field of a record: how it is written from the value and read into it.
struct WireField<Record> {
    let write: (Record, inout MessageWriter) -> Void
    let read: (inout Record, inout MessageReader) throws(PostgresError) -> Void

    /// A single value.
    static func value<Value: WireValue>(_ path: WritableKeyPath<Record, Value>) -> Self {
        Self(write: { record, writer in record[keyPath: path].write(to: &writer) },
             read: { record, reader throws(PostgresError) in record[keyPath: path] = try Value.read(from: &reader) })
    }

    /// A list after its count, an Int16 unless the message says otherwise.
    static func list<Element: WireValue, Count: WireInteger>(
        _ path: WritableKeyPath<Record, [Element]>, countedAs: Count.Type = Int16.self
    ) -> Self {
        Self(write: { record, writer in
                 let elements = record[keyPath: path]
                 Count(elements.count).write(to: &writer)
                 for element in elements { element.write(to: &writer) }
             },
             read: { record, reader throws(PostgresError) in
                 let count = max(0, Int(try Count.read(from: &reader)))
                 var elements: [Element] = []
                 elements.reserveCapacity(min(count, reader.remaining))
                 for _ in 0..<count { elements.append(try Element.read(from: &reader)) }
                 record[keyPath: path] = elements
             })
    }

    /// Values each after an Int32 length, -1 for SQL NULL, after an Int16 count.
    static func nullableValues(_ path: WritableKeyPath<Record, [[UInt8]?]>) -> Self {
        Self(write: { record, writer in writer.nullableValues(record[keyPath: path]) },
             read: { record, reader throws(PostgresError) in
                 record[keyPath: path] = try reader.nullableValues().map { $0.map { Array($0) } }
             })
    }

    /// Bytes after their Int32 length (-1, none).
    static func sizedBytes(_ path: WritableKeyPath<Record, [UInt8]>) -> Self {
        Self(write: { record, writer in
                 writer.int32(Int32(record[keyPath: path].count))
                 writer.raw(record[keyPath: path])
             },
             read: { record, reader throws(PostgresError) in
                 record[keyPath: path] = Array(try reader.nullableBytes() ?? [])
             })
    }

    /// Whatever bytes are left in the message.
    static func rest(_ path: WritableKeyPath<Record, [UInt8]>) -> Self {
        Self(write: { record, writer in writer.raw(record[keyPath: path]) },
             read: { record, reader in record[keyPath: path] = Array(reader.rest()) })
    }

    /// A number the message always holds (the start-up packets' request
    /// codes); any other is a protocol violation naming `message` ("an SSLRequest").
    static func constant(_ value: Int32, of message: String) -> Self {
        Self(write: { _, writer in writer.int32(value) },
             read: { _, reader throws(PostgresError) in
                 guard try reader.int32() == value else { throw .protocolViolation("\(message) had the wrong code") }
             })
    }
}

/// A message that is only its type byte: an acknowledgement, Sync, CopyDone.
protocol SignalMessage: WireMessage, WireRecord {}

extension SignalMessage {
    static var layout: [WireField<Self>] { [] }
}
