import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A writer role may insert history entries (sharing.md), and the
/// summary has no length check: roster reads no more of an entry's text
/// than `HistoryText` bounds, cut on the server, so no megabytes cross
/// the connection.
@Suite("A PostgreSQL roster reads history text another role wrote only up to its bound")
struct PostgresHistoryTextTests {
    @Test("a summary of 16 MB is read as its first 32,768 characters, marked as cut, by every read of an entry")
    func longSummaryCut() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let store = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "reader"), environment: [:])
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (client, surface, command, file, summary, kind)
            VALUES ('x', 'command line', 'import', repeat('f', 100000), repeat('b', 16000000), 'snapshot')
            """)
        let entries = try store.history(touching: nil, limit: 3)
        #expect(entries.count == 2)
        let planted = try #require(entries.first)
        #expect(planted.summary == String(repeating: "b", count: HistoryText.summaryBound) + HistoryText.cutMark(HistoryText.summaryBound))
        #expect(planted.file == String(repeating: "f", count: HistoryText.fileBound) + HistoryText.cutMark(HistoryText.fileBound))
        #expect(entries.last?.summary == "Cat-Bot: Sword → Fire")
        #expect(try store.entry(id: planted.id)?.summary == planted.summary)
        // Touching a monster: the whole-roster entry (an import) is listed, cut.
        #expect(try store.history(touching: "Cat-Bot", limit: 3).first?.summary == planted.summary)
    }
}
