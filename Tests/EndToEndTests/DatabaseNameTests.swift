import Foundation
import Testing

/// `--db` and `ROSTER_DB` are always paths. SQLite reads some names as
/// something else: `:memory:` acknowledged writes that vanished at exit,
/// `file:x.db?nolock=1` turned off locking (three writers made a
/// malformed file), `vfs=` and `immutable=1` were honoured.
@Suite("A roster named like one of SQLite's special names")
struct DatabaseNameTests {
    private func rosterInFolder(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> RosterRun {
        let run = try sandbox.run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", sandbox.directory.path,
                                              Sandbox.binary.path] + arguments, environment: environment)
        return run
    }

    @Test("is a file of that name in the current folder, and what was written there stays",
          arguments: [":memory:", "file:x.db?nolock=1", "file:x.db?immutable=1", "file:x.db?vfs=unix-none", "file::memory:?cache=shared"])
    func specialNames(_ name: String) throws {
        let sandbox = try Sandbox()
        let add = try rosterInFolder(sandbox, ["--db", name, "add", "Kept-Bot", "--weapon", "fire"])
        #expect(add.status == 0, "\(add.stderr)")
        let file = sandbox.directory.appendingPathComponent(name).path
        #expect(FileManager.default.fileExists(atPath: file), "the roster is the file named \(name)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("x.db").path))
        let show = try rosterInFolder(sandbox, ["show", "Kept-Bot"], environment: ["ROSTER_DB": name])
        #expect(show.status == 0, "ROSTER_DB names the same file: \(show.stderr)")
        #expect(try sandbox.sqlite("SELECT name FROM monster WHERE name = 'Kept-Bot'", path: file) == "Kept-Bot")
    }
}
