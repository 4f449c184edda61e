/// The client's first SASL message: the mechanism chosen from the server's
/// list and its first data (SCRAM's client-first-message). Same type byte
/// as PasswordMessage; the server tells them apart by what it asked.
struct SASLInitialResponse: WireMessage {
    static let typeCode = UInt8(ascii: "p")
    var mechanism: String
    var data: [UInt8]

    func encodeBody(into writer: inout MessageWriter) {
        writer.cString(mechanism)
        writer.int32(Int32(data.count))
        writer.raw(data)
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let mechanism = try reader.cString()
        let length = try reader.int32()
        let data = length < 0 ? [] : Array(try reader.bytes(count: Int(length)))
        return SASLInitialResponse(mechanism: mechanism, data: data)
    }
}
