/// The server's requests during authentication, all of type 'R' and told
/// apart by a code: done (Ok), send a password in clear or hashed with MD5
/// and a salt, or a SASL exchange (the mechanisms offered, then the
/// server's challenge, then its final message).
enum Authentication: WireMessage {
    static let typeCode = UInt8(ascii: "R")

    case ok
    case cleartextPassword
    case md5Password(salt: [UInt8])
    case sasl(mechanisms: [String])
    case saslContinue(data: [UInt8])
    case saslFinal(data: [UInt8])
    /// Kerberos, GSSAPI, SSPI and the like, which roster does not speak.
    case unsupported(code: Int32)

    func write(to writer: inout MessageWriter) {
        switch self {
        case .ok: writer.int32(0)
        case .cleartextPassword: writer.int32(3)
        case .md5Password(let salt):
            writer.int32(5)
            writer.raw(salt)
        case .sasl(let mechanisms):
            writer.int32(10)
            for mechanism in mechanisms { writer.cString(mechanism) }
            writer.int8(0)
        case .saslContinue(let data):
            writer.int32(11)
            writer.raw(data)
        case .saslFinal(let data):
            writer.int32(12)
            writer.raw(data)
        case .unsupported(let code): writer.int32(code)
        }
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        let code = try reader.int32()
        switch code {
        case 0: return .ok
        case 3: return .cleartextPassword
        case 5: return .md5Password(salt: Array(try reader.bytes(count: 4)))
        case 10:
            var mechanisms: [String] = []
            while true {
                let mechanism = try reader.cString()
                if mechanism.isEmpty { break }
                mechanisms.append(mechanism)
            }
            return .sasl(mechanisms: mechanisms)
        case 11: return .saslContinue(data: Array(reader.rest()))
        case 12: return .saslFinal(data: Array(reader.rest()))
        default:
            _ = reader.rest()
            return .unsupported(code: code)
        }
    }
}
