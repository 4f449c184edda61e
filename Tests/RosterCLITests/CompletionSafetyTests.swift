import Foundation
import Testing
@testable import RosterCLI

/// Completion asks the roster the command line names, and never inserts
/// a name where it would read as an option.
@Suite("Completion follows --db and keeps option-shaped names names")
struct CompletionSafetyTests {
    let scripts = CompletionScripts(parser: RosterCommandLine.parser)

    /// A folder with the script and a stand-in `roster` on PATH that
    /// answers with one roster for `--db …/other.db` and another otherwise,
    /// the default one holding a name shaped like an option.
    func workspace(_ shell: String) throws -> (directory: URL, script: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("roster.\(shell)")
        try #require(scripts.script(for: shell)).write(to: script, atomically: true, encoding: .utf8)
        let fake = directory.appendingPathComponent("roster")
        try """
            #!/bin/sh
            if [ "$1" = --db ] && [ "$2" = "\(directory.path)/other db.db" ]; then printf '1\\tOther-Bot\\n'; exit; fi
            if [ "$1" = --db ]; then printf '1\\tWrong-Bot\\n'; exit; fi
            printf '1\\tCat-Bot\\n2\\t--db=/tmp/pwned\\n'
            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        return (directory, script)
    }

    func run(_ program: String, _ arguments: [String], path: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["PATH": path.path + ":/usr/bin:/bin", "HOME": path.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("bash completes names from the --db on the line, and option-shaped names only after --")
    func bash() throws {
        let (directory, script) = try workspace("bash")
        defer { try? FileManager.default.removeItem(at: directory) }
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            return try run("/bin/bash", ["-c", """
                source '\(script.path)'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _roster
                printf '%s\\n' "${COMPREPLY[@]}"
                """], path: directory).split(separator: "\n").map(String.init)
        }
        let other = directory.path + "/other db.db"
        #expect(try complete(["roster", "--db", other, "show", ""]) == ["Other-Bot"])
        // bash splits --db=PATH at the = into three words.
        #expect(try complete(["roster", "--db", "=", other, "set-weapon", ""]).contains("Other-Bot"))
        #expect(try complete(["roster", "show", ""]) == ["Cat-Bot"])
        #expect(try complete(["roster", "set-weapon", "-"]).allSatisfy { !$0.hasPrefix("--db=") })
        #expect(try complete(["roster", "show", "--", ""]) == ["Cat-Bot", "--db=/tmp/pwned"])
    }

    @Test("fish completes names from the --db on the line, and option-shaped names only after --")
    func fish() throws {
        let (directory, script) = try workspace("fish")
        defer { try? FileManager.default.removeItem(at: directory) }
        func complete(_ line: String) throws -> [String] {
            try run("/usr/bin/fish", ["-c", "source '\(script.path)'; complete -C \"\(line)\""], path: directory)
                .split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("roster --db '\(directory.path)/other db.db' show ").contains("Other-Bot"))
        #expect(try !complete("roster --db '\(directory.path)/other db.db' show ").contains("Cat-Bot"))
        #expect(try complete("roster show ").contains("Cat-Bot"))
        #expect(try !complete("roster show ").contains("--db=/tmp/pwned"))
        #expect(try complete("roster show -- ").contains("--db=/tmp/pwned"))
    }

    @Test("zsh reads --db from the line and drops option-shaped names before --")
    func zsh() throws {
        let text = try #require(scripts.script(for: "zsh"))
        #expect(text.contains(#"--db) roster_db=${(Q)words[i+1]} ;;"#))
        #expect(text.contains(#"(( ${words[(I)--]} )) || names=(${names:#-*})"#))
        let (directory, script) = try workspace("zsh")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The name function, run as completion runs it: `words` holds the line.
        let names = try run("/usr/bin/zsh", ["-f", "-c", """
            compadd() { print -rl -- ${(P)${@[-1]}}; }
            source '\(script.path)' 2>/dev/null
            roster_db='\(directory.path)/other db.db'; words=(roster show ''); _roster_names
            roster_db=''; words=(roster show ''); _roster_names
            words=(roster show -- ''); _roster_names
            """], path: directory)
        #expect(names.split(separator: "\n") == ["Other-Bot", "Cat-Bot", "Cat-Bot", "--db=/tmp/pwned"], "\(names)")
    }
}
