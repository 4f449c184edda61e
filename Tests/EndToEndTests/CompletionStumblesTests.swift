import Foundation
import Testing

/// Completion where it let people down, tried in bash itself with the
/// script roster writes and the real roster on PATH: names match ignoring
/// case, a name starting with `-` is offered after `--`, and an option's
/// other spelling (`--colour`) is offered as the first is.
@Suite("Completion stumbles")
struct CompletionStumblesTests {
    /// What bash offers for the last of `words`, as Tab would.
    func bashComplete(_ sandbox: Sandbox, _ words: [String]) throws -> [String] {
        let script = sandbox.directory.appendingPathComponent("completion.bash")
        try sandbox.roster(["completion", "bash"], useDatabaseOption: false).stdoutBytes.write(to: script)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try sandbox.run("/bin/bash", ["-c", """
            cd '\(sandbox.directory.path)' && source completion.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _roster
            printf '%s\\n' "${COMPREPLY[@]}"
            """], environment: ["PATH": Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash matches names ignoring case, offers -Dash after --, and offers --colour")
    func bash() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.roster("add", "--weapon", "fire", "--", "-Dash")
        let db = sandbox.databasePath
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "show", "cat"]) == ["Cat-Bot"])
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "remove", "--", "-D"]) == ["-Dash"])
        // Before --, a word starting with - is an option.
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "remove", "-D"]).allSatisfy { $0.hasPrefix("--") })
        #expect(try bashComplete(sandbox, ["roster", "edit", "--col"]).sorted() == ["--color", "--colour"])
        #expect(try bashComplete(sandbox, ["roster", "edit", "Cat-Bot", "--colour", ""]).contains("red"))
        // The roster's own SQLite files are not offered to import.
        FileManager.default.createFile(atPath: sandbox.directory.appendingPathComponent("roster.db-wal").path, contents: Data())
        FileManager.default.createFile(atPath: sandbox.directory.appendingPathComponent("roster.db-shm").path, contents: Data())
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "import", "roster.d"]) == ["roster.db"])
    }
}
