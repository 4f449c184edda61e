import Testing
import PostgresWire
@testable import RosterCore

/// A role that may only read asks what several steps of undo or redo
/// would do. Each step depends on the one before (the monster as the
/// earlier step left it, the next change to take), so the steps are made
/// on copies of the tables and rolled back: told, changing nothing.
@Suite("A reader's dry run of several undo or redo steps on PostgreSQL")
struct PostgresReaderRehearsalTests {
    private func store(_ database: String, user: String = "postgres") throws -> PostgresRosterStore {
        let store = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, user: user, applicationName: "tester-a"),
                                                 environment: [:])
        store.undoScope = .everyone
        return store
    }

    private func state(_ admin: PostgresConnection) throws -> [[[String?]]] {
        [try admin.query("SELECT id, name, weapon FROM roster.monster ORDER BY id").rows,
         try admin.query("SELECT id, undone FROM roster.history ORDER BY id").rows,
         try admin.query("SELECT last_id FROM roster.history_counter").rows]
    }

    @Test("undo --dry-run 3 and redo --dry-run 2 by a reader: each step told as the one before left things, nothing changed")
    func severalSteps() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.grantReading(to: "reader")
        let owner = try store(database)
        _ = try owner.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try owner.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)])
        _ = try owner.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let reader = try store(database, user: "reader")
        let before = try state(admin)

        let undo = try reader.undo(4, dryRun: true)
        #expect(undo.sentences == [
            "would undo set-weapon Dog-Bot: Blowgun → Fire",
            "would undo set-weapon Cat-Bot: Fire → Smoke",
            "would undo set-weapon Cat-Bot: Sword → Fire",
            "nothing more to undo",
        ], "\(undo.sentences)")
        #expect(try state(admin) == before)

        _ = try owner.undo(2)
        let undone = try state(admin)
        let redo = try reader.redo(2, dryRun: true)
        #expect(redo.steps.count == 2, "\(redo.sentences)")
        #expect(redo.sentences.first?.hasPrefix("would redo set-weapon Cat-Bot: Fire → Smoke") == true, "\(redo.sentences)")
        #expect(redo.sentences.dropFirst().first?.hasPrefix("would redo set-weapon Dog-Bot: Blowgun → Fire") == true, "\(redo.sentences)")
        #expect(try state(admin) == undone)
        // The reader's session is left as it was: no copy outlives the dry run.
        #expect(try reader.connection.query("SELECT count(*) FROM pg_class WHERE relname LIKE 'rehearsal_%' AND relpersistence = 't'").firstValue == "0")
    }
}
