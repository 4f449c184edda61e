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
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
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

    @Test("bash completes a name after an opening quote or an escaped space, and countries by name for --origin")
    func bashQuotedWords() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("add", "Bat Man", "--weapon", "fire")
        let db = sandbox.databasePath
        // The word as bash gives it: with the quote, or the backslash, typed.
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "show", "\"Bat "]) == ["Bat Man"])
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "show", "\"bat"]) == ["Bat Man"])
        #expect(try bashComplete(sandbox, ["roster", "--db", db, "show", #"Bat\ "#]) == [#"Bat\ Man"#])
        #expect(try bashComplete(sandbox, ["roster", "add", "X", "--origin", "jap"]) == ["Japan"])
        #expect(try bashComplete(sandbox, ["roster", "add", "X", "--origin", #"United\ K"#]) == [#"United\ Kingdom"#])
        #expect(try bashComplete(sandbox, ["roster", "edit", "X", "--origin", "no"]).contains("none"))
        #expect(try bashComplete(sandbox, ["roster", "add", "X", "--origin", "JP"]) == ["JP"])
    }

    @Test("H2, L1: bash quotes a planted name as the quote it completes in needs, closed even when the name ends in a quote, so Enter runs nothing from it")
    func bashPlantedNames() throws {
        let sandbox = try Sandbox()
        let names = [#"Boom$(touch P1)-Bot"#, #"Quo'$(touch P2)'te-Bot"#, #"Tick"$(touch P3)"-Bot"#,
                     "Back`touch P4`-Bot", "Bang!-Bot", #"Slash\$(touch P5)-Bot"#,
                     // Ending in a quote: bash's readline does not close a quote after one.
                     #"Bish"; touch P6; ""#, #"Bosh'$(touch P7)'"#, "Bz!"]
        for name in names { _ = try sandbox.roster("add", name, "--weapon", "fire") }
        let db = sandbox.databasePath
        for name in names {
            for quote in ["\"", "'", ""] {
                let offered = try bashComplete(sandbox, ["roster", "--db", db, "show", quote + name.prefix(3)])
                #expect(offered.count == 1, "\(name) after \(quote): \(offered)")
                // Readline puts the one match after the quote and closes it
                // unless the match already ends in the quote's character
                // (complete.c's append_to_match); the shell then reads the
                // word as Enter would.
                let match = offered.first ?? ""
                let word = quote + match + (!quote.isEmpty && match.hasSuffix(quote) ? "" : quote)
                let read = try sandbox.run("/bin/bash", ["-c", "cd '\(sandbox.directory.path)' && printf '%s' \(word)"])
                #expect(read.stdout == name, "\(name) after \(quote) completed as \(word)")
            }
        }
        let planted = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.hasPrefix("P") }
        #expect(planted.isEmpty, "commands in names ran: \(planted)")
    }

    /// What a line reads after one Tab in a real interactive zsh (driven
    /// through zsh's own pseudo-terminal module), with the script roster
    /// writes loaded and the real roster on PATH.
    func zshComplete(_ sandbox: Sandbox, _ line: String) throws -> String {
        let script = sandbox.directory.appendingPathComponent("_roster")
        try sandbox.roster(["completion", "zsh"], useDatabaseOption: false).stdoutBytes.write(to: script)
        let driver = sandbox.directory.appendingPathComponent("drive.zsh")
        try """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1='>' PATH=$2:\\$PATH; autoload -U compinit; compinit -u -D; source $1; setopt nobeep; zstyle ':completion:*' menu no"
            zpty -w z "_show() { print -r -- \\"<<\\$BUFFER>>\\" }; zle -N _show; bindkey '^X' _show"
            zpty -n -w z "$3"$'\\t'
            sleep 2
            zpty -n -w z $'\\x18'
            sleep 0.5
            local out="" chunk
            while zpty -r -t z chunk; do out+=$chunk; done
            print -r -- "${${out##*<<}%%>>*}"
            zpty -d z
            """.write(to: driver, atomically: true, encoding: .utf8)
        let run = try sandbox.run("/usr/bin/zsh", ["-f", driver.path, script.path, Sandbox.binary.deletingLastPathComponent().path, line],
                                  environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test("zsh completes after --db=PATH, matches names ignoring case, offers -Dash after --, --colour, and countries by name")
    func zsh() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.roster("add", "--weapon", "fire", "--", "-Dash")
        let db = sandbox.databasePath
        #expect(try zshComplete(sandbox, "roster --db=\(db) sh") == "roster --db=\(db) show ")
        #expect(try zshComplete(sandbox, "roster --db=\(db) show mini") == "roster --db=\(db) show Mini-Tomato-Bot ")
        #expect(try zshComplete(sandbox, "roster --db \(db) remove -- -Da") == "roster --db \(db) remove -- -Dash ")
        #expect(try zshComplete(sandbox, "roster edit Cat-Bot --colou") == "roster edit Cat-Bot --colour=")
        #expect(try zshComplete(sandbox, "roster add X --origin=jap") == "roster add X --origin=Japan ")
        #expect(try zshComplete(sandbox, "roster add X --origin=United\\ K") == "roster add X --origin=United\\ Kingdom ")
    }

    @Test("fish offers --colour beside --color, and countries by name")
    func fish() throws {
        let sandbox = try Sandbox()
        let script = sandbox.directory.appendingPathComponent("roster.fish")
        try sandbox.roster(["completion", "fish"], useDatabaseOption: false).stdoutBytes.write(to: script)
        let run = try sandbox.run("/usr/bin/fish", ["-c", "source \(script.path); complete -C 'roster edit Cat-Bot --colo'"],
                                  environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path])
        let offered = run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(offered.sorted() == ["--color", "--colour"], "\(run.stdout) \(run.stderr)")
        let countries = try sandbox.run("/usr/bin/fish", ["-c", "source \(script.path); complete -C 'roster edit Cat-Bot --origin United\\ K'"],
                                        environment: ["PATH": Sandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
                                                      "HOME": sandbox.directory.path])
        #expect(countries.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == ["United Kingdom"],
                "\(countries.stdout) \(countries.stderr)")
    }
}
