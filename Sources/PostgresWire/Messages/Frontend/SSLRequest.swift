/// Asks the server, before the start-up packet, whether it will speak TLS
/// on this connection. It answers with one byte, 'S' or 'N', not a message.
struct SSLRequest: UntypedWireMessage {
    static let requestCode: Int32 = 80_877_103  // 1234 << 16 | 5679

    func write(to writer: inout MessageWriter) { writer.int32(Self.requestCode) }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        try reader.constant(requestCode, of: "an SSLRequest")
        return SSLRequest()
    }
}
