/// The columns of the rows that follow: each one's name, where it comes
/// from, its type and the format (0 text, 1 binary) its values come in.
struct RowDescription: WireMessage {
    static let typeCode = UInt8(ascii: "T")

    struct Field: WireValue, Equatable, Sendable {
        var name = ""
        var tableOID: Int32 = 0
        var columnNumber: Int16 = 0
        var typeOID: Int32 = 25
        var typeSize: Int16 = -1
        var typeModifier: Int32 = -1
        var format: Int16 = 0

        func write(to writer: inout MessageWriter) {
            writer.cString(name)
            writer.int32(tableOID)
            writer.int16(columnNumber)
            writer.int32(typeOID)
            writer.int16(typeSize)
            writer.int32(typeModifier)
            writer.int16(format)
        }

        static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
            Field(name: try reader.cString(), tableOID: try reader.int32(), columnNumber: try reader.int16(), typeOID: try reader.int32(),
                  typeSize: try reader.int16(), typeModifier: try reader.int32(), format: try reader.int16())
        }
    }

    var fields: [Field] = []

    func write(to writer: inout MessageWriter) { writer.list(fields) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { RowDescription(fields: try reader.list()) }
}
