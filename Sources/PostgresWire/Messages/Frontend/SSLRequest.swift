/// Asks the server, before the start-up packet, whether it will speak TLS
/// on this connection. It answers with one byte, 'S' or 'N', not a message.
struct SSLRequest: UntypedWireMessage, WireRecord {
    static let requestCode: Int32 = 80_877_103  // 1234 << 16 | 5679
    static var layout: [WireField<Self>] { [.constant(requestCode, of: "an SSLRequest")] }
}
