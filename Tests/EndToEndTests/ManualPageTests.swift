import Foundation
import Testing

/// roster(1) as `man` shows it: well-formed, and saying what `--help` and
/// `help exit-codes` say, since both come from the command declarations.
@Suite("The manual page")
struct ManualPageTests {
    let sandbox: Sandbox
    let pagePath: String

    init() throws {
        sandbox = try Sandbox()
        pagePath = sandbox.directory.appendingPathComponent("roster.1").path
        let run = try sandbox.roster(["manual-page"], environment: ["SOURCE_DATE_EPOCH": "1764547200"])
        try #require(run.status == 0, "\(run.stderr)")
        try run.stdoutBytes.write(to: URL(fileURLWithPath: pagePath))
    }

    /// The page as `man -l` renders it, lines too wide to wrap.
    func rendered() throws -> String {
        let run = try sandbox.run("/usr/bin/man", ["-l", pagePath], environment: ["MANWIDTH": "2000", "MANPAGER": "cat"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// Rendered text from the line `start` up to the next line with at most
    /// `indent` spaces before its first word.
    func section(_ text: String, from start: String, indent: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: start) else { return nil }
        let rest = lines[(first + 1)...]
        let end = rest.firstIndex { line in
            let spaces = line.prefix { $0 == " " }.count
            return !line.isEmpty && spaces <= indent
        } ?? lines.endIndex
        return lines[first..<end].joined(separator: "\n")
    }

    func squeezed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("man renders it, and groff and mandoc find nothing to warn about")
    func wellFormed() throws {
        let page = try rendered()
        #expect(page.hasPrefix("ROSTER(1)"))
        #expect(page.contains("2025-12-01"), "the date does not follow SOURCE_DATE_EPOCH")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(page.contains("\n\(heading)\n"), "no \(heading) section")
        }
        let groff = try sandbox.run("/usr/bin/groff", ["-man", "-ww", "-z", pagePath])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "groff: \(groff.stderr)")
        let mandoc = try sandbox.run("/usr/bin/mandoc", ["-Tlint", pagePath])
        #expect(mandoc.stdout.isEmpty && mandoc.stderr.isEmpty, "mandoc: \(mandoc.stdout)\(mandoc.stderr)")
    }

    @Test("KEYS lists the interactive roster's keys by the part of the screen that has them")
    func keys() throws {
        let page = try rendered()
        let keys = try #require(section(page, from: "KEYS", indent: 0))
        for part in ["Monster list", "Details", "Weapon panel", "Activated", "Everywhere"] {
            #expect(keys.contains("\n   \(part)\n"), "no part \(part) in KEYS")
        }
        #expect(squeezed(keys).contains("Ctrl-Z suspend to the shell"))
        #expect(squeezed(keys).contains("1–5 choose"))
    }

    @Test("man never hyphenates an identifier, at any width", arguments: [40, 60, 80])
    func identifiersWhole(width: Int) throws {
        let run = try sandbox.run("/usr/bin/man", ["-l", pagePath], environment: ["MANWIDTH": "\(width)", "MANPAGER": "cat"])
        #expect(run.status == 0, "\(run.stderr)")
        // groff hyphenates with U+2010 at a line's end; an identifier broken so reads `ROSTER_AC‐`.
        let broken = run.stdout.split(separator: "\n").filter { line in
            guard line.hasSuffix("\u{2010}"), let last = line.split(separator: " ").last else { return false }
            let fragment = last.dropLast().drop { $0 == "(" }
            return fragment.contains { !$0.isLetter } || fragment.filter(\.isUppercase).count >= 2
        }
        #expect(broken.isEmpty, "\(broken)")
        #expect(squeezed(run.stdout).contains("ROSTER_ACCESSIBLE"))
    }

    @Test("ENVIRONMENT and FILES name what roster reads: ROSTER_ACCESSIBLE, XDG_CONFIG_HOME, VISUAL and EDITOR, config.toml")
    func environmentAndFiles() throws {
        let page = try rendered()
        let environment = try #require(section(page, from: "ENVIRONMENT", indent: 0), "\(page)")
        for variable in ["ROSTER_ACCESSIBLE", "XDG_CONFIG_HOME", "VISUAL, EDITOR", "ROSTER_DB", "ROSTER_COLUMNS"] {
            let tags = environment.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            #expect(tags.contains(variable), "\(variable) in ENVIRONMENT: \(environment)")
        }
        let files = try #require(section(page, from: "FILES", indent: 0), "\(page)")
        #expect(files.contains("~/.config/roster/config.toml"), "\(files)")
        #expect(squeezed(files).contains("roster help config lists every key"), "\(files)")
        // Marked unbreakable in the source, as the page's other identifiers are.
        let source = try String(contentsOfFile: pagePath, encoding: .utf8)
        for identifier in ["\\%ROSTER_ACCESSIBLE", "\\%XDG_CONFIG_HOME", "\\%~/.config/roster/config.toml", "\\%VISUAL,"] {
            #expect(source.contains(identifier), "\(identifier)")
        }
    }

