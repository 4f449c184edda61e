/// Extended protocol: asks for a statement's parameter and row description
/// ('S') or a portal's row description ('P').
struct Describe: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "D")

    enum Target: UInt8, WireCode, Sendable {
        case statement = 0x53, portal = 0x50
        static var meaning: String { "target, neither a statement nor a portal" }
    }

    var target = Target.statement
    var name = ""
    static var layout: [WireField<Self>] { [.value(\.target), .value(\.name)] }
}
