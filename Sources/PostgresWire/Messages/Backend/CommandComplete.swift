/// A statement finished; its tag says what it did ("INSERT 0 3", "UPDATE 2",
/// "SELECT 10", "COPY 100000", "BEGIN").
struct CommandComplete: WireMessage {
    static let typeCode = UInt8(ascii: "C")
    var tag: String

    func encodeBody(into writer: inout MessageWriter) { writer.cString(tag) }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        CommandComplete(tag: try reader.cString())
    }
}

/// The query string held no statement.
struct EmptyQueryResponse: WireMessage {
    static let typeCode = UInt8(ascii: "I")
    func encodeBody(into writer: inout MessageWriter) {}
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self { EmptyQueryResponse() }
}
