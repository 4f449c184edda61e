/// What every message of protocol 3 is: a value with a type byte that
/// writes its body and reads itself from one, field by field (`WireValue`).
/// Both directions can do both (as pgproto3's do), so that every message
/// round-trips in the tests and a test can play the server's part.
protocol WireMessage: WireValue, Equatable, Sendable {
    /// The type byte that starts the message on the wire.
    static var typeCode: UInt8 { get }
}

extension WireMessage {
    /// The whole message: type byte, length and body.
    func encode(into writer: inout MessageWriter) {
        writer.message(Self.typeCode) { write(to: &$0) }
    }

    /// Decodes a body and insists it was used up: trailing bytes mean the
    /// two sides disagree on the message's layout.
    static func decode(body: ArraySlice<UInt8>) throws(PostgresError) -> Self {
        var reader = MessageReader(body)
        let message = try read(from: &reader)
        guard reader.isAtEnd else {
            throw .protocolViolation("a message of type \(Character(Unicode.Scalar(typeCode))) was longer than its fields")
        }
        return message
    }
}

/// Messages that have no type byte: the packets a client sends first.
protocol UntypedWireMessage: WireValue, Equatable, Sendable {}

extension UntypedWireMessage {
    func encode(into writer: inout MessageWriter) {
        writer.untypedMessage { write(to: &$0) }
    }

    static func decode(body: ArraySlice<UInt8>) throws(PostgresError) -> Self {
        var reader = MessageReader(body)
        return try read(from: &reader)
    }
}
