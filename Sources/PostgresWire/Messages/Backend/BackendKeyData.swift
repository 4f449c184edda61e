/// The backend's process id and the secret a CancelRequest must quote.
struct BackendKeyData: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "K")
    var processID: Int32 = 0
    var secretKey: Int32 = 0
    static var layout: [WireField<Self>] { [.value(\.processID), .value(\.secretKey)] }
}
