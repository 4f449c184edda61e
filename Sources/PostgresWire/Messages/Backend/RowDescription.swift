/// The columns of the rows that follow: each one's name, where it comes
/// from, its type and the format (0 text, 1 binary) its values come in.
struct RowDescription: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "T")

    struct Field: WireRecord, Equatable, Sendable {
        var name = ""
        var tableOID: Int32 = 0
        var columnNumber: Int16 = 0
        var typeOID: Int32 = 25
        var typeSize: Int16 = -1
        var typeModifier: Int32 = -1
        var format: Int16 = 0

        static var layout: [WireField<Self>] {
            [.value(\.name), .value(\.tableOID), .value(\.columnNumber), .value(\.typeOID),
             .value(\.typeSize), .value(\.typeModifier), .value(\.format)]
        }
    }

    var fields: [Field] = []
    static var layout: [WireField<Self>] { [.list(\.fields)] }
}
