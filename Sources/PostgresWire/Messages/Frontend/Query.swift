/// The simple query protocol: one string of SQL, perhaps several
/// statements, no parameters, results in text.
struct Query: WireMessage {
    static let typeCode = UInt8(ascii: "Q")
    var sql = ""

    func write(to writer: inout MessageWriter) { writer.cString(sql) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { Query(sql: try reader.cString()) }
}
