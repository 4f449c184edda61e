/// One row's values, each as bytes in the format its column was asked for
/// (text here), or nil for SQL NULL (length -1).
struct DataRow: WireMessage {
    static let typeCode = UInt8(ascii: "D")
    var values: [ArraySlice<UInt8>?]

    func encodeBody(into writer: inout MessageWriter) {
        writer.int16(Int16(values.count))
        for value in values {
            if let value {
                writer.int32(Int32(value.count))
                writer.raw(value)
            } else {
                writer.int32(-1)
            }
        }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let count = max(0, Int(try reader.int16()))
        var values: [ArraySlice<UInt8>?] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            let length = try reader.int32()
            values.append(length < 0 ? nil : try reader.bytes(count: Int(length)))
        }
        return DataRow(values: values)
    }

    /// The values as text, as every column is asked for in text format.
    var textValues: [String?] {
        values.map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
