/// The server enters COPY: CopyInResponse (it waits for the client's data),
/// CopyOutResponse (it sends data), CopyBothResponse (replication). Each
/// gives the overall format and each column's (0 text, 1 binary).
struct CopyResponse: WireRecord, Equatable, Sendable {
    var overallFormat: UInt8 = 0
    var columnFormats: [Int16] = []
    static var layout: [WireField<Self>] { [.value(\.overallFormat), .list(\.columnFormats)] }
}

/// The three messages differ only in their type byte.
protocol CopyResponseMessage: WireMessage, WireRecord {
    var response: CopyResponse { get set }
}

extension CopyResponseMessage {
    static var layout: [WireField<Self>] { [.value(\.response)] }
}

struct CopyInResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "G"); var response = CopyResponse() }
struct CopyOutResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "H"); var response = CopyResponse() }
struct CopyBothResponse: CopyResponseMessage { static let typeCode = UInt8(ascii: "W"); var response = CopyResponse() }
