/// Extended protocol: prepares one statement, named or unnamed (""), with
/// the types of its parameters (0 lets the server infer each).
struct Parse: WireMessage {
    static let typeCode = UInt8(ascii: "P")
    var statementName = ""
    var sql = ""
    var parameterTypes: [Int32] = []

    func write(to writer: inout MessageWriter) {
        writer.cString(statementName)
        writer.cString(sql)
        writer.list(parameterTypes)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Parse(statementName: try reader.cString(), sql: try reader.cString(), parameterTypes: try reader.list())
    }
}
