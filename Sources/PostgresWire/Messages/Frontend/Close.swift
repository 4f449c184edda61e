/// Extended protocol: closes a prepared statement ('S') or a portal ('P').
struct Close: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "C")
    var target = Describe.Target.statement
    var name = ""
    static var layout: [WireField<Self>] { [.value(\.target), .value(\.name)] }
}
