/// Extended protocol: binds values to a prepared statement's parameters,
/// making a portal. roster sends every value as text (format 0) and asks
/// for every result column as text, so that a value is never spliced into
/// SQL and needs no type-specific encoding; nil is SQL NULL (length -1).
struct Bind: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "B")
    var portalName: String = ""
    var statementName: String = ""
    var parameterFormats: [Int16] = []
    var parameters: [[UInt8]?] = []
    var resultFormats: [Int16] = []

    static var layout: [WireField<Self>] {
        [.value(\.portalName), .value(\.statementName), .list(\.parameterFormats),
         .nullableValues(\.parameters), .list(\.resultFormats)]
    }
}
