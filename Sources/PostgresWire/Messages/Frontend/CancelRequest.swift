/// Sent on a new connection to stop the query running on another, named by
/// the process id and secret key of its BackendKeyData.
struct CancelRequest: UntypedWireMessage {
    static let requestCode: Int32 = 80_877_102  // 1234 << 16 | 5678

    var processID: Int32 = 0
    var secretKey: Int32 = 0

    func write(to writer: inout MessageWriter) {
        writer.int32(Self.requestCode)
        writer.int32(processID)
        writer.int32(secretKey)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        try reader.constant(requestCode, of: "a CancelRequest")
        return CancelRequest(processID: try reader.int32(), secretKey: try reader.int32())
    }
}
