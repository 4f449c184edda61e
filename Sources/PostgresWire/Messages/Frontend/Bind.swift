/// Extended protocol: binds values to a prepared statement's parameters,
/// making a portal. roster sends every value as text (format 0) and asks
/// for every result column as text, so that a value is never spliced into
/// SQL and needs no type-specific encoding; nil is SQL NULL (length -1).
struct Bind: WireMessage {
    static let typeCode = UInt8(ascii: "B")
    var portalName: String = ""
    var statementName: String = ""
    var parameterFormats: [Int16] = []
    var parameters: [[UInt8]?]
    var resultFormats: [Int16] = []

    func encodeBody(into writer: inout MessageWriter) {
        writer.cString(portalName)
        writer.cString(statementName)
        writer.int16(Int16(parameterFormats.count))
        for format in parameterFormats { writer.int16(format) }
        writer.int16(Int16(parameters.count))
        for parameter in parameters {
            if let parameter {
                writer.int32(Int32(parameter.count))
                writer.raw(parameter)
            } else {
                writer.int32(-1)
            }
        }
        writer.int16(Int16(resultFormats.count))
        for format in resultFormats { writer.int16(format) }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let portal = try reader.cString()
        let statement = try reader.cString()
        var parameterFormats: [Int16] = []
        for _ in 0..<max(0, Int(try reader.int16())) { parameterFormats.append(try reader.int16()) }
        var parameters: [[UInt8]?] = []
        for _ in 0..<max(0, Int(try reader.int16())) {
            let length = try reader.int32()
            parameters.append(length < 0 ? nil : Array(try reader.bytes(count: Int(length))))
        }
        var resultFormats: [Int16] = []
        for _ in 0..<max(0, Int(try reader.int16())) { resultFormats.append(try reader.int16()) }
        return Bind(portalName: portal, statementName: statement, parameterFormats: parameterFormats,
                    parameters: parameters, resultFormats: resultFormats)
    }
}
