import Foundation
import Testing

/// Two names for one roster file give two write-ahead logs: an
/// acknowledged change was lost, and the other name reported "damaged".
/// roster reads such a roster but never writes through it.
@Suite("A roster file with several names")
struct HardLinkTests {
    @Test("is written by neither name, and each refusal says why in one sentence")
    func twoNamesForTheFile() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "Kept-Bot", "--weapon", "fire").status == 0)
        let before = try sandbox.roster("export").stdout
        let other = sandbox.directory.appendingPathComponent("other.db").path
        #expect(link(sandbox.databasePath, other) == 0)
        for name in [sandbox.databasePath, other] {
            let write = try sandbox.roster(["--db", name, "set-weapon", "Cat-Bot", "smoke"], useDatabaseOption: false)
            #expect(write.status == 74, "\(write.stderr)")
            #expect(write.stderr.contains("it has 2 names (hard links), and SQLite keeps a separate log for each name"), "\(write.stderr)")
            #expect(write.stderr.split(separator: "\n").count == 1)
        }
        // The name whose log holds the changes reads them; the other name's
        // file alone may not hold the roster yet, and then says why.
        #expect(try sandbox.roster("show", "Kept-Bot").status == 0)
        let read = try sandbox.roster(["--db", other, "show", "Kept-Bot"], useDatabaseOption: false)
        #expect(read.status == 0 || read.stderr.contains("it has 2 names (hard links)"), "\(read.stderr)")
        #expect(unlink(other) == 0)
        #expect(try sandbox.roster("export").stdout == before, "nothing was written, nothing was lost")
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "smoke").status == 0, "one name again: written as before")
    }

    @Test("a write-ahead log with a second name is refused too")
    func linkedLog() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "Kept-Bot", "--weapon", "fire").status == 0)
        let log = sandbox.databasePath + "-wal"
        #expect(link(log, sandbox.directory.appendingPathComponent("elsewhere").path) == 0)
        let write = try sandbox.roster("set-weapon", "Cat-Bot", "smoke")
        #expect(write.status == 74, "\(write.stderr)")
        #expect(write.stderr.contains("its write-ahead log \(log) has 2 names (hard links)"), "\(write.stderr)")
        #expect(try sandbox.roster("show", "Kept-Bot").status == 0)
    }

    @Test("a roster file mounted on its own at a second path (a container's volume of one file) is not written there; its own path is")
    func bindMountedFile() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "Kept-Bot", "--weapon", "fire").status == 0)
        let mounted = sandbox.directory.appendingPathComponent("mounted.db").path
        #expect(FileManager.default.createFile(atPath: mounted, contents: nil))
        // Needs the right to mount (CI runs as root); a run that lacks it fails here, saying so.
        let mount = try Self.run("/usr/bin/mount", ["--bind", sandbox.databasePath, mounted])
        try #require(mount == 0, "mount --bind needs root: this test cannot run")
        defer { _ = try? Self.run("/usr/bin/umount", [mounted]) }
        let write = try sandbox.roster(["--db", mounted, "add", "Lost-Bot", "--weapon", "fire"], useDatabaseOption: false)
        #expect(write.status == 74, "\(write.stderr)")
        #expect(write.stderr.contains("it is mounted on its own at this path"), "\(write.stderr)")
        #expect(write.stderr.contains("mount the folder that holds it instead"), "\(write.stderr)")
        #expect(try sandbox.roster(["--db", mounted, "show", "Kept-Bot"], useDatabaseOption: false).status == 0)
        #expect(try sandbox.roster("add", "Other-Bot", "--weapon", "fire").status == 0, "the file's own path is written")
        #expect(try sandbox.roster("show", "Lost-Bot").status != 0)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
