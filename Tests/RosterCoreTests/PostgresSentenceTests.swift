import Testing
import PostgresWire
@testable import RosterCore

/// The client's sentences in roster's voice: a lower-case first letter and
/// no full stop, but a name that opens the sentence keeps its capitals:
/// "postgreSQL at … asks for user alice's password" was the result.
@Suite("PostgreSQL client sentences in roster's voice")
struct PostgresSentenceTests {
    @Test("a first word with capitals inside is a name, kept; a plain first word is lowered", arguments: [
        ("PostgreSQL at /tmp asks for user alice's password.", "PostgreSQL at /tmp asks for user alice's password"),
        ("SSL is not offered by the server", "SSL is not offered by the server"),
        ("The server closed the connection.", "the server closed the connection"),
    ])
    func sentence(_ given: String, _ said: String) {
        #expect(PostgresRosterStore.sentence(given) == said)
    }

    private func mapped(_ state: String, writing: Bool) -> RosterError {
        let failure = ServerError(fields: [UInt8(ascii: "C"): state, UInt8(ascii: "M"): "refused"])
        return PostgresRosterStore.mapped(.server(failure), settings: ConnectionSettings(user: "alice"), writing: writing)
    }

    @Test("a cancelled statement is told as cancelled, never as busy; a read-only database and a refused read are refused permission, said as such")
    func refusals() {
        guard case .heldUp(let cancelled) = mapped("57014", writing: true) else { Issue.record("a cancel is not told as such"); return }
        #expect(cancelled.hasSuffix("cancelled roster's statement (refused); nothing was changed; try again"))
        guard case .notPermitted(let readOnly) = mapped("25006", writing: true) else { Issue.record("read-only"); return }
        #expect(readOnly.contains("the database takes no writes") && !readOnly.contains("may only read"))
        guard case .notPermitted(let reading) = mapped("42501", writing: false) else { Issue.record("refused read"); return }
        #expect(reading.contains("`alice` was refused") && !reading.contains("may not read it"))
    }
}
