import Foundation
import Testing
@testable import RosterCore

/// An export must not land on the files SQLite keeps beside the roster.
@Suite("The roster's own files beside it")
struct CompanionFileTests {
    @Test("the log, its index and the journal are the roster's own, there or not, by any name; other files are not")
    func companions() throws {
        let roster = try ImportRoster()
        let path = roster.path
        #expect(roster.store.isCompanionFile(path + "-wal"))
        #expect(roster.store.isCompanionFile(path + "-shm"))
        #expect(roster.store.isCompanionFile(path + "-journal"), "not there in WAL mode, but SQLite would take it for its journal")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        let folder = roster.directory.lastPathComponent
        #expect(roster.store.isCompanionFile(roster.directory.path + "/../" + folder + "/roster.db-wal"), "through another spelling of the folder")
        let link = roster.directory.appendingPathComponent("log-link").path
        #expect(symlink(path + "-wal", link) == 0)
        #expect(roster.store.isCompanionFile(link), "through a link")
        #expect(!roster.store.isCompanionFile(path), "the database itself is export's own check")
        #expect(!roster.store.isCompanionFile(path + "-wal.json"))
        #expect(!roster.store.isCompanionFile(roster.directory.appendingPathComponent("other.db-wal").path))
    }
}
