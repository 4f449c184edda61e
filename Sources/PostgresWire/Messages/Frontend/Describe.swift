/// Extended protocol: asks for a statement's parameter and row description
/// ('S') or a portal's row description ('P').
struct Describe: WireMessage {
    static let typeCode = UInt8(ascii: "D")
    enum Target: UInt8, Sendable { case statement = 0x53, portal = 0x50 }
    var target: Target
    var name: String

    func encodeBody(into writer: inout MessageWriter) {
        writer.int8(target.rawValue)
        writer.cString(name)
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        guard let target = Target(rawValue: try reader.int8()) else { throw .protocolViolation("a Describe named neither a statement nor a portal") }
        return Describe(target: target, name: try reader.cString())
    }
}
