/// Extended protocol: prepares one statement, named or unnamed (""), with
/// the types of its parameters (0 lets the server infer each).
struct Parse: WireMessage {
    static let typeCode = UInt8(ascii: "P")
    var statementName: String
    var sql: String
    var parameterTypes: [Int32]

    func encodeBody(into writer: inout MessageWriter) {
        writer.cString(statementName)
        writer.cString(sql)
        writer.int16(Int16(parameterTypes.count))
        for type in parameterTypes { writer.int32(type) }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let name = try reader.cString()
        let sql = try reader.cString()
        let count = try reader.int16()
        var types: [Int32] = []
        for _ in 0..<max(0, Int(count)) { types.append(try reader.int32()) }
        return Parse(statementName: name, sql: sql, parameterTypes: types)
    }
}
