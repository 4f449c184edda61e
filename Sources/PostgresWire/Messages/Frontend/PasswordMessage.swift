/// A password in answer to AuthenticationCleartextPassword or
/// AuthenticationMD5Password (then it is "md5" and a hex digest).
/// Sent only over TLS: see Authenticator.
struct PasswordMessage: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "p")
    var password = ""
    static var layout: [WireField<Self>] { [.value(\.password)] }
}
