/// The columns of the rows that follow: each one's name, where it comes
/// from, its type and the format (0 text, 1 binary) its values come in.
struct RowDescription: WireMessage {
    static let typeCode = UInt8(ascii: "T")

    struct Field: Equatable, Sendable {
        var name: String
        var tableOID: Int32 = 0
        var columnNumber: Int16 = 0
        var typeOID: Int32 = 25
        var typeSize: Int16 = -1
        var typeModifier: Int32 = -1
        var format: Int16 = 0
    }

    var fields: [Field]

    func encodeBody(into writer: inout MessageWriter) {
        writer.int16(Int16(fields.count))
        for field in fields {
            writer.cString(field.name)
            writer.int32(field.tableOID)
            writer.int16(field.columnNumber)
            writer.int32(field.typeOID)
            writer.int16(field.typeSize)
            writer.int32(field.typeModifier)
            writer.int16(field.format)
        }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        var fields: [Field] = []
        for _ in 0..<max(0, Int(try reader.int16())) {
            fields.append(Field(name: try reader.cString(), tableOID: try reader.int32(),
                                columnNumber: try reader.int16(), typeOID: try reader.int32(),
                                typeSize: try reader.int16(), typeModifier: try reader.int32(),
                                format: try reader.int16()))
        }
        return RowDescription(fields: fields)
    }
}
