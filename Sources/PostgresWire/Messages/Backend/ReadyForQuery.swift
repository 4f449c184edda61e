/// The server is ready for the next query; says whether a transaction is
/// open, and whether it has failed (every statement refused until ROLLBACK).
struct ReadyForQuery: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "Z")
    var status = TransactionStatus.idle
    static var layout: [WireField<Self>] { [.value(\.status)] }
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
