/// The client's first SASL message: the mechanism chosen from the server's
/// list and its first data (SCRAM's client-first-message). Same type byte
/// as PasswordMessage; the server tells them apart by what it asked.
struct SASLInitialResponse: WireMessage {
    static let typeCode = UInt8(ascii: "p")
    var mechanism = ""
    var data: [UInt8] = []

    func write(to writer: inout MessageWriter) {
        writer.cString(mechanism)
        writer.int32(Int32(data.count))
        writer.raw(data)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        SASLInitialResponse(mechanism: try reader.cString(), data: Array(try reader.nullableBytes() ?? []))
    }
}
