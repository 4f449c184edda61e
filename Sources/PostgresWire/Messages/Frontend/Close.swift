/// Extended protocol: closes a prepared statement ('S') or a portal ('P').
struct Close: WireMessage {
    static let typeCode = UInt8(ascii: "C")
    var target = Describe.Target.statement
    var name = ""

    func write(to writer: inout MessageWriter) {
        target.write(to: &writer)
        writer.cString(name)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Close(target: try .read(from: &reader), name: try reader.cString())
    }
}
