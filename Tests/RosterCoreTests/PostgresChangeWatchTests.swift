import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// How a PostgreSQL store tells an open interface what to wait on
/// (`changeWatch`): its socket while it listens, readable when another
/// session's change is announced and not for its own; a lost server when
/// the session ends, and the socket again once it has reconnected.
@Suite("A PostgreSQL roster's change watch")
struct PostgresChangeWatchTests {
    func store(_ database: String, as person: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: person), environment: [:])
    }

    /// Whether `descriptor` can be read within `milliseconds`.
    func readable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    func socket(_ store: PostgresRosterStore) throws -> Int32 {
        guard case .whenReadable(let descriptor) = store.changeWatch else {
            Issue.record("the store says \(store.changeWatch), not its socket")
            throw CancellationError()
        }
        return descriptor
    }

    @Test("the socket wakes a waiter for another session's change, not for the store's own; a lost session is told, then watched again")
    func watch() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let watching = try store(database, as: "watcher")
        let other = try store(database, as: "other")
        // A file is asked every so often; a server only once it listens.
        let start = try watching.changeCounter()
        let descriptor = try socket(watching)
        #expect(!readable(descriptor, within: 50))

        // Its own change is not announced to itself.
        _ = try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try watching.changeCounter() == start)
        #expect(!readable(try socket(watching), within: 200))
        #expect(try watching.changeCounter() == start)

        // Another's is: the socket can be read, and the counter moves
        // without a round trip, after which the socket is quiet again.
        _ = try other.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect(readable(try socket(watching), within: 2000))
        let moved = try watching.changeCounter()
        #expect(moved > start)
        #expect(!readable(try socket(watching), within: 50))

        // The server ends the session: the socket says so, the counter
        // throws "unavailable", and the store says it is lost.
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'watcher' AND datname = current_database()")
        #expect(readable(descriptor, within: 2000))
        #expect {
            try watching.changeCounter()
        } throws: { error in
            guard case RosterError.serverUnavailable = error else { return false }
            return true
        }
        guard case .serverLost = watching.changeWatch else {
            Issue.record("after the session ended the store says \(watching.changeWatch)")
            return
        }
        // Asked again, it reconnects and listens anew.
        let deadline = Date().addingTimeInterval(5)
        var again: Int64?
        while again == nil, Date() < deadline {
            again = try? watching.changeCounter()
            if again == nil { usleep(50_000) }
        }
        #expect(again != nil)
        _ = try socket(watching)
        _ = try other.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(readable(try socket(watching), within: 2000))
        #expect(try watching.changeCounter() > (again ?? 0))
    }

    @Test("a NOTIFY roster from a role that may only connect moves nothing; a change the data shows does, after the store's own writes too")
    func bareNotification() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.makeLoginRole("shouter")
        let shouter = try server.connection(as: "shouter", database: database)
        defer { shouter.close() }
        let watching = try store(database, as: "watcher")
        let other = try store(database, as: "other")
        let start = try watching.changeCounter()
        // Its own change, then a shout: the shout is read, and nothing moves.
        _ = try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try watching.changeCounter() == start)
        for payload in ["outside", "999", String(Int64.max)] {
            try shouter.simpleQuery("NOTIFY roster, '\(payload)'")
            #expect(readable(try socket(watching), within: 2000))
            #expect(try watching.changeCounter() == start, "a NOTIFY roster, '\(payload)' was told as a change")
        }
        // Another's change, and another program's write, are.
        _ = try other.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        #expect(readable(try socket(watching), within: 2000))
        let moved = try watching.changeCounter()
        #expect(moved != start)
        try admin.simpleQuery("UPDATE roster.monster SET description = 'psst' WHERE id = 3")
        #expect(readable(try socket(watching), within: 2000))
        #expect(try watching.changeCounter() != moved)
    }
}

extension PostgresChangeWatchTests {
    @Test("a writer role's change in psql written with its history entry, as sharing.md allows, wakes a waiting roster and moves its counter")
    func entryWrittenInPSQL() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let watching = try store(database, as: "entry-watcher")
        let start = try watching.changeCounter()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWriting(to: "entry_writer")
        let psql = try server.connection(as: "entry_writer", database: database)
        defer { psql.close() }
        try psql.simpleQuery("""
            BEGIN;
            UPDATE roster.monster SET weapon = 'fire' WHERE name = 'Cat-Bot';
            INSERT INTO roster.history (client, surface, command, summary, kind)
                VALUES ('alice@psql', 'command line', 'set-weapon', 'Cat-Bot: Sword → Fire', 'rows');
            COMMIT
            """)
        #expect(readable(try socket(watching), within: 2000), "the waiting roster is woken")
        #expect(try watching.changeCounter() > start)
        #expect(try watching.history(touching: nil, limit: 1).first?.summary == "Cat-Bot: Sword → Fire")
    }
}

extension PostgresChangeWatchTests {
    @Test("another roster at the same address (a server set up alike, its marker's table of the same object id): told as gone on reconnecting, nothing read or written")
    func anotherRosterAlikeOnReconnect() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let watching = try store(database, as: "twin-watcher")
        _ = try watching.changeCounter()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        // What a server set up alike holds: the same tables, another roster.
        try admin.simpleQuery("UPDATE roster.roster_schema SET roster_id = gen_random_uuid()")
        try admin.simpleQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'twin-watcher' AND datname = current_database()")
        var told: RosterError?
        let deadline = Date().addingTimeInterval(10)
        while told == nil, Date() < deadline {
            do {
                _ = try watching.changeCounter()
            } catch {
                if case .rosterGone = error { told = error } else { usleep(100_000) }
            }
        }
        #expect(told.map { "\($0)" }?.contains("another roster is there now") == true, "\(String(describing: told))")
        #expect(throws: RosterError.self) { try watching.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)]) }
        #expect(try admin.query("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'").firstValue == "sword")
    }
}

extension PostgresChangeWatchTests {
    @Test("a roster upgraded under an open interface to the schema that gives it an id is still its roster on reconnecting")
    func upgradedToItsOwnIDOnReconnect() throws {
        let server = try PostgresTestServer.shared()
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 20)
        defer { admin.close() }
        try admin.grantWriting(to: "older_watcher")
        let watching = try PostgresRosterStore.open(uri: server.uri(database: database, user: "older_watcher", applicationName: "older-watcher"),
                                                    environment: [:])
        _ = try watching.changeCounter()
        // The owner's roster upgrades it; the watcher's session ends.
        _ = try PostgresRosterStore.open(uri: server.uri(database: database, applicationName: "owner"), environment: [:]).count()
        #expect(try admin.query("SELECT roster_id IS NOT NULL FROM roster.roster_schema").firstValue == "t")
        try admin.simpleQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'older-watcher' AND datname = current_database()")
        // Lost first (the socket's end is read), then back, or told gone.
        var lost = false, back = false
        var gone: RosterError?
        let deadline = Date().addingTimeInterval(10)
        while !back, gone == nil, Date() < deadline {
            do {
                _ = try watching.changeCounter()
                back = lost
                if !lost { usleep(50_000) }
            } catch {
                if case .rosterGone = error { gone = error } else { lost = true; usleep(100_000) }
            }
        }
        #expect(lost, "the watcher's session never ended")
        #expect(gone == nil, "\(String(describing: gone))")
        #expect(back)
    }
}
