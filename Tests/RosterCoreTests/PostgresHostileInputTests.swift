import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What a hostile role on the same server can send an open roster: any
/// role may NOTIFY the channel roster listens on, with any payload, as
/// often as it likes. None of it may stop roster or make it grow.
@Suite("A PostgreSQL roster against hostile input")
struct PostgresHostileInputTests {
    private func store(_ database: String, as person: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: person), environment: [:])
    }

    /// Reads the counter until it differs from `start` (notifications
    /// arrive on their own time), for at most two seconds.
    private func counter(of store: PostgresRosterStore, movedFrom start: Int64) throws -> Int64 {
        let deadline = Date().addingTimeInterval(2)
        var now = try store.changeCounter()
        while now == start, Date() < deadline {
            usleep(20_000)
            now = try store.changeCounter()
        }
        return now
    }

    @Test("a payload of the largest history id, then another, moves the change counter without trapping")
    func largestPayload() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let watching = try store(database, as: "watcher")
        let start = try watching.changeCounter()
        let mallory = try server.adminConnection(database: database)
        defer { mallory.close() }
        try mallory.simpleQuery("NOTIFY roster, '9223372036854775807'")
        let first = try counter(of: watching, movedFrom: start)
        #expect(first != start)
        try mallory.simpleQuery("NOTIFY roster, '1'")
        #expect(try counter(of: watching, movedFrom: first) != first)
    }

    @Test("a history row with the largest id, then an outside change, moves the change counter without trapping")
    func largestHistoryID() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.history (id, client, surface, command, summary, kind)
            VALUES (9223372036854775807, 'mallory', 'command line', 'edit', 'planted', 'rows')
            """)
        let watching = try store(database, as: "watcher")
        let start = try watching.changeCounter()
        #expect(start == Int64.max)
        try admin.simpleQuery("UPDATE roster.monster SET description = 'planted' WHERE id = 1")
        #expect(try counter(of: watching, movedFrom: start) != start)
    }
}
