/// The extended protocol's acknowledgements, each an empty message:
/// a statement parsed, a portal bound, a statement or portal closed, a
/// statement that returns no rows (answer to Describe), an Execute that
/// stopped at its row limit.
struct ParseComplete: WireMessage {
    static let typeCode = UInt8(ascii: "1")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { ParseComplete() }
}

struct BindComplete: WireMessage {
    static let typeCode = UInt8(ascii: "2")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { BindComplete() }
}

struct CloseComplete: WireMessage {
    static let typeCode = UInt8(ascii: "3")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { CloseComplete() }
}

struct NoData: WireMessage {
    static let typeCode = UInt8(ascii: "n")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { NoData() }
}

struct PortalSuspended: WireMessage {
    static let typeCode = UInt8(ascii: "s")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { PortalSuspended() }
}

/// The types of a prepared statement's parameters, by OID.
struct ParameterDescription: WireMessage {
    static let typeCode = UInt8(ascii: "t")
    var parameterTypes: [Int32]

    func encodeBody(into writer: inout MessageWriter) {
        writer.int16(Int16(parameterTypes.count))
        for type in parameterTypes { writer.int32(type) }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        var types: [Int32] = []
        for _ in 0..<max(0, Int(try reader.int16())) { types.append(try reader.int32()) }
        return ParameterDescription(parameterTypes: types)
    }
}

/// The server speaks an older minor version, or not some options asked for.
struct NegotiateProtocolVersion: WireMessage {
    static let typeCode = UInt8(ascii: "v")
    var newestMinorVersion: Int32
    var unrecognizedOptions: [String]

    func encodeBody(into writer: inout MessageWriter) {
        writer.int32(newestMinorVersion)
        writer.int32(Int32(unrecognizedOptions.count))
        for option in unrecognizedOptions { writer.cString(option) }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let version = try reader.int32()
        var options: [String] = []
        for _ in 0..<max(0, Int(try reader.int32())) { options.append(try reader.cString()) }
        return NegotiateProtocolVersion(newestMinorVersion: version, unrecognizedOptions: options)
    }
}
