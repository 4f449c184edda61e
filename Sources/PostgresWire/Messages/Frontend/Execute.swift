/// Extended protocol: runs a portal, returning at most `maxRows` rows
/// (0: all of them).
struct Execute: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "E")
    var portalName: String = ""
    var maxRows: Int32 = 0
    static var layout: [WireField<Self>] { [.value(\.portalName), .value(\.maxRows)] }
}