    @Test("every command, argument and option that --help lists is in the manual, under its command")
    func sameAsHelp() throws {
        let page = try rendered()
        let overview = try sandbox.roster("help").stdout
        let commandLines = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        // A command's line starts two columns in; an abstract too long for
        // the line goes on under itself.
        let commands = commandLines.split(separator: "\n").filter { !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 12, "\(commands)")
        let globalOptions = try #require(section(page, from: "OPTIONS", indent: 0))
        for option in ["--db PATH", "-h, --help", "--version", "--no-animation"] {
            #expect(hasEntry(option, in: globalOptions), "OPTIONS lacks \(option)")
        }
        for command in commands {
            let manual = try #require(section(page, from: "   \(command)", indent: 3), "no section for \(command)")
            let help = try sandbox.roster("help", command).stdout
            // Usage lines, arguments and options, as help prints them.
            let usage = help.components(separatedBy: "Usage:\n")[1].components(separatedBy: "\n\n")[0]
            for line in usage.split(separator: "\n") {
                #expect(squeezed(manual).contains(squeezed(String(line))), "\(command): usage \(line)")
            }
            for argument in block("Arguments", of: help) {
                #expect(hasEntry(argument, in: manual), "\(command): argument \(argument)")
            }
            for option in block("Options", of: help) {
                let inManual = hasEntry(option, in: manual) || hasEntry(option, in: globalOptions)
                #expect(inManual, "\(command): option \(option)")
            }
        }
    }

    @Test("roster --help, roster help, the manual page and the completions list the same commands and options")
    func sameTopLevel() throws {
        let page = try rendered()
        let overview = try sandbox.roster("--help").stdout
        #expect(try sandbox.roster("help").stdout == overview)
        let commandLines = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        // A command's line starts two columns in; an abstract too long for
        // the line goes on under itself.
        let commands = commandLines.split(separator: "\n").filter { !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("manual-page"), "roster help does not list manual-page")
        // The manual's COMMANDS: one entry three spaces in per command.
        let manualCommands = try #require(section(page, from: "COMMANDS", indent: 0)).split(separator: "\n")
            .filter { $0.hasPrefix("   ") && !$0.hasPrefix("    ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(manualCommands == commands)
        // The manual's OPTIONS and the overview's, label for label.
        let helpOptions = block("Options", of: overview)
        let manualOptions = try #require(section(page, from: "OPTIONS", indent: 0)).split(separator: "\n")
            .filter { $0.hasPrefix("       -") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(helpOptions == manualOptions, "--help: \(helpOptions)\nmanual: \(manualOptions)")
        for option in ["--plain", "--no-animation", "--db PATH", "--version"] {
            #expect(helpOptions.contains(option), "roster --help lacks \(option)")
        }
        let longOptions = Set(helpOptions.compactMap { $0.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init) })
        // What bash and fish offer after `roster ` and `roster --`.
        let script = sandbox.directory.appendingPathComponent("roster.bash")
        try sandbox.roster(["completion", "bash"]).stdoutBytes.write(to: script)
        func bash(_ words: [String]) throws -> Set<String> {
            let run = try sandbox.run("/bin/bash", ["-c", """
                source '\(script.path)'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                _roster
                printf '%s\\n' "${COMPREPLY[@]}"
                """])
            return Set(run.stdout.split(separator: "\n").map(String.init))
        }
        #expect(try bash(["roster", ""]) == Set(commands))
        #expect(try bash(["roster", "--"]) == longOptions)
        let fishScript = sandbox.directory.appendingPathComponent("roster.fish")
        try sandbox.roster(["completion", "fish"]).stdoutBytes.write(to: fishScript)
        func fish(_ line: String) throws -> Set<String> {
            let run = try sandbox.run("/usr/bin/fish", ["--no-config", "-c", "source '\(fishScript.path)'; complete -C '\(line)'"])
            return Set(run.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) })
        }
        #expect(try fish("roster ") == Set(commands))
        #expect(try fish("roster --") == longOptions)
    }

    /// The labels of a help block (`Arguments:`, `Options:`), as help
    /// prints them: `FILE`, `NAME…`, `-f, --format FORMAT`, `--raw`.
    func block(_ name: String, of help: String) -> [String] {
        guard help.contains("\(name):\n") else { return [] }
        let body = help.components(separatedBy: "\(name):\n")[1].components(separatedBy: "\n\n")[0]
        return body.split(separator: "\n").compactMap { line -> String? in
            let indent = line.prefix { $0 == " " }.count
            let label = line.dropFirst(indent).components(separatedBy: "  ")[0]
            // An entry starts two spaces in (six for an option without a
            // short form); deeper lines continue the help of the entry above.
            return indent == 2 || (indent == 6 && label.hasPrefix("--")) ? label : nil
        }
    }

    /// Whether `text` has an entry (a line of its own, or the start of
    /// one) labelled `label`, as man shows a tagged paragraph.
    func hasEntry(_ label: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix(label) }
    }

    @Test("every exit status `help exit-codes` lists is in EXIT STATUS, with the same meaning")
    func sameExitStatuses() throws {
        let page = try rendered()
        let statuses = try #require(section(page, from: "EXIT STATUS", indent: 0))
        let listed = try sandbox.roster("help", "exit-codes").stdout.split(separator: "\n").dropFirst()
        var count = 0
        for line in listed where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let words = line.split(separator: " ")
            let code = String(words[0]), meaning = words.dropFirst().joined(separator: " ")
            #expect(squeezed(statuses).contains("\(code) \(meaning)"), "EXIT STATUS lacks \(code) \(meaning)")
            count += 1
        }
        #expect(count >= 10)
    }
}
