/// What Describe and Close name: a prepared statement ('S') or a portal
/// ('P'), by its name ("" for the unnamed one). The protocol gives both
/// messages this one body, so it is written and read once, here; each
/// message adds only its type byte.
enum StatementOrPortal: UInt8, WireCode, Sendable {
    case statement = 0x53, portal = 0x50
    static var meaning: String { "target, neither a statement nor a portal" }
}

/// A message whose body is a `StatementOrPortal` and its name.
protocol StatementOrPortalMessage: WireMessage {
    var target: StatementOrPortal { get }
    var name: String { get }
    init(target: StatementOrPortal, name: String)
}

extension StatementOrPortalMessage {
    func write(to writer: inout MessageWriter) {
        target.write(to: &writer)
        writer.cString(name)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Self(target: try .read(from: &reader), name: try reader.cString())
    }
}
