/// Extended protocol: closes a prepared statement ('S') or a portal ('P').
struct Close: WireMessage {
    static let typeCode = UInt8(ascii: "C")
    var target: Describe.Target
    var name: String

    func encodeBody(into writer: inout MessageWriter) {
        writer.int8(target.rawValue)
        writer.cString(name)
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        guard let target = Describe.Target(rawValue: try reader.int8()) else { throw .protocolViolation("a Close named neither a statement nor a portal") }
        return Close(target: target, name: try reader.cString())
    }
}
