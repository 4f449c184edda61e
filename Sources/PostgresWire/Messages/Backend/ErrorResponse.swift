/// An error (ErrorResponse) or a notice (NoticeResponse): the same list of
/// fields, each a code byte and a string, ended by a zero byte.
struct ErrorResponse: WireMessage {
    static let typeCode = UInt8(ascii: "E")
    var error = ServerError(fields: [:])

    func write(to writer: inout MessageWriter) { error.write(to: &writer) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { ErrorResponse(error: try .read(from: &reader)) }
}

struct NoticeResponse: WireMessage {
    static let typeCode = UInt8(ascii: "N")
    var notice = ServerError(fields: [:])

    func write(to writer: inout MessageWriter) { notice.write(to: &writer) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { NoticeResponse(notice: try .read(from: &reader)) }
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
