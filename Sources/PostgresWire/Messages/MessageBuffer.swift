/// The bytes of one message, written and read the way every message of
/// protocol 3 lays them out: big-endian integers, NUL-terminated strings,
/// and (after the start-up) a one-byte type and a four-byte length that
/// counts itself but not the type. Messages write and read only their
/// bodies, field by field (`WireValue`); framing stays here.

/// Builds outgoing messages into one growing buffer, so that several
/// messages (a pipeline of Parse/Bind/Execute, many COPY chunks) leave in
/// one write.
struct MessageWriter {
    var bytes: [UInt8] = []

    init() {}

    mutating func int8(_ value: UInt8) { bytes.append(value) }

    mutating func int16(_ value: Int16) {
        let bits = UInt16(bitPattern: value)
        bytes.append(UInt8(bits >> 8))
        bytes.append(UInt8(bits & 0xff))
    }

    mutating func int32(_ value: Int32) {
        let bits = UInt32(bitPattern: value)
        bytes.append(UInt8(bits >> 24))
        bytes.append(UInt8((bits >> 16) & 0xff))
        bytes.append(UInt8((bits >> 8) & 0xff))
        bytes.append(UInt8(bits & 0xff))
    }

    /// Any of the protocol's integers, big-endian.
    mutating func integer<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// A NUL-terminated string. PostgreSQL cannot hold NUL in text, so a
    /// NUL inside `value` would cut it short: callers refuse such text first.
    mutating func cString(_ value: String) {
        bytes.append(contentsOf: value.utf8)
        bytes.append(0)
    }

    mutating func raw<S: Sequence>(_ value: S) where S.Element == UInt8 { bytes.append(contentsOf: value) }

    mutating func raw(_ value: UnsafeRawBufferPointer) { bytes.append(contentsOf: value) }

    /// Values each after an Int32 length, -1 for SQL NULL, after an Int16
    /// count: a Bind's parameters and a DataRow's columns.
    mutating func nullableValues<Value: Collection<UInt8>>(_ values: [Value?]) {
        int16(Int16(values.count))
        for value in values {
            if let value {
                int32(Int32(value.count))
                raw(value)
            } else {
                int32(-1)
            }
        }
    }

    /// Writes a typed message: the type byte, a length to be filled in,
    /// then whatever `body` writes.
    mutating func message(_ type: UInt8, _ body: (inout MessageWriter) -> Void) {
        bytes.append(type)
        let lengthAt = bytes.count
        int32(0)
        body(&self)
        patchLength(at: lengthAt)
    }

    /// The start-up packets (StartupMessage, SSLRequest, CancelRequest)
    /// have a length but no type byte.
    mutating func untypedMessage(_ body: (inout MessageWriter) -> Void) {
        let lengthAt = bytes.count
        int32(0)
        body(&self)
        patchLength(at: lengthAt)
    }

    private mutating func patchLength(at offset: Int) {
        let length = UInt32(bytes.count - offset)
        bytes[offset] = UInt8(length >> 24)
        bytes[offset + 1] = UInt8((length >> 16) & 0xff)
        bytes[offset + 2] = UInt8((length >> 8) & 0xff)
        bytes[offset + 3] = UInt8(length & 0xff)
    }
}

/// Reads the body of one message. Running past its end is a protocol
/// violation, reported as such instead of trapping.
struct MessageReader {
    let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    var remaining: Int { bytes.endIndex - position }
    var isAtEnd: Bool { position >= bytes.endIndex }

    mutating func int8() throws(PostgresError) -> UInt8 {
        guard remaining >= 1 else { throw Self.truncated }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int16() throws(PostgresError) -> Int16 {
        guard remaining >= 2 else { throw Self.truncated }
        defer { position += 2 }
        return Int16(bitPattern: UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1]))
    }

    mutating func int32() throws(PostgresError) -> Int32 {
        guard remaining >= 4 else { throw Self.truncated }
        defer { position += 4 }
        let value = UInt32(bytes[position]) << 24 | UInt32(bytes[position + 1]) << 16
            | UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
        return Int32(bitPattern: value)
    }

    /// Any of the protocol's integers, big-endian.
    mutating func integer<Integer: FixedWidthInteger>() throws(PostgresError) -> Integer {
        let size = MemoryLayout<Integer>.size
        guard remaining >= size else { throw Self.truncated }
        defer { position += size }
        // Shifts never trap: the top byte's bits land in the sign of a signed type.
        return bytes[position..<(position + size)].reduce(0) { $0 << 8 | Integer(truncatingIfNeeded: $1) }
    }

    mutating func cString() throws(PostgresError) -> String {
        guard let end = bytes[position...].firstIndex(of: 0) else { throw Self.truncated }
        defer { position = end + 1 }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    mutating func bytes(count: Int) throws(PostgresError) -> ArraySlice<UInt8> {
        guard count >= 0, remaining >= count else { throw Self.truncated }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    /// Bytes after their Int32 length; nil for a negative length (SQL NULL).
    mutating func nullableBytes() throws(PostgresError) -> ArraySlice<UInt8>? {
        let length = try int32()
        return length < 0 ? nil : try bytes(count: Int(length))
    }

    /// What `MessageWriter.nullableValues` writes.
    mutating func nullableValues() throws(PostgresError) -> [ArraySlice<UInt8>?] {
        let count = max(0, Int(try int16()))
        var values: [ArraySlice<UInt8>?] = []
        values.reserveCapacity(min(count, remaining))
        for _ in 0..<count { values.append(try nullableBytes()) }
        return values
    }

    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.endIndex }
        return bytes[position...]
    }

    private static var truncated: PostgresError {
        .protocolViolation("a message from the server ended before its fields did")
    }
}
