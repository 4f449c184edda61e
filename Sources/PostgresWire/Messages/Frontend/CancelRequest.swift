/// Sent on a new connection to stop the query running on another, named by
/// the process id and secret key of its BackendKeyData.
struct CancelRequest: UntypedWireMessage, WireRecord {
    static let requestCode: Int32 = 80_877_102  // 1234 << 16 | 5678

    var processID: Int32 = 0
    var secretKey: Int32 = 0

    static var layout: [WireField<Self>] {
        [.constant(requestCode, of: "a CancelRequest"), .value(\.processID), .value(\.secretKey)]
    }
}
