/// A later SASL message from the client (SCRAM's client-final-message).
struct SASLResponse: WireMessage {
    static let typeCode = UInt8(ascii: "p")
    var data: [UInt8] = []

    func write(to writer: inout MessageWriter) { writer.raw(data) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { SASLResponse(data: Array(reader.rest())) }
}
