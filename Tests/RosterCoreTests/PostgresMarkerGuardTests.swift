import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// The version marker's row is its owner's (schema 14), whatever a writer
/// role was granted: sharing.md's recipe up to schema 13 granted writes on
/// the marker's whole row. A marker already set back is told in one
/// sentence.
@Suite("The PostgreSQL version marker, safe from writer roles")
struct PostgresMarkerGuardTests {
    private static let marker = "SELECT version, outside_writes, outside_writer, outside_program FROM roster.roster_schema"

    /// A new roster whose writer `alice` has the old recipe's grants.
    private func roster() throws -> (database: String, admin: PostgresConnection) {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        try admin.grantWritingEveryTable(to: "alice")
        return (database, admin)
    }

    private func store(_ database: String, user: String) throws -> PostgresRosterStore {
        try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "tester-a"),
                                     environment: [:])
    }

    /// Runs `sql` as the login role `role`, in psql's name.
    private func write(_ sql: String, as role: String, _ database: String) throws {
        let connection = try PostgresTestServer.shared().connection(as: role, database: database)
        defer { connection.close() }
        try connection.simpleQuery("SET application_name = 'psql'; \(sql)")
    }

    /// Notes the keys checked as a writer's roster does, as `role`.
    private func noteKeysChecked(as role: String, _ database: String) throws {
        let connection = try PostgresTestServer.shared().connection(as: role, database: database)
        defer { connection.close() }
        try connection.query(PostgresRosterStore.noteNameKeysChecked, [String(NameFolding.revision)])
        #expect(try connection.query("SELECT keys_checked = outside_writes FROM roster.roster_schema").firstValue == "t")
    }

    /// Whether `error` is the server refusing a grant; with `guarded`, by the marker's guard.
    private func refused(_ error: any Error, guarded: Bool = true) -> Bool {
        guard case PostgresError.server(let failure) = error, failure.sqlState == .insufficientPrivilege else { return false }
        return failure.message.hasPrefix(PostgresSchema.markerGuardMark) == guarded
    }

    @Test("a writer granted the marker's whole row can neither set its version back, nor move or wind back its count, nor stamp it, nor delete, insert or empty it; the keys it derived it still notes, and its writes are still counted")
    func writerKeptOffTheMarker() throws {
        let (database, admin) = try roster()
        defer { admin.close() }
        try write("UPDATE roster.monster SET weapon = 'smoke' WHERE id = 2", as: "alice", database)
        let stamped = try admin.query(Self.marker).rows
        #expect(stamped.first?[1] == "1" && stamped.first?[2] == "alice", "an outside write is counted and stamped through the guard")

        try admin.simpleQuery("GRANT TRUNCATE ON roster.roster_schema TO alice")
        for forge in [
            "UPDATE roster.roster_schema SET version = 12",
            "UPDATE roster.roster_schema SET outside_writes = outside_writes - 1",
            "UPDATE roster.roster_schema SET outside_writes = outside_writes + 1",
            "UPDATE roster.roster_schema SET outside_writer = 'bob', outside_program = 'roster'",
            "DELETE FROM roster.roster_schema",
            "TRUNCATE roster.roster_schema",
            """
            BEGIN;
            CREATE TEMPORARY TABLE forged AS SELECT * FROM roster.roster_schema;
            UPDATE forged SET outside_writes = outside_writes - 1, outside_writer = 'roster_owner';
            DELETE FROM roster.roster_schema;
            INSERT INTO roster.roster_schema SELECT * FROM forged;
            COMMIT;
            """,
        ] {
            #expect(Comment(rawValue: forge)) { try write(forge, as: "alice", database) } throws: { refused($0) }
            #expect(try admin.query(Self.marker).rows == stamped, Comment(rawValue: forge))
        }

        // What a writer's roster sets, it still may; so does the owner, anything.
        try write("UPDATE roster.roster_schema SET keys_checked = -1, keys_fold = 0", as: "alice", database)
        try write("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1", as: "alice", database)
        let alice = try store(database, user: "alice")
        #expect(try alice.find("Kitty-Bot")?.id == 1)
        try noteKeysChecked(as: "alice", database)
        try admin.simpleQuery("UPDATE roster.roster_schema SET version = version")
    }

    @Test("a writer that changed the roster cannot hide it from an import's undo by winding the count back")
    func rewindDoesNotHideFromUndo() throws {
        let (database, admin) = try roster()
        defer { admin.close() }
        try admin.grantWriting(to: "bob")
        let bob = try store(database, user: "bob")
        let records = try MonsterReader(input: ChunkedInput(bytes: Array(#"[{"id":1,"name":"Cat-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#.utf8),
                                                            name: "r.json"), format: .json, raw: false)
        _ = try bob.importMonsters(from: records, mode: .replace)
        try write("UPDATE roster.monster SET description = 'alice precious note' WHERE id = 1", as: "alice", database)
        #expect(throws: (any Error).self) {
            try write("UPDATE roster.roster_schema SET outside_writes = outside_writes - 1", as: "alice", database)
        }
        #expect(throws: (any Error).self) {
            try write("""
                BEGIN;
                CREATE TEMPORARY TABLE forged AS SELECT * FROM roster.roster_schema;
                UPDATE forged SET outside_writes = outside_writes - 1;
                DELETE FROM roster.roster_schema;
                INSERT INTO roster.roster_schema SELECT * FROM forged;
                COMMIT;
                """, as: "alice", database)
        }
        #expect { try bob.undo(1, dryRun: false) } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("changed since by another program")
        }
        #expect(try admin.query("SELECT description FROM roster.monster WHERE id = 1").firstValue == "alice precious note")
    }

    @Test("with sharing.md's recipe the marker is shut by the grants, and a writer's roster still derives keys, imports and undoes")
    func recipeWriterWorks() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantWriting(to: "bob")
        #expect { try write("UPDATE roster.roster_schema SET version = 12", as: "bob", database) } throws: { refused($0, guarded: false) }
        #expect { try write("DELETE FROM roster.roster_schema", as: "bob", database) } throws: { refused($0, guarded: false) }
        try write("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1", as: "bob", database)
        let bob = try store(database, user: "bob")
        #expect(try bob.find("Kitty-Bot")?.id == 1)
        try noteKeysChecked(as: "bob", database)
        let records = try MonsterReader(input: ChunkedInput(bytes: Array(#"[{"name":"Only-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#.utf8),
                                                            name: "r.json"), format: .json, raw: false)
        #expect(try bob.importMonsters(from: records, mode: .replace) == ImportSummary(added: 1, removed: 6))
        _ = try bob.undo(1, dryRun: false)
        #expect(try bob.count() == 6)
    }

    @Test("a marker already set back (as a writer could up to schema 13) is told in one sentence, the schema left as it is; set right by its owner, the roster opens", arguments: [(12, 13), (1, 13), (3, 13), (13, 14)])
    func markerSetBack(_ marked: Int32, _ next: Int32) throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        let shape = try admin.rosterSchemaShape()
        try admin.query("UPDATE roster.roster_schema SET version = $1", [String(marked)])
        #expect { try store(database, user: "postgres").count() } throws: { error in
            guard case RosterError.serverRefused = error else { return false }
            let sentence = (error as? RosterError)?.description ?? ""
            return sentence.contains("is marked as schema version \(marked), but its schema already holds what version \(next) adds")
                && sentence.contains("SET version = \(next)") && !sentence.contains("SQLSTATE")
        }
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(marked))
        #expect(try admin.rosterSchemaShape() == shape)
        // A writer, which may not upgrade, is told the same rather than going by a version the schema is not at.
        if marked < 13 {
            try admin.grantWriting(to: "bob")
            #expect { try store(database, user: "bob").count() } throws: { error in
                guard case RosterError.serverRefused(let sentence) = error else { return false }
                return sentence.contains("is marked as schema version \(marked), but its schema already holds what version \(next) adds")
            }
        }
        // The owner does as it is told, as often as it is told, and the roster opens as it was.
        var told = next
        for _ in 0..<PostgresSchema.currentVersion {
            try admin.query("UPDATE roster.roster_schema SET version = $1", [String(told)])
            do {
                #expect(try store(database, user: "postgres").count() == 6)
                break
            } catch RosterError.serverRefused(let sentence) {
                let number = sentence.firstMatch(of: /SET version = ([0-9]+)/).flatMap { Int32($0.1) }
                told = try #require(number, Comment(rawValue: sentence))
            }
        }
        #expect(try admin.query("SELECT version FROM roster.roster_schema").firstValue == String(PostgresSchema.currentVersion))
        #expect(try admin.rosterSchemaShape() == shape)
    }

    @Test("the guard's refusal reaches a roster user as a sentence naming the role, not as a reader's")
    func guardRefusalSentence() {
        let failure = ServerError(fields: [UInt8(ascii: "C"): "42501", UInt8(ascii: "M"): PostgresSchema.markerGuardMark + ": x"])
        let settings = ConnectionSettings(host: "/tmp/s", port: 5432, user: "alice", database: "roster")
        let error = PostgresRosterStore.mapped(.server(failure), settings: settings, writing: true)
        guard case .notPermitted(let sentence) = error else { Issue.record("\(error)"); return }
        #expect(sentence.contains("refused to change its version marker for the role `alice`"))
        #expect(sentence.hasSuffix("nothing was changed"))
        #expect(!sentence.contains("may only read"))
    }
}
