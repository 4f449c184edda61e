/// The server is ready for the next query; says whether a transaction is
/// open, and whether it has failed (every statement refused until ROLLBACK).
struct ReadyForQuery: WireMessage {
    static let typeCode = UInt8(ascii: "Z")
    var status: TransactionStatus

    func encodeBody(into writer: inout MessageWriter) { writer.int8(status.rawValue) }

    static func decodeBody(_ reader: inout MessageReader) throws(PostgresError) -> Self {
        guard let status = TransactionStatus(rawValue: try reader.int8()) else {
            throw .protocolViolation("ReadyForQuery had an unknown transaction status")
        }
        return ReadyForQuery(status: status)
    }
}

/// Where the session stands between queries.
public enum TransactionStatus: UInt8, Sendable {
    case idle = 0x49          // 'I': no transaction open
    case inTransaction = 0x54 // 'T'
    case failed = 0x45        // 'E': a failed transaction, waiting for ROLLBACK
}
