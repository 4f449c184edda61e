/// An error (ErrorResponse) or a notice (NoticeResponse): the same list of
/// fields, each a code byte and a string, ended by a zero byte.
struct ErrorResponse: WireMessage {
    static let typeCode = UInt8(ascii: "E")
    var error: ServerError

    func encodeBody(into writer: inout MessageWriter) { encodeFields(error.fields, into: &writer) }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        ErrorResponse(error: ServerError(fields: try decodeFields(&reader)))
    }
}

struct NoticeResponse: WireMessage {
    static let typeCode = UInt8(ascii: "N")
    var notice: ServerError

    func encodeBody(into writer: inout MessageWriter) { encodeFields(notice.fields, into: &writer) }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        NoticeResponse(notice: ServerError(fields: try decodeFields(&reader)))
    }
}

private func encodeFields(_ fields: [UInt8: String], into writer: inout MessageWriter) {
    for code in fields.keys.sorted() {
        writer.int8(code)
        writer.cString(fields[code] ?? "")
    }
    writer.int8(0)
}

private func decodeFields(_ reader: inout MessageReader) throws(PostgresError) -> [UInt8: String] {
    var fields: [UInt8: String] = [:]
    while true {
        let code = try reader.int8()
        if code == 0 { return fields }
        fields[code] = try reader.cString()
    }
}
