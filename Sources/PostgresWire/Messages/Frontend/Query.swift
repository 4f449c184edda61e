/// The simple query protocol: one string of SQL, perhaps several
/// statements, no parameters, results in text.
struct Query: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "Q")
    var sql = ""
    static var layout: [WireField<Self>] { [.value(\.sql)] }
}
