/// Sent on a new connection to stop the query running on another, named by
/// the process id and secret key of its BackendKeyData.
struct CancelRequest: UntypedWireMessage {
    static let requestCode: Int32 = 80_877_102  // 1234 << 16 | 5678

    var processID: Int32
    var secretKey: Int32

    func encodeBody(into writer: inout MessageWriter) {
        writer.int32(Self.requestCode)
        writer.int32(processID)
        writer.int32(secretKey)
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        guard try reader.int32() == requestCode else { throw .protocolViolation("a CancelRequest had the wrong code") }
        return CancelRequest(processID: try reader.int32(), secretKey: try reader.int32())
    }
}
