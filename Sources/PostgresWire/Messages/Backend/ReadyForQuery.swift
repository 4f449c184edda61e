/// The server is ready for the next query; says whether a transaction is
/// open, and whether it has failed (every statement refused until ROLLBACK).
struct ReadyForQuery: WireMessage {
    static let typeCode = UInt8(ascii: "Z")
    var status = TransactionStatus.idle

    func write(to writer: inout MessageWriter) { status.write(to: &writer) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { ReadyForQuery(status: try .read(from: &reader)) }
}

/// Where the session stands between queries.
public enum TransactionStatus: UInt8, Sendable {
    case idle = 0x49          // 'I': no transaction open
    case inTransaction = 0x54 // 'T'
    case failed = 0x45        // 'E': a failed transaction, waiting for ROLLBACK
}

extension TransactionStatus: WireCode {
    static var meaning: String { "transaction status" }
}
