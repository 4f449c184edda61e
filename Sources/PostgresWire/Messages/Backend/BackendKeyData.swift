/// The backend's process id and the secret a CancelRequest must quote.
struct BackendKeyData: WireMessage {
    static let typeCode = UInt8(ascii: "K")
    var processID: Int32 = 0
    var secretKey: Int32 = 0

    func write(to writer: inout MessageWriter) {
        writer.int32(processID)
        writer.int32(secretKey)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        BackendKeyData(processID: try reader.int32(), secretKey: try reader.int32())
    }
}
