import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// The migration lock is advisory (a first build has no table to lock),
/// so a role that may only connect can hold it. roster waits no longer
/// than the busy timeout, then says who holds it, and builds nothing.
@Suite("The migration lock on PostgreSQL, held by a role that may only connect")
struct PostgresMigrationLockTests {
    @Test("a first build, and an import's, held off by a role that holds the lock: 75 within a bound, naming the role, nothing made",
          arguments: [false, true])
    func heldByAnother(importing: Bool) throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase(schema: false)
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.makeLoginRole("lurker")
        let lurker = try server.connection(as: "lurker", database: database)
        defer { lurker.close() }
        _ = try lurker.query("SELECT pg_advisory_lock(\(PostgresSchema.LockKey.space), \(PostgresSchema.LockKey.migration))")
        let started = Date()
        var told: [String] = []
        #expect {
            if importing {
                let store = try PostgresRosterStore.openForImport(uri: server.uri(database: database), environment: [:]) { told.append($0) }
                let reader = try MonsterReader(input: ChunkedInput(bytes: Array("name,weapon\nImp-Bot,fire\n".utf8), name: "imp.csv"),
                                               format: .csv, raw: false)
                _ = try store.importMonsters(from: reader, mode: .insert)
            } else {
                let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:]) { told.append($0) }
                _ = try store.monsters(matching: MonsterQuery())
            }
        } throws: { error in
            guard case RosterError.heldUp(let sentence) = error else { return false }
            return sentence.contains("the role `lurker` (server process ") && sentence.contains("nothing was changed")
        }
        #expect(Date().timeIntervalSince(started) < 15, "roster waited past its bound")
        #expect(told.isEmpty)
        #expect(try admin.query("SELECT count(*) FROM pg_namespace WHERE nspname = 'roster'").firstValue == "0")
        // Let go, the same roster builds.
        _ = try lurker.query("SELECT pg_advisory_unlock_all()")
        let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:])
        #expect(try store.count() == 6)
    }
}
