/// The client's first SASL message: the mechanism chosen from the server's
/// list and its first data (SCRAM's client-first-message). Same type byte
/// as PasswordMessage; the server tells them apart by what it asked.
struct SASLInitialResponse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "p")
    var mechanism = ""
    var data: [UInt8] = []
    static var layout: [WireField<Self>] { [.value(\.mechanism), .sizedBytes(\.data)] }
}
