import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Another program removes the roster file, or puts another in its place,
/// while the interactive roster has it open: the session ends with the
/// reason, rather than show a roster nobody has and save into it.
@Suite("The interactive roster when its file is moved away")
struct MovedFileSessionTests {
    private func expectEnded(_ roster: RosterScreenHarness) {
        guard case .readOnly(let path, let reason) = roster.interface.fatalError else {
            Issue.record("the session goes on: \(String(describing: roster.interface.fatalError))")
            return
        }
        #expect(path == roster.path)
        #expect(reason == RosterSessionController.fileMovedReason)
    }

    /// Puts a roster whose Cat-Bot carries smoke where the session's file was.
    private func restoreBackup(over roster: RosterScreenHarness) throws {
        let backup = roster.directory.appendingPathComponent("backup.db").path
        do {
            let other = try SQLiteRosterStore.open(path: backup)
            let cat = try #require(try other.find("Cat-Bot"))
            _ = try other.edit(monsterID: cat.id, MonsterChanges(weapon: .smoke))
            try other.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // SQLite pairs a WAL with whatever file bears its name: the backup
        // is whole in its own file, and the session's WAL is empty (else
        // SQLite itself would mix the two files).
        unlink(backup + "-wal")
        unlink(backup + "-shm")
        try roster.store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(rename(backup, roster.path) == 0)
    }

    @Test("the next poll after a backup is put in place ends the session, and the backup is untouched")
    func replacedThenPolled() throws {
        let roster = try RosterScreenHarness()
        try restoreBackup(over: roster)
        roster.interface.poll()
        expectEnded(roster)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke)
    }

    @Test("a weapon chosen before the poll noticed is not saved into the old file: the session ends")
    func replacedThenChosen() throws {
        let roster = try RosterScreenHarness()
        try restoreBackup(over: roster)
        roster.type("w3")
        expectEnded(roster)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke, "the backup keeps its own weapon")
    }

    @Test("the file removed: the poll ends the session and no file is made again")
    func removed() throws {
        let roster = try RosterScreenHarness()
        #expect(unlink(roster.path) == 0)
        roster.interface.poll()
        expectEnded(roster)
        #expect(!FileManager.default.fileExists(atPath: roster.path))
    }

    @Test("a file left in place: polls go on")
    func inPlace() throws {
        let roster = try RosterScreenHarness()
        roster.interface.poll()
        roster.type("w3")
        if let error = roster.interface.fatalError { Issue.record("the session ended: \(error)") }
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
    }
}
