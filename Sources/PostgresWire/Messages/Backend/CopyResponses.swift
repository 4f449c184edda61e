/// The server enters COPY: CopyInResponse (it waits for the client's data),
/// CopyOutResponse (it sends data), CopyBothResponse (replication). Each
/// gives the overall format and each column's (0 text, 1 binary).
struct CopyResponse: Equatable, Sendable {
    var overallFormat: UInt8
    var columnFormats: [Int16]

    func encodeBody(into writer: inout MessageWriter) {
        writer.int8(overallFormat)
        writer.int16(Int16(columnFormats.count))
        for format in columnFormats { writer.int16(format) }
    }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        let overall = try reader.int8()
        var formats: [Int16] = []
        for _ in 0..<max(0, Int(try reader.int16())) { formats.append(try reader.int16()) }
        return CopyResponse(overallFormat: overall, columnFormats: formats)
    }
}

struct CopyInResponse: WireMessage {
    static let typeCode = UInt8(ascii: "G")
    var response: CopyResponse
    func encodeBody(into writer: inout MessageWriter) { response.encodeBody(into: &writer) }
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        CopyInResponse(response: try CopyResponse.decodeBody(&reader))
    }
}

struct CopyOutResponse: WireMessage {
    static let typeCode = UInt8(ascii: "H")
    var response: CopyResponse
    func encodeBody(into writer: inout MessageWriter) { response.encodeBody(into: &writer) }
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        CopyOutResponse(response: try CopyResponse.decodeBody(&reader))
    }
}

struct CopyBothResponse: WireMessage {
    static let typeCode = UInt8(ascii: "W")
    var response: CopyResponse
    func encodeBody(into writer: inout MessageWriter) { response.encodeBody(into: &writer) }
    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        CopyBothResponse(response: try CopyResponse.decodeBody(&reader))
    }
}
