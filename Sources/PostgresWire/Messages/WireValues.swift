/// How a message's body is written and read: each message writes its
/// fields in wire order and reads them back in the same order, by hand,
/// as pgx's pgproto3 does; the forms fields share (big-endian integers,
/// NUL-terminated strings, one-byte codes, counted lists) live here, and
/// round-trips in the tests hold every message to the protocol.
///
/// Messages once declared their fields as a list of key paths that one
/// writer and one reader went through. Every process paid for that list
/// on its first message of each kind: instantiating the key paths and the
/// generic fields (demangling their types) was about a tenth of a whole
/// `set-weapon` run, more than its own work; written by hand, the
/// compiler sees each field's type and the cost is gone.

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

extension MessageWriter {
    /// A list after its count, an Int16 unless the message says otherwise.
    mutating func list<Element: WireValue, Count: WireInteger>(_ elements: [Element], countedAs: Count.Type = Int16.self) {
        Count(elements.count).write(to: &self)
        for element in elements { element.write(to: &self) }
    }
}

extension MessageReader {
    /// What `MessageWriter.list` writes.
    mutating func list<Element: WireValue, Count: WireInteger>(countedAs: Count.Type = Int16.self) throws(PostgresError) -> [Element] {
        let count = max(0, Int(try Count.read(from: &self)))
        var elements: [Element] = []
        elements.reserveCapacity(min(count, remaining))
        for _ in 0..<count { elements.append(try Element.read(from: &self)) }
        return elements
    }

    /// A number the message always holds (the start-up packets' request
    /// codes); any other is a protocol violation naming `message` ("an SSLRequest").
    mutating func constant(_ value: Int32, of message: String) throws(PostgresError) {
        guard try int32() == value else { throw .protocolViolation("\(message) had the wrong code") }
    }
}

/// A message that is only its type byte: an acknowledgement, Sync, CopyDone.
protocol SignalMessage: WireMessage {
    init()
}

extension SignalMessage {
    func write(to writer: inout MessageWriter) {}
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { Self() }
}
