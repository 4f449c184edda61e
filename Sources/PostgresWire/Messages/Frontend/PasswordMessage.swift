/// A password in answer to AuthenticationCleartextPassword or
/// AuthenticationMD5Password (then it is "md5" and a hex digest).
/// Sent only over TLS: see Authenticator.
struct PasswordMessage: WireMessage {
    static let typeCode = UInt8(ascii: "p")
    var password = ""

    func write(to writer: inout MessageWriter) { writer.cString(password) }
    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self { PasswordMessage(password: try reader.cString()) }
}
