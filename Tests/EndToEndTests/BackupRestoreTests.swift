import Foundation
import Testing

/// The README's ways of putting a backup back, run as written: each
/// leaves the roster the backup held, whatever the WAL held before.
@Suite("Putting a backup back")
struct BackupRestoreTests {
    @Test("roster export, then import --mode replace, brings the backup back byte for byte, as one change undo takes back")
    func exportAndReplace() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let backup = try sandbox.roster("export").stdoutBytes
        let file = sandbox.directory.appendingPathComponent("backup.json")
        try backup.write(to: file)
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "smoke")
        _ = try sandbox.roster("remove", "Dog-Bot", "--yes")
        let later = try sandbox.roster("export").stdoutBytes
        #expect(try sandbox.roster("import", file.path, "--mode", "replace").status == 0)
        #expect(try sandbox.roster("export").stdoutBytes == backup)
        #expect(try sandbox.roster("undo").status == 0)
        #expect(try sandbox.roster("export").stdoutBytes == later)
    }

    @Test("sqlite3 .restore of a .backup copy writes through SQLite, over a roster whose WAL holds later changes")
    func sqliteRestore() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let copy = sandbox.directory.appendingPathComponent("copy.db").path
        _ = try sandbox.sqlite(".backup '\(copy)'")
        let backup = try sandbox.roster("export").stdoutBytes
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "smoke")
        // The later change is in the WAL, which stays beside the file.
        #expect(FileManager.default.fileExists(atPath: sandbox.databasePath + "-wal"))
        _ = try sandbox.sqlite(".restore '\(copy)'")
        let list = try sandbox.roster("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try sandbox.roster("export").stdoutBytes == backup)
    }
}
