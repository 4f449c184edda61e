import Foundation
import Testing

/// `export -o` must never land on the roster's own files, however the
/// path is spelled: the check compares the place the file will have (its
/// folder's inode and its name, once missing folders are made), not the
/// text of the path. `nosuch/../roster.db-wal` once threw away every
/// acknowledged change and the whole history, and `nosuch/../roster.db`
/// turned the database into JSON.
@Suite("export -o through a folder not there yet")
struct ExportOverOwnFilesTests {
    /// Runs roster in the sandbox's folder, with the roster named relatively.
    private func rosterInFolder(_ sandbox: Sandbox, _ arguments: [String]) throws -> RosterRun {
        try sandbox.run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", sandbox.directory.path,
                                    Sandbox.binary.path, "--db", "roster.db"] + arguments)
    }

    @Test("the log, its index and the database itself are refused by a spelling through a missing folder, which is not left behind",
          arguments: [("-wal", "one of the roster database's own files"), ("-shm", "one of the roster database's own files"),
                      ("-journal", "one of the roster database's own files"), ("", "the roster database itself")])
    func refusedThroughMissingFolder(_ suffix: String, _ what: String) throws {
        let sandbox = try Sandbox()
        #expect(try rosterInFolder(sandbox, ["add", "Kept-Bot", "--weapon", "fire"]).status == 0)
        let before = try rosterInFolder(sandbox, ["export"]).stdout
        let target = "nosuch/../roster.db" + suffix
        let run = try rosterInFolder(sandbox, ["export", "-o", target])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("roster: \(target) is \(what)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("nosuch").path),
                "the folder made to find the place is taken away")
        #expect(try rosterInFolder(sandbox, ["export"]).stdout == before, "every change is still there")
        #expect(try sandbox.roster("history", "--format", "json").stdout.contains("Kept-Bot"))
    }

    @Test("a hard link to the roster under another name is the roster itself; a plain new file through a missing folder is written")
    func otherSpellings() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        let link = sandbox.directory.appendingPathComponent("other-name.db").path
        #expect(Foundation.link(sandbox.databasePath, link) == 0)
        let run = try sandbox.roster("export", "-o", link)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: \(link) is the roster database itself"))
        let fine = try rosterInFolder(sandbox, ["export", "-o", "nosuch/../copy.json"])
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("copy.json").path))
    }
}
