import Foundation
import Testing
@testable import RosterCLI

@Suite("Parsing command lines from declarations")
struct ArgumentParserTests {
    let parser = RosterCommandLine.parser

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test("options may come before or after the command, with = or a space")
    func optionPlacement() throws {
        let early = try parser.parse(["--db", "/x.db", "list", "--format=json"])
        #expect(early.command?.name == "list")
        #expect(early[RosterCommandLine.database] == "/x.db")
        #expect(early[ReadingCommands.listFormat] == .json)
        let late = try parser.parse(["list", "-f", "csv", "--db=/y.db"])
        #expect(late[ReadingCommands.listFormat] == .csv)
        #expect(late[RosterCommandLine.database] == "/y.db")
    }

    @Test("-- ends options, so a name may start with a dash")
    func doubleDash() throws {
        let parsed = try parser.parse(["set-weapon", "--", "-Bot", "sword"])
        #expect(parsed.positionals == ["-Bot", "sword"])
    }

    @Test("short flags bundle")
    func bundledFlags() throws {
        let parsed = try parser.parse(["remove", "Cat-Bot", "-yn"])
        #expect(parsed[WritingCommands.removeWithoutAsking] && parsed[CommonOptions.dryRun])
    }

    @Test("set-weapon splits its names from its weapon")
    func namesAndWeapon() throws {
        let parsed = try parser.parse(["set-weapon", "Cat-Bot", "Dog-Bot", "ninja star"])
        #expect(parsed.leadingAndLast?.leading == ["Cat-Bot", "Dog-Bot"])
        #expect(parsed.leadingAndLast?.last == "ninja star")
    }

    @Test("mistakes get suggestions, never a guess", arguments: [
        (["lst"], "unknown command `lst`; did you mean `list`?"),
        // A prefix of one command only is that command, though another is nearer in spelling.
        (["hist"], "unknown command `hist`; did you mean `history`?"),
        (["list", "--wepon", "sword"], "unknown option --wepon for `list`; did you mean `--weapon`?"),
        (["list", "--format", "jsn"], "did you mean `json`?"),
        (["set-weapon", "Cat-Bot"], "missing WEAPON"),
        (["set-weapon"], "missing NAME"),
        (["show"], "missing NAME"),
        (["show", "a", "b"], "unexpected argument `b`"),
        (["add", "X"], "`add` needs --weapon W"),
        (["list", "--format"], "--format needs a value"),
        (["list", "--dry-run"], "unknown option --dry-run for `list`"),
        (["list", "--format", "json", "--format", "csv"], "--format is given more than once"),
        (["set-weapon", "--stdin", "Cat-Bot", "fire"], "takes its input from stdin"),
    ])
    func mistakes(_ arguments: [String], _ expected: String) throws {
        let error = try #require(usageError(arguments))
        #expect(error.message.contains(expected), "\(error.message)")
    }

    @Test("a missing option is told with every value that cannot be read, all at once")
    func missingWithBadValues() throws {
        let error = try #require(usageError(["add", "X-Bot", "--colour", "", "--height", "99ft"]))
        #expect(error.message == "`add` needs --weapon W")
        #expect(error.otherMessages.contains { $0.contains("--colour is empty") }, "\(error.otherMessages)")
        #expect(error.otherMessages.contains { $0.contains("`99ft` is taller than a height can be") }, "\(error.otherMessages)")
    }

    @Test("--help works even when arguments are missing")
    func helpBeatsMissingArguments() throws {
        let parsed = try parser.parse(["set-weapon", "--help"])
        #expect(parsed[GlobalOptions.help])
    }

    @Test("usage lines and help pages come from the declarations")
    func help() throws {
        let formatter = HelpFormatter(parser: parser)
        let add = try #require(parser.command(named: "add"))
        #expect(formatter.usageLines(for: add) ==
                ["roster add NAME --weapon W [--description D] [--icon ASSET] [--color C] [--height H] [--origin COUNTRY] [--activated WHEN] [--dry-run] [--db PATH]"])
        let page = formatter.page(for: add)
        for option in add.options {
            #expect(page.contains("--\(option.long)"), "help for add lacks --\(option.long)")
        }
        let overview = formatter.overview(version: "test")
        for command in parser.commands where !command.isHidden {
            #expect(overview.contains(command.name))
        }
    }

    @Test("each command is listed under the name its declaration gives, so building only the one that runs finds the right one")
    func entriesMatchDeclarations() {
        for entry in parser.entries {
            let declaration = parser.command(named: entry.name)
            #expect(declaration?.name == entry.name)
            #expect(declaration?.isHidden == entry.isHidden)
        }
        #expect(Set(parser.entries.map(\.name)).count == parser.entries.count)
    }

    @Test("lists worked out on demand still reach the completion scripts")
    func deferredCompletions() throws {
        let add = try #require(parser.command(named: "add"))
        let icon = try #require(add.option(named: "icon"))
        guard case .fixed(let pictures) = icon.completion.offer(commands: []) else {
            Issue.record("--icon completes \(icon.completion.offer(commands: []))")
            return
        }
        #expect(pictures.contains("meetcatbot.png"))
        // Countries' names hold spaces: roster is asked for them, names and codes.
        let origin = try #require(add.option(named: "origin"))
        #expect(origin.completion.offer(commands: []) == .output(CompletionQuery(name: "countries", arguments: "complete-countries")))
        let script = CompletionScripts(parser: parser).script(for: "bash") ?? ""
        #expect(script.contains("meetcatbot.png") && script.contains("complete-countries; echo none"))
    }

    @Test("every exit status is documented")
    func exitCodes() {
        let page = HelpCommands.exitCodesPage()
        for status in ExitStatus.allCases {
            #expect(page.contains(" \(status.rawValue)  "))
        }
    }
}

