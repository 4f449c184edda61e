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
        while case let code = try reader.int8(), code != 0 { fields[code] = bounded(try reader.cString()) }
        return ServerError(fields: fields)
    }

    /// The most of a field kept: PostgreSQL's own messages are a line or
    /// two, and a detail quoting a value is at most a few of roster's
    /// longest texts; a server sending megabytes (a hostile one, or one
    /// whose function raises a huge text) would otherwise be printed whole.
    static let fieldLimit = 8_192

    /// `text`, cut after `fieldLimit` code points and marked as cut.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > fieldLimit else { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: fieldLimit, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end]) + "… (cut: the server sent more)"
    }
}
