import Testing
@testable import PostgresWire

/// The server keeps an application_name's first 63 bytes; a name of 10 KB
/// made it reset the connection. The client sends what it keeps.
@Suite struct ApplicationNameTests {
    @Test func aLongNameIsCutBetweenCharactersAndTheSessionStarts() throws {
        let cluster = try TestCluster()
        var settings = cluster.settings()
        settings.applicationName = "a" + String(repeating: "é", count: 5_000)
        let connection = try PostgresConnection.connect(settings)
        defer { connection.close() }
        // The server shows what is not printable ASCII as '?'.
        #expect(try connection.query("SHOW application_name").firstValue == "a" + String(repeating: "?", count: 62))
        #expect(PostgresConnection.serverApplicationName(settings.applicationName ?? "") == "a" + String(repeating: "é", count: 31))
        #expect(PostgresConnection.serverApplicationName("alice@laptop") == "alice@laptop")
    }
}