@Suite("Shell completion scripts")
struct CompletionTests {
    let scripts = CompletionScripts(parser: RosterCommandLine.parser)

    @Test("every shell's script names every command and option")
    func coverage() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try #require(scripts.script(for: shell))
            for command in RosterCommandLine.parser.commands where !command.isHidden {
                #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
                for option in command.options {
                    #expect(script.contains(option.long), "\(shell) lacks --\(option.long)")
                }
            }
        }
        #expect(scripts.script(for: "tcsh") == nil)
    }

    @Test("the bash script is valid bash and completes commands, weapons and names")
    func bashCompletes() throws {
        let script = try #require(scripts.script(for: "bash"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("roster.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        // A stand-in `roster` on PATH answers the live name lookup.
        let fake = directory.appendingPathComponent("roster")
        try "#!/bin/sh\nprintf '1\\tCat-Bot\\n2\\tMini Tomato\\n'\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
                source '\(file.path)'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _roster
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", program]
            process.environment = ["PATH": directory.path + ":/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["roster", "se"]) == ["set-weapon"])
        #expect(try complete(["roster", "list", "--weapon", "s"]) == ["sword", "smoke"])
        #expect(try complete(["roster", "show", "Mi"]) == ["Mini\\ Tomato"])
        #expect(try complete(["roster", "set-weapon", "Cat-Bot", "fi"]) == ["fire"])
        #expect(try complete(["roster", "list", "--fo"]) == ["--format"])
        #expect(try complete(["roster", "list", "--so"]) == ["--sort"])
    }

    @Test("the zsh script is valid zsh, and the fish script valid fish that completes")
    func zshAndFish() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let zsh = directory.appendingPathComponent("_roster")
        try #require(scripts.script(for: "zsh")).write(to: zsh, atomically: true, encoding: .utf8)
        let zshCheck = try run("/usr/bin/zsh", ["-n", zsh.path])
        #expect(zshCheck.0 == 0, "\(zshCheck.1)")
        // Both ways of loading it register the completion: from $fpath, and sourced.
        let loaded = try run("/usr/bin/zsh", ["-f", "-c", """
            fpath=(\(directory.path) $fpath); autoload -U compinit; compinit -u -D; print -r -- "fpath:$_comps[roster]"
            """])
        #expect(loaded.1 == "fpath:_roster\n", "\(loaded.1)")
        let sourced = try run("/usr/bin/zsh", ["-f", "-c", """
            autoload -U compinit; compinit -u -D; source \(zsh.path); print -r -- "sourced:$_comps[roster]"
            """])
        #expect(sourced.1 == "sourced:_roster\n", "\(sourced.1)")
        // `set-weapon NAME… WEAPON`: every word may be a name or the weapon.
        let zshText = try #require(scripts.script(for: "zsh"))
        #expect(zshText.contains("'*:name or weapon:{_roster_names; compadd -- blowgun ninja-star fire sword smoke}'"))
        let fish = directory.appendingPathComponent("roster.fish")
        try #require(scripts.script(for: "fish")).write(to: fish, atomically: true, encoding: .utf8)
        let fishCheck = try run("/usr/bin/fish", ["-n", fish.path])
        #expect(fishCheck.0 == 0, "\(fishCheck.1)")
        let completed = try run("/usr/bin/fish", ["-c", "source \(fish.path); complete -C 'roster set-w'; complete -C 'roster list --weapon sw'"])
        #expect(completed.1.contains("set-weapon\tgive one or more monsters a weapon"))
        #expect(completed.1.contains("sword"))
        #expect(!completed.1.contains("invalid option combination"), "\(completed.1)")
        // A file option offers files.
        try "".write(to: directory.appendingPathComponent("roster-export.json"), atomically: true, encoding: .utf8)
        let files = try run("/usr/bin/fish", ["-c", "cd \(directory.path); source \(fish.path); complete -C 'roster export -o roster-e'"])
        #expect(files.1.contains("roster-export.json"), "\(files.1)")
        #expect(!files.1.contains("invalid option combination"), "\(files.1)")
    }
}

@Suite("The default command")
struct DefaultCommandTests {
    static let parser = RosterCommandLine.parser

    @Test("browse's options are understood without the command, and name it")
    func optionsNameIt() throws {
        #expect(try Self.parser.parse(["--no-animation"]).command?.name == "browse")
        #expect(try Self.parser.parse(["--db", "x.db"]).command == nil)
        #expect(try Self.parser.parse([]).command == nil)
        #expect(Self.parser.defaultCommand?.name == "browse")
    }

    @Test("browse's option before another command is refused, naming its command")
    func strayOption() {
        #expect(throws: UsageError.self) { try Self.parser.parse(["--no-animation", "list"]) }
        do {
            _ = try Self.parser.parse(["--no-animation", "list"])
        } catch {
            #expect(error.message == "--no-animation belongs to `browse`, not `list`")
        }
    }
}
