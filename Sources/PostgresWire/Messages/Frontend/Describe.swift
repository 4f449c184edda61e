/// Extended protocol: asks for a statement's parameter and row description
/// ('S') or a portal's row description ('P').
struct Describe: WireMessage {
    static let typeCode = UInt8(ascii: "D")

    enum Target: UInt8, WireCode, Sendable {
        case statement = 0x53, portal = 0x50
        static var meaning: String { "target, neither a statement nor a portal" }
    }

    var target = Target.statement
    var name = ""

    func write(to writer: inout MessageWriter) {
        target.write(to: &writer)
        writer.cString(name)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        Describe(target: try .read(from: &reader), name: try reader.cString())
    }
}
