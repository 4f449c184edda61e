/// A run-time parameter the server reports at start-up and whenever it
/// changes: server_version, client_encoding, TimeZone, standard_conforming_strings…
struct ParameterStatus: WireMessage {
    static let typeCode = UInt8(ascii: "S")
    var name = ""
    var value = ""

    func write(to writer: inout MessageWriter) {
        writer.cString(name)
        writer.cString(value)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        ParameterStatus(name: try reader.cString(), value: try reader.cString())
    }
}
