import Testing
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
}
