import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// Other programs' inserts past the id sequence take turns under a lock
/// that a role that may only connect, or only read, cannot hold (schema 15).
@Suite("The turn of outside inserts past the PostgreSQL id sequence")
struct PostgresOutsideIDTurnTests {
    /// Whether `error` is the server refusing a grant.
    private func refused(_ error: any Error) -> Bool {
        guard case PostgresError.server(let failure) = error else { return false }
        return failure.sqlState == .insufficientPrivilege
    }

    @Test("a role that may only connect cannot hold up another program's insert past the id sequence; a reader cannot take the turn; two writers still take turns")
    func idTurnOnlyForWriters() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWritingEveryTable(to: "alice")
        try admin.grantWritingEveryTable(to: "bob")
        try admin.grantReading(to: "ci_reader")
        try admin.makeLoginRole("conn")
        let conn = try server.connection(as: "conn", database: database)
        defer { conn.close() }
        try conn.simpleQuery("SELECT pg_advisory_lock(\(PostgresSchema.LockKey.space), \(PostgresSchema.LockKey.outsideIDs))")
        #expect { try conn.simpleQuery("BEGIN; LOCK TABLE roster.monster_id_turn IN EXCLUSIVE MODE") } throws: { refused($0) }
        try conn.simpleQuery("ROLLBACK")
        let reader = try server.connection(as: "ci_reader", database: database)
        defer { reader.close() }
        #expect { try reader.simpleQuery("BEGIN; LOCK TABLE roster.monster_id_turn IN EXCLUSIVE MODE") } throws: { refused($0) }

        let insert = "INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES ($1, $2, $3, 'meetcatbot.png', 'fire')"
        let alice = try server.connection(as: "alice", database: database)
        defer { alice.close() }
        try alice.simpleQuery("SET statement_timeout = '3s'")
        try alice.query(insert, ["5000", "Far-Bot", "uuid-5000"])
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "5000")

        // alice's turn, held in a transaction: bob's insert past the sequence waits for it.
        try alice.simpleQuery("BEGIN")
        try alice.query(insert, ["6000", "Farther-Bot", "uuid-6000"])
        let bob = try server.connection(as: "bob", database: database)
        defer { bob.close() }
        try bob.simpleQuery("SET lock_timeout = '300ms'")
        #expect { try bob.query(insert, ["7000", "Farthest-Bot", "uuid-7000"]) } throws: { error in
            guard case PostgresError.server(let failure) = error else { return false }
            return failure.sqlState == .lockNotAvailable
        }
        try alice.simpleQuery("COMMIT")
        try bob.query(insert, ["7000", "Farthest-Bot", "uuid-7000"])
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "7000")
    }
}
