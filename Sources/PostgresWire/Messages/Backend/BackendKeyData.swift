/// The backend's process id and the secret a CancelRequest must quote.
struct BackendKeyData: WireMessage {
    static let typeCode = UInt8(ascii: "K")
    var processID: Int32
    var secretKey: Int32

    func encodeBody(into writer: inout MessageWriter) {
        writer.int32(processID)
        writer.int32(secretKey)
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        BackendKeyData(processID: try reader.int32(), secretKey: try reader.int32())
    }
}
