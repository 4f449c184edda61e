/// Extended protocol: prepares one statement, named or unnamed (""), with
/// the types of its parameters (0 lets the server infer each).
struct Parse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "P")
    var statementName = ""
    var sql = ""
    var parameterTypes: [Int32] = []
    static var layout: [WireField<Self>] { [.value(\.statementName), .value(\.sql), .list(\.parameterTypes)] }
}
