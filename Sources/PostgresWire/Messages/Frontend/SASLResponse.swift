/// A later SASL message from the client (SCRAM's client-final-message).
struct SASLResponse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "p")
    var data: [UInt8] = []
    static var layout: [WireField<Self>] { [.rest(\.data)] }
}
