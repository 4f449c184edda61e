/// One row's values, each as bytes in the format its column was asked for
/// (text here), or nil for SQL NULL (length -1). Coded by hand: the
/// connection reads large results without this value (nextDataRow), but
/// what it does read of rows goes through here one at a time.
struct DataRow: WireMessage {
    static let typeCode = UInt8(ascii: "D")
    var values: [ArraySlice<UInt8>?]

    func write(to writer: inout MessageWriter) { writer.nullableValues(values) }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        DataRow(values: try reader.nullableValues())
    }

    /// The values as text, as every column is asked for in text format.
    var textValues: [String?] {
        values.map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
