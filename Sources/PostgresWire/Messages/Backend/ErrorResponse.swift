/// An error (ErrorResponse) or a notice (NoticeResponse): the same list of
/// fields, each a code byte and a string, ended by a zero byte.
struct ErrorResponse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "E")
    var error = ServerError(fields: [:])
    static var layout: [WireField<Self>] { [.value(\.error)] }
}

struct NoticeResponse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "N")
    var notice = ServerError(fields: [:])
    static var layout: [WireField<Self>] { [.value(\.notice)] }
}

extension ServerError: WireValue {
    func write(to writer: inout MessageWriter) {
        for code in fields.keys.sorted() {
            writer.int8(code)
            writer.cString(fields[code] ?? "")
        }
        writer.int8(0)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        var fields: [UInt8: String] = [:]
        while case let code = try reader.int8(), code != 0 { fields[code] = try reader.cString() }
        return ServerError(fields: fields)
    }
}
