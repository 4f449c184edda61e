import Foundation
import Testing

/// A roster shared by a group: the file and its folder are writable by
/// every member, but the `-wal` and `-shm` beside it were made by another
/// member's roster, with their umask. A write is refused, and the sentence
/// names the file that forbids it rather than calling the roster or its
/// folder read-only, which would send the user to chmod the wrong file.
@Suite("A roster shared with another user")
struct SharedRosterTests {
    @Test("a write-ahead log another user made is named as what stops the write; reading still works",
          .enabled(if: runsAsRoot, "needs root to make files as one user and write as another (setpriv)"))
    func anotherUsersLog() throws {
        let sandbox = try Sandbox()
        // Root's roster makes the file, its log and its shared memory, 0644.
        #expect(try sandbox.roster("list").status == 0)
        let log = sandbox.databasePath + "-wal"
        #expect(FileManager.default.fileExists(atPath: log), "the test needs the log roster leaves between runs")
        // Before the hand-over: root's SQLite would give the log to the file's owner.
        let before = try sandbox.roster("list", "--format", "ndjson").stdout
        // The roster and its folder are then handed to the other user.
        for path in [sandbox.directory.path, sandbox.databasePath] {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
        }
        func asNobody(_ arguments: [String]) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", sandbox.databasePath] + arguments)
        }
        let write = try asNobody(["set-weapon", "Cat-Bot", "fire"])
        #expect(write.status == 74, "\(write.stderr)")
        #expect(write.stderr.hasSuffix(": its write-ahead log \(log) belongs to root, and this user cannot write it\n"),
                "\(write.stderr)")
        #expect(write.stderr.split(separator: "\n").count == 1)
        let read = try asNobody(["list", "--format", "ndjson"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == before)
    }
}
