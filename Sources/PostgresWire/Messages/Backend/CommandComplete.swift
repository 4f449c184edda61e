/// A statement finished; its tag says what it did ("INSERT 0 3", "UPDATE 2",
/// "SELECT 10", "COPY 100000", "BEGIN").
struct CommandComplete: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "C")
    var tag = ""
    static var layout: [WireField<Self>] { [.value(\.tag)] }
}

/// The query string held no statement.
struct EmptyQueryResponse: SignalMessage { static let typeCode = UInt8(ascii: "I") }
