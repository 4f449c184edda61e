/// Extended protocol: runs a portal, returning at most `maxRows` rows
/// (0: all of them).
struct Execute: WireMessage {
    static let typeCode = UInt8(ascii: "E")
    var portalName: String = ""
    var maxRows: Int32 = 0

    func write(to writer: inout MessageWriter) {
        writer.cString(portalName)
        writer.int32(maxRows)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Execute(portalName: try reader.cString(), maxRows: try reader.int32())
    }
}
