/// The server enters COPY: CopyInResponse (it waits for the client's data),
/// CopyOutResponse (it sends data), CopyBothResponse (replication). Each
/// gives the overall format and each column's (0 text, 1 binary).
struct CopyResponse: WireValue, Equatable, Sendable {
    var overallFormat: UInt8 = 0
    var columnFormats: [Int16] = []

    func write(to writer: inout MessageWriter) {
        writer.int8(overallFormat)
        writer.list(columnFormats)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        CopyResponse(overallFormat: try reader.int8(), columnFormats: try reader.list())
    }
}

/// The three messages differ only in their type byte.
protocol CopyResponseMessage: WireMessage {
    init(response: CopyResponse)
    var response: CopyResponse { get }
}

extension CopyResponseMessage {
    func write(to writer: inout MessageWriter) { response.write(to: &writer) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { Self(response: try .read(from: &reader)) }
}

struct CopyInResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "G"); var response = CopyResponse() }
struct CopyOutResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "H"); var response = CopyResponse() }
struct CopyBothResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "W"); var response = CopyResponse() }
