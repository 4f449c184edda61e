import Foundation
import Testing
@testable import RosterCore

/// Another program takes the roster file away from under an open store:
/// removes it, renames it, or puts another file in its place (a backup
/// restored with `mv`). SQLite in WAL mode would go on writing into the
/// file it has open, which nobody can find any more, and report success.
@Suite("A roster file moved away while open")
struct MovedFileTests {
    private func expectRefused(_ path: String, _ write: () throws -> Void) {
        do {
            try write()
            Issue.record("the write into the moved file succeeded")
        } catch let error as RosterError {
            guard case .readOnly(let refused, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(refused == path)
            #expect(reason == RosterError.fileMovedReason)
            #expect(error.description.hasSuffix("another program moved, removed or replaced it since roster opened it; nothing was changed"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a write after the file was replaced is refused, and the file now at the path keeps its own roster")
    func replaced() throws {
        let roster = try ImportRoster()
        #expect(!roster.store.hasMoved)
        let cat = try #require(try roster.store.find("Cat-Bot"))
        let replacement = roster.directory.appendingPathComponent("restored.db").path
        do {
            let other = try SQLiteRosterStore.open(path: replacement)
            _ = try other.edit(monsterID: cat.id, MonsterChanges(description: "restored"))
            try other.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // SQLite pairs a WAL with whatever file bears its name: a backup
        // put in place is whole in its own file, and the open roster's
        // WAL is empty (else SQLite itself would mix the two files).
        unlink(replacement + "-wal")
        unlink(replacement + "-shm")
        try roster.store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(rename(replacement, roster.path) == 0)
        #expect(roster.store.hasMoved)

        expectRefused(roster.path) { _ = try roster.store.edit(monsterID: cat.id, MonsterChanges(description: "lost")) }
        expectRefused(roster.path) { _ = try roster.importBytes(Array("name,weapon\nNew-Bot,fire\n".utf8), mode: .insert) }

        let now = try SQLiteRosterStore.open(path: roster.path)
        #expect(try now.find("Cat-Bot")?.description == "restored")
        #expect(try now.find("New-Bot") == nil)
        #expect(try now.count() == 6)
    }

    @Test("a write after the file was removed or renamed is refused and makes no file at the path",
          arguments: [false, true])
    func removed(renamed: Bool) throws {
        let roster = try ImportRoster()
        let cat = try #require(try roster.store.find("Cat-Bot"))
        if renamed {
            #expect(rename(roster.path, roster.path + ".old") == 0)
        } else {
            #expect(unlink(roster.path) == 0)
        }
        #expect(roster.store.hasMoved)
        expectRefused(roster.path) { _ = try roster.store.edit(monsterID: cat.id, MonsterChanges(description: "lost")) }
        #expect(!FileManager.default.fileExists(atPath: roster.path))
    }

    @Test("a file left in place is written as before")
    func inPlace() throws {
        let roster = try ImportRoster()
        let cat = try #require(try roster.store.find("Cat-Bot"))
        _ = try roster.store.edit(monsterID: cat.id, MonsterChanges(description: "kept"))
        #expect(!roster.store.hasMoved)
        #expect(try SQLiteRosterStore.open(path: roster.path).find("Cat-Bot")?.description == "kept")
    }
}
