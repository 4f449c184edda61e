import Foundation
import Testing

/// A umask that takes the owner's own permissions would make a roster
/// nobody but root can read: roster says so instead of making it.
@Suite("A new roster under a umask that leaves its owner no access")
struct UmaskTests {
    @Test("is refused in one sentence, and neither the file nor its folders are made", arguments: ["0777", "0377", "0277"])
    func refused(_ mask: String) throws {
        let sandbox = try Sandbox()
        let database = sandbox.directory.appendingPathComponent("new/folder/roster.db").path
        let run = try sandbox.run("/bin/sh", ["-c", "umask \(mask) && exec \"$0\" --db \"$1\" list", Sandbox.binary.path, database])
        #expect(run.status == 74)
        #expect(run.stderr == "roster: cannot open the roster database \(database): it does not exist yet, and the umask \(mask) would create it without its owner's read and write permission; set a umask such as 022 or 077 first\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("new").path))
    }

    @Test("a umask that keeps the owner's permissions makes the roster as before, private with 077")
    func privateUmask() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", "umask 077 && exec \"$0\" --db \"$1\" list", Sandbox.binary.path, sandbox.databasePath])
        #expect(run.status == 0, "\(run.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: sandbox.databasePath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a new roster, its log and its index are 0666 less the umask, as any new file is", arguments: [("002", 0o664), ("022", 0o644)])
    func modeOfNewFiles(_ mask: String, _ mode: Int) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", "umask \(mask) && exec \"$0\" --db \"$1\" set-weapon Cat-Bot fire",
                                              Sandbox.binary.path, sandbox.databasePath])
        #expect(run.status == 0, "\(run.stderr)")
        for suffix in ["", "-wal", "-shm"] {
            let found = try FileManager.default.attributesOfItem(atPath: sandbox.databasePath + suffix)[.posixPermissions] as? Int
            #expect(found == mode, "roster.db\(suffix)")
        }
    }

    /// The README's recipe: a folder of the team's group with the set-group-id
    /// bit, and the roster made there under umask 002.
    @Test("the README's group-shared roster works: another member of the group writes it",
          .enabled(if: runsAsRoot, "needs root to act as two users (setpriv)"))
    func groupSharedRoster() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.directory.appendingPathComponent("team").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chown(folder, 0, 65534) == 0 && chmod(folder, 0o2775) == 0)
        #expect(chmod(sandbox.directory.path, 0o755) == 0)
        let database = folder + "/roster.db"
        func asMember(_ uid: Int, _ arguments: [String]) throws -> RosterRun {
            try sandbox.run("/bin/sh", ["-c", "umask 022 && exec /usr/bin/setpriv --reuid=\(uid) --regid=\(uid) --groups=65534 \"$@\"",
                                        "sh", Sandbox.binary.path, "--db", database] + arguments)
        }
        let made = try sandbox.run("/bin/sh", ["-c", "umask 002 && exec /usr/bin/setpriv --reuid=4241 --regid=4241 --groups=65534 \"$@\"",
                                               "sh", Sandbox.binary.path, "--db", database, "set-weapon", "Cat-Bot", "fire"])
        #expect(made.status == 0, "\(made.stderr)")
        let other = try asMember(4242, ["set-weapon", "Dog-Bot", "smoke"])
        #expect(other.status == 0, "\(other.stderr)")
        let shown = try asMember(4241, ["show", "Dog-Bot", "--format", "json"])
        #expect(shown.stdout.contains("\"weapon\":\"smoke\""), "\(shown.stdout)")
    }
}
