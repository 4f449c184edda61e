/// The first packet of a session: protocol version 3.0 and the parameters
/// (user, database, application_name…) as name/value pairs ending in an
/// empty name.
struct StartupMessage: UntypedWireMessage {
    static let protocolVersion: Int32 = 196_608  // 3 << 16 | 0

    var parameters: [(name: String, value: String)]

    static func == (left: Self, right: Self) -> Bool {
        left.parameters.elementsEqual(right.parameters) { $0.name == $1.name && $0.value == $1.value }
    }

    func write(to writer: inout MessageWriter) {
        writer.int32(Self.protocolVersion)
        for (name, value) in parameters {
            writer.cString(name)
            writer.cString(value)
        }
        writer.int8(0)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        guard try reader.int32() == protocolVersion else { throw .protocolViolation("a start-up packet asked for another protocol version") }
        var parameters: [(name: String, value: String)] = []
        while true {
            let name = try reader.cString()
            if name.isEmpty { break }
            parameters.append((name, try reader.cString()))
        }
        return StartupMessage(parameters: parameters)
    }
}
