/// COPY's data travels in CopyData messages both ways (from the client in
/// COPY FROM STDIN, from the server in COPY TO STDOUT); the sender ends it
/// with CopyDone, or the client aborts it with CopyFail and a reason.
struct CopyData: WireMessage {
    static let typeCode = UInt8(ascii: "d")
    var data: [UInt8] = []

    func write(to writer: inout MessageWriter) { writer.raw(data) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { CopyData(data: Array(reader.rest())) }
}

struct CopyDone: SignalMessage { static let typeCode = UInt8(ascii: "c") }

struct CopyFail: WireMessage {
    static let typeCode = UInt8(ascii: "f")
    var reason = ""

    func write(to writer: inout MessageWriter) { writer.cString(reason) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { CopyFail(reason: try reader.cString()) }
}
