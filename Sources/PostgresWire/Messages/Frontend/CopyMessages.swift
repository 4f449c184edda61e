/// COPY's data travels in CopyData messages both ways (from the client in
/// COPY FROM STDIN, from the server in COPY TO STDOUT); the sender ends it
/// with CopyDone, or the client aborts it with CopyFail and a reason.
struct CopyData: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "d")
    var data: [UInt8] = []
    static var layout: [WireField<Self>] { [.rest(\.data)] }
}

struct CopyDone: SignalMessage { static let typeCode = UInt8(ascii: "c") }

struct CopyFail: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "f")
    var reason = ""
    static var layout: [WireField<Self>] { [.value(\.reason)] }
}
