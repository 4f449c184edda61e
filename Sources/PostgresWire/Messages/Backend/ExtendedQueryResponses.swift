/// The extended protocol's acknowledgements, each an empty message:
/// a statement parsed, a portal bound, a statement or portal closed, a
/// statement that returns no rows (answer to Describe), an Execute that
/// stopped at its row limit.
struct ParseComplete: SignalMessage { static let typeCode = UInt8(ascii: "1") }
struct BindComplete: SignalMessage { static let typeCode = UInt8(ascii: "2") }
struct CloseComplete: SignalMessage { static let typeCode = UInt8(ascii: "3") }
struct NoData: SignalMessage { static let typeCode = UInt8(ascii: "n") }
struct PortalSuspended: SignalMessage { static let typeCode = UInt8(ascii: "s") }

/// The types of a prepared statement's parameters, by OID.
struct ParameterDescription: WireMessage {
    static let typeCode = UInt8(ascii: "t")
    var parameterTypes: [Int32] = []

    func write(to writer: inout MessageWriter) { writer.list(parameterTypes) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { ParameterDescription(parameterTypes: try reader.list()) }
}

/// The server speaks an older minor version, or not some options asked for.
struct NegotiateProtocolVersion: WireMessage {
    static let typeCode = UInt8(ascii: "v")
    var newestMinorVersion: Int32 = 0
    var unrecognizedOptions: [String] = []

    func write(to writer: inout MessageWriter) {
        writer.int32(newestMinorVersion)
        writer.list(unrecognizedOptions, countedAs: Int32.self)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        NegotiateProtocolVersion(newestMinorVersion: try reader.int32(), unrecognizedOptions: try reader.list(countedAs: Int32.self))
    }
}
