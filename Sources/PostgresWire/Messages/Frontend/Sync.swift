/// Extended protocol: ends a batch. The server answers with ReadyForQuery,
/// and after an error skips everything up to here: the point at which a
/// pipeline recovers.
struct Sync: WireMessage {
    static let typeCode = UInt8(ascii: "S")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { Sync() }
}

/// Asks the server to send what it has so far, without ending the batch.
struct Flush: WireMessage {
    static let typeCode = UInt8(ascii: "H")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { Flush() }
}

/// Ends the session politely; the server closes the connection.
struct Terminate: WireMessage {
    static let typeCode = UInt8(ascii: "X")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { Terminate() }
}
