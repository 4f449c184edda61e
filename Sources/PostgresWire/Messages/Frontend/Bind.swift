/// Extended protocol: binds values to a prepared statement's parameters,
/// making a portal. roster sends every value as text (format 0) and asks
/// for every result column as text, so that a value is never spliced into
/// SQL and needs no type-specific encoding; nil is SQL NULL (length -1).
struct Bind: WireMessage {
    static let typeCode = UInt8(ascii: "B")
    var portalName: String = ""
    var statementName: String = ""
    var parameterFormats: [Int16] = []
    var parameters: [[UInt8]?] = []
    var resultFormats: [Int16] = []

    func write(to writer: inout MessageWriter) {
        writer.cString(portalName)
        writer.cString(statementName)
        writer.list(parameterFormats)
        writer.nullableValues(parameters)
        writer.list(resultFormats)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Bind(portalName: try reader.cString(), statementName: try reader.cString(), parameterFormats: try reader.list(),
             parameters: try reader.nullableValues().map { $0.map { Array($0) } }, resultFormats: try reader.list())
    }
}
