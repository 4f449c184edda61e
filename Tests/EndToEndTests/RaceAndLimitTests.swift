import Foundation
import Testing
import TestSupport

/// Races between a question and its answer, input without end, and rows
/// with ids below 1, driven through the binary.
@Suite("Races, limits and unusual ids on the command line", .serialized)
struct RaceAndLimitTests {
    @Test("finding 13: remove confirms by id; a rename meanwhile stops the removal, and nothing is removed")
    func removeConfirmedByID() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "remove", "Dog-Bot"],
                                            environment: ["HOME": sandbox.directory.path])
        try #require(program.terminal.waitFor("Remove Dog-Bot? [y/N]"), "\(program.terminal.transcriptText)")
        // Another program renames Dog-Bot and gives its name to Cat-Bot.
        _ = try sandbox.sqlite("""
            UPDATE monster SET name = 'Old-Dog', name_key = 'old-dog' WHERE id = 2;
            UPDATE monster SET name = 'Dog-Bot', name_key = 'dog-bot' WHERE id = 1;
            """)
        program.terminal.type("y\r")
        #expect(program.waitForChange() == .exited(1), "\(program.terminal.transcriptText)")
        #expect(program.terminal.transcriptText.contains("Dog-Bot was changed by another program after you were asked; nothing was removed"),
                "\(program.terminal.transcriptText)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")

        // Unchanged, the confirmed monster is removed.
        let again = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "remove", "Old-Dog"],
                                          environment: ["HOME": sandbox.directory.path])
        try #require(again.terminal.waitFor("Remove Old-Dog? [y/N]"))
        again.terminal.type("y\r")
        #expect(again.waitForChange() == .exited(0), "\(again.terminal.transcriptText)")
        #expect(try sandbox.sqlite("SELECT group_concat(name) FROM monster WHERE id IN (1, 2)") == "Dog-Bot")
    }

    @Test("finding 12: set-weapon --stdin refuses a line past 64 KiB with its line number, without reading on (< /dev/zero)")
    func boundedStandardInput() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.run("/bin/sh", ["-c", "ulimit -v 1048576; exec timeout -s KILL 20 \"$0\" --db \"$1\" set-weapon --stdin < /dev/zero", Sandbox.binary.path, sandbox.databasePath])
        #expect(run.status == 65, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("stdin:1:1: the line is longer than 64 KiB"), "\(run.stderr)")
        let long = "Cat-Bot\tfire\n" + String(repeating: "x", count: 70_000) + "\tsword\n"
        let second = try sandbox.roster(["set-weapon", "--stdin"], stdin: long)
        #expect(second.status == 65)
        #expect(second.stderr.contains("stdin:2:1: the line is longer than 64 KiB"), "\(second.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "sword")
        let help = try sandbox.roster("help", "set-weapon")
        #expect(help.stdout.contains("one line up to 64 KiB"), "\(help.stdout)")
    }

    @Test("finding 4: rows another program stored with ids 0 and below are shown, changed, removed and exported back like any other")
    func idsBelowOne() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.sqlite("""
            INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon)
            VALUES (0, 'Zero', 'zero', '', 'unknown.png', 'default', 'sword'), (-3, 'Minus', 'minus', '', 'unknown.png', 'default', 'smoke')
            """)
        for arguments in [["show", "Zero"], ["show", "0"], ["show", "#-3"], ["set-weapon", "Minus", "fire"], ["edit", "Zero", "--color", "red"]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let export = try sandbox.roster("export")
        #expect(export.status == 0)
        let copy = sandbox.directory.appendingPathComponent("copy.db").path
        let imported = try sandbox.run(Sandbox.binary.path, ["--db", copy, "import", "-", "--mode", "replace"], stdin: export.stdoutBytes)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sandbox.run(Sandbox.binary.path, ["--db", copy, "export"]).stdoutBytes == export.stdoutBytes)
        let remove = try sandbox.roster("remove", "#-3", "Zero", "--yes")
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE id <= 0") == "0")
    }
}
