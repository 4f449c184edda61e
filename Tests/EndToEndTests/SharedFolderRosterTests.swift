import Foundation
import Testing

/// `--db` keeps the kernel's `protected_regular` rule, as `export -o`
/// does: another user's file in a sticky folder anyone may write to
/// (`/tmp`) is read, but never written, even when its mode would allow it.
@Suite("A roster file another user made in a shared folder")
struct SharedFolderRosterTests {
    @Test("is read and previewed, but a change is refused in one sentence and no byte changes",
          .enabled(if: getuid() == 0, "needs root to give files to other users and to switch to an unprivileged one"))
    func anotherUsersRoster() throws {
        let sandbox = try Sandbox()
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
        let shared = sandbox.directory.appendingPathComponent("shared")
        try manager.createDirectory(at: shared, withIntermediateDirectories: false)
        try manager.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        let database = shared.appendingPathComponent("roster.db").path
        #expect(try sandbox.roster(["--db", database, "set-weapon", "Cat-Bot", "fire"], useDatabaseOption: false).status == 0)
        let files = [database, database + "-wal", database + "-shm"]
        // The roster and its log; the log's index (-shm) is every reader's
        // to mark what it reads.
        let data = Array(files.prefix(2))
        // A third user's files, which anyone may write.
        func give(to owner: Int) throws {
            for path in files where manager.fileExists(atPath: path) {
                try manager.setAttributes([.ownerAccountID: owner, .groupOwnerAccountID: owner, .posixPermissions: 0o666],
                                          ofItemAtPath: path)
            }
        }
        try give(to: 1234)
        let before = data.map { manager.contents(atPath: $0) }
        func asNobody(_ arguments: String...) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", database] + arguments)
        }
        let change = try asNobody("set-weapon", "Ice-Bot", "sword")
        #expect(change.status == 74)
        #expect(change.stderr == "roster: cannot open the roster database \(database): it is a file another user made in a shared folder, and roster does not write to it\n")
        let list = try asNobody("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Cat-Bot\tMEE-OW\tmeetcatbot.png\tdefault\tfire"), "\(list.stdout)")
        let preview = try asNobody("set-weapon", "Ice-Bot", "sword", "--dry-run")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stderr.contains("would change Ice-Bot: Fire → Sword"), "\(preview.stderr)")
        // Root is not the file's owner either: the same rule.
        #expect(try sandbox.roster(["--db", database, "edit", "Cat-Bot", "--description", "x"], useDatabaseOption: false).status == 74)
        #expect(data.map { manager.contents(atPath: $0) } == before)

        // The file's own user writes it as ever.
        try give(to: 65534)
        let own = try asNobody("set-weapon", "Ice-Bot", "sword")
        #expect(own.status == 0, "\(own.stderr)")
    }
}
