/// A run-time parameter the server reports at start-up and whenever it
/// changes: server_version, client_encoding, TimeZone, standard_conforming_strings…
struct ParameterStatus: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "S")
    var name = ""
    var value = ""
    static var layout: [WireField<Self>] { [.value(\.name), .value(\.value)] }
}
