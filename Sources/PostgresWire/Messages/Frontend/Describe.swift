/// Extended protocol: asks for a statement's parameter and row description
/// ('S') or a portal's row description ('P').
struct Describe: StatementOrPortalMessage {
    static let typeCode = UInt8(ascii: "D")
    var target = StatementOrPortal.statement
    var name = ""
}
