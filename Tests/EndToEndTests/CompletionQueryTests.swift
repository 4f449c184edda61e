import Foundation
import Testing

/// Pressing Tab runs roster to ask for names: that query reads the roster
/// the line names and never creates or writes a file or a folder.
@Suite("Completion's query creates nothing")
struct CompletionQueryTests {
    /// Completes `words` in bash with the real roster on PATH, run in the
    /// sandbox's folder as a person's shell would be.
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
        return run.stdout.split(separator: "\n").map(String.init)
    }

    func entries(_ sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).sorted()
    }

    @Test("N1: completing names after --db naming a missing roster creates no file or folder, and offers nothing")
    func missingRosterIsNotCreated() throws {
        let sandbox = try Sandbox()
        #expect(try bashComplete(sandbox, ["roster", "--db", "typo.db", "show", ""]).isEmpty)
        #expect(try !bashComplete(sandbox, ["roster", "--db", "$HOME/r.db", "set-weapon", ""]).contains("Cat-Bot"))
        // HOME is the sandbox: without --db the default roster is not made either.
        #expect(try bashComplete(sandbox, ["roster", "show", ""]).isEmpty)
        #expect(try entries(sandbox) == ["completion.bash"])
        let query = try sandbox.roster(["--db", "missing/none.db", "complete-names"], useDatabaseOption: false)
        #expect(query.status == 0 && query.stdout.isEmpty && query.stderr.isEmpty)
        #expect(try entries(sandbox) == ["completion.bash"])
    }

    @Test("N1: completion reads an existing roster's names without writing a byte or adding a WAL file")
    func existingRosterIsOnlyRead() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("list")
        func contents() throws -> [String: Data] {
            var files: [String: Data] = [:]
            // Every reader of a WAL roster marks its place in the -shm
            // index; that memory is not the roster, and is left out.
            for name in try entries(sandbox) where name != "completion.bash" && !name.hasSuffix("-shm") {
                files[name] = try Data(contentsOf: sandbox.directory.appendingPathComponent(name))
            }
            return files
        }
        _ = try bashComplete(sandbox, ["roster", "show", ""])
        let before = try contents()
        let names = try bashComplete(sandbox, ["roster", "--db", "roster.db", "show", "C"])
        #expect(names == ["Cat-Bot"])
        #expect(try contents() == before)
    }

    @Test("N1: zsh and fish ask the same query as bash")
    func everyShellAsksTheSameQuery() throws {
        let sandbox = try Sandbox()
        for shell in ["bash", "zsh", "fish"] {
            let script = try sandbox.roster(["completion", shell], useDatabaseOption: false).stdout
            #expect(script.contains(" complete-names 2>/dev/null"), "\(shell)")
            #expect(!script.contains("list --format plain"), "\(shell)")
        }
    }
}
