/// Extended protocol: closes a prepared statement ('S') or a portal ('P').
struct Close: StatementOrPortalMessage {
    static let typeCode = UInt8(ascii: "C")
    var target = StatementOrPortal.statement
    var name = ""
}
