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
        #expect(program.terminal.transcriptText.contains("Dog-Bot was not removed: another program changed it after you were asked"),
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

    @Test("finding 11: a batch of 1,000 unknown names against nearly 20,000 monsters (indexed whole) holds no lock while suggesting, and suggests at most 10")
    func suggestionsOutsideTheLock() throws {
        let sandbox = try Sandbox()
        try addBots(sandbox, count: 19_990)
        let batch = (1...1000).map { "Bot-x\($0)q\tfire\n" }.joined()
        let input = sandbox.directory.appendingPathComponent("batch.tsv")
        try Data(batch.utf8).write(to: input)
        let background = Process()
        background.executableURL = Sandbox.binary
        background.arguments = ["--db", sandbox.databasePath, "set-weapon", "--stdin"]
        background.standardInput = try FileHandle(forReadingFrom: input)
        let errors = Pipe()
        background.standardError = errors
        try background.run()
        guard let report = try anotherWriterGetsIn(sandbox, while: background, reporting: errors) else { return }
        #expect(background.terminationStatus == 1, "\(report.suffix(300))")
        let lines = report.split(separator: "\n")
        #expect(lines.filter { $0.contains("no monster is named") }.count == 1000)
        let suggested = lines.filter { $0.contains("did you mean") }.count
        #expect(suggested > 0 && suggested <= 10, "\(suggested) suggestions")
    }

    @Test("finding 11: an import with 10,000 unknown countries (600 KB) holds no lock while suggesting, and suggests at most 10")
    func countrySuggestionsOutsideTheLock() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // The first ones are typos with a country to suggest; the rest
        // are searched in vain, which is what cost the most.
        let typos = ["Frnace", "Germnay", "Itlay", "Spian", "Portgual", "Belgum", "Austira", "Swedn", "Norwya", "Finalnd", "Irelnad", "Polnad"]
        var lines = ""
        for index in 0..<10_000 {
            let origin = index < typos.count ? typos[index] : "Atlantis-Under-The-Sea-\(index)"
            lines += "{\"name\":\"C-\(index)\",\"weapon\":\"sword\",\"origin\":\"\(origin)\"}\n"
        }
        let input = sandbox.directory.appendingPathComponent("countries.ndjson")
        try Data(lines.utf8).write(to: input)
        let background = Process()
        background.executableURL = Sandbox.binary
        background.arguments = ["--db", sandbox.databasePath, "import", input.path]
        let errors = Pipe()
        background.standardError = errors
        try background.run()
        guard let report = try anotherWriterGetsIn(sandbox, while: background, reporting: errors) else { return }
        #expect(background.terminationStatus == 65, "\(report.suffix(300))")
        let reported = report.split(separator: "\n")
        #expect(reported.filter { $0.contains("unknown country") }.count == 10_000)
        let suggested = reported.filter { $0.contains("did you mean") }
        #expect(suggested.count > 0 && suggested.count <= 10, "\(suggested)")
        #expect(suggested.first?.hasSuffix("origin: unknown country `Frnace`; did you mean `France`?") == true, "\(suggested)")
        // The twelfth typo is past the cap: no search was made for it.
        #expect(reported.contains { $0.hasSuffix("unknown country `Polnad`; give a country's name or its ISO 3166 code, such as France or FR") },
                "\(reported.prefix(12))")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }

    /// While `background` (a command that holds the write lock while it
    /// reads its input, then reports problems) runs, another writer gets
    /// its change in, and the background command ends within 120 s: code
    /// that searched for suggestions under the lock held it for minutes
    /// here, and must fail the test, not hang the run. Returns the
    /// background command's stderr, read meanwhile (its problems overfill
    /// a pipe); nil when it had to be killed.
    ///
    /// The other writer starts while the lock is held for the reading,
    /// which takes a debug build several seconds on a loaded machine: past
    /// its busy timeout (5 s) it is told 75, busy, and does what scripts
    /// are told to do then, try again. Each refusal must come after the
    /// whole timeout, never sooner.
    func anotherWriterGetsIn(_ sandbox: Sandbox, while background: Process, reporting errors: Pipe) throws -> String? {
        nonisolated(unsafe) var reportData = Data()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            reportData = errors.fileHandleForReading.readDataToEndOfFile()
        }
        // The other writer starts once the background command is at work
        // on the roster, never after a guessed time.
        #expect(sandbox.waitUntilOpened(by: background), "the background command never opened the roster")
        let deadline = Date().addingTimeInterval(120)
        var other: RosterRun
        repeat {
            let started = Date()
            other = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
            if other.status == 75 {
                #expect(Date().timeIntervalSince(started) >= 5, "the other writer gave up before its busy timeout of 5 s")
            }
        } while other.status == 75 && Date() < deadline
        while background.isRunning && Date() < deadline { usleep(50_000) }
        if background.isRunning {
            kill(background.processIdentifier, SIGKILL)
            background.waitUntilExit()
            Issue.record("the command holding the lock did not finish within 120 s")
            return nil
        }
        background.waitUntilExit()
        reading.wait()
        #expect(other.status == 0, "\(other.stderr)")
        return String(decoding: reportData, as: UTF8.self)
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

    @Test("finding 14: bytes that are not UTF-8, stored by another program, come out as U+FFFD in every format; JSON stays valid and round-trips")
    func invalidUTF8() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // "Cat" 0x9B "Bot": 0x9B alone is an 8-bit CSI to a terminal.
        _ = try sandbox.sqlite("""
            INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon)
            VALUES (7, CAST(X'4361749B426F74' AS TEXT), CAST(X'6361749B626F74' AS TEXT), CAST(X'9B3F32356C' AS TEXT), 'unknown.png', 'default', 'sword')
            """)
        for arguments in [["list", "--format", "plain"], ["list", "--format", "json"], ["list", "--format", "ndjson"],
                          ["list", "--format", "csv"], ["export"], ["export", "--format", "ndjson"], ["export", "--format", "csv"],
                          ["export", "--format", "markdown"], ["export", "--format", "html"], ["show", "7"]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(String(validating: run.stdoutBytes, as: UTF8.self) != nil, "\(arguments) wrote bytes that are not UTF-8")
            #expect(!run.stdoutBytes.contains(0x9B), "\(arguments) wrote the raw byte")
            #expect(run.stdout.contains("Cat\u{FFFD}Bot"), "\(arguments): \(run.stdout)")
        }
        let json = try sandbox.roster("list", "--format", "json")
        #expect((try? JSONSerialization.jsonObject(with: json.stdoutBytes)) != nil, "the JSON is valid")
        // The round trip is defined: what was exported imports back, and exports the same again.
        let export = try sandbox.roster("export")
        let copy = sandbox.directory.appendingPathComponent("copy.db").path
        let imported = try sandbox.run(Sandbox.binary.path, ["--db", copy, "import", "-", "--mode", "replace"], stdin: export.stdoutBytes)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sandbox.run(Sandbox.binary.path, ["--db", copy, "export"]).stdoutBytes == export.stdoutBytes)
        // On a terminal the name shows the replacement character, never the byte.
        let shown = try sandbox.rosterOnTerminal(["list"])
        #expect(shown.output.contains("Cat\u{FFFD}Bot"))
        #expect(!shown.output.unicodeScalars.contains("\u{9B}"))
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
