import TextSafety

/// Who made a write to the monsters without roster, as a server can tell
/// it (schema 12 of the PostgreSQL store): the role that logged in, which
/// the server stamps, and the `application_name` the session gave, which
/// is its own word and any text at all.
public struct OutsideWriter: Equatable, Sendable {
    public let role: String
    public let program: String?

    public init(role: String, program: String?) {
        self.role = role
        self.program = program.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// ``another program (`psql`, logged in as alice)``, or `another
    /// program (logged in as alice)` when it gave no name: the program's
    /// own name quoted, so that no text it chose can pass for the
    /// sentence's words, and both made visible where they hold control
    /// characters.
    public var described: String {
        let role = "logged in as " + SafeText.escaped(role)
        guard let program else { return "another program (\(role))" }
        return "another program (\(Quote.code(SafeText.escaped(program))), \(role))"
    }
}

extension RosterStore {
    /// A file's writers have no name (see `RosterStore.outsideWriter`).
    public var outsideWriter: OutsideWriter? { nil }
    public var outsideWritesFound: Int { 0 }
}
