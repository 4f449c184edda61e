/// A statement finished; its tag says what it did ("INSERT 0 3", "UPDATE 2",
/// "SELECT 10", "COPY 100000", "BEGIN").
struct CommandComplete: WireMessage {
    static let typeCode = UInt8(ascii: "C")
    var tag = ""

    func write(to writer: inout MessageWriter) { writer.cString(tag) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { CommandComplete(tag: try reader.cString()) }
}

/// The query string held no statement.
struct EmptyQueryResponse: SignalMessage { static let typeCode = UInt8(ascii: "I") }
