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
}
