import Foundation
import Testing

/// One way of quoting in everything roster says: a value a person typed,
/// or a piece of syntax, is in backticks (``unknown weapon `swrod`; did
/// you mean `sword`?``), never in 'single', "double" or “curly” quotes.
/// The sources are scanned, so a new message in another style fails here;
/// and the messages themselves are read, as a user meets them.
@Suite("One quote style in every message")
struct QuoteStyleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Files that write another language's text, where quotes are that
    /// language's syntax: shell completion, the manual page's roff, HTML,
    /// the JSON and CSV writers, SQL.
    static let otherLanguages: Set<String> = [
        "CompletionScripts.swift", "CompletionScripts+Bash.swift", "CompletionScripts+Zsh.swift", "CompletionScripts+Fish.swift",
        "ManualPage.swift", "HTMLReport.swift", "HTMLStyle.swift", "JSONWriter.swift", "CSVWriter.swift", "MonsterRecords.swift",
        "Schema.swift",
        // The plain roster is heard: its values are in speech's quotes.
        "PlainWording.swift",
    ]

    /// Quoting other than backticks around a value in a string literal:
    /// `'\(x)'`, `\"\(x)\"`, `“…”`, or one character in single quotes.
    static let otherQuotes: [(name: String, pattern: String)] = [
        ("single quotes around a value", #"'\\\("#),
        ("double quotes around a value", #"\\"\\\("#),
        ("curly quotes", "[“”‘]"),
        ("a character in single quotes", #"(^|[ (])'[^'\s\\]'([ ,;.)]|$)"#),
        ("a word in double quotes", #"(^|[ (])\\"[a-z_]+\\"([ ,;.)?]|$)"#),
    ]

    @Test("no message in the sources quotes in another style")
    func sources() throws {
        var found: [String] = []
        for module in ["RosterCore", "RosterCLI", "RosterApp", "TerminalKit", "TextSafety"] {
            let folder = Self.root.appendingPathComponent("Sources").appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !Self.otherLanguages.contains((file as NSString).lastPathComponent) {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // What is in backticks is quoted already (a JSON example,
                    // `{"format": …}`); a comment after the code is not said.
                    let code = line.trimmingCharacters(in: .whitespaces)
                        .replacingOccurrences(of: "`[^`]*`", with: "``", options: .regularExpression)
                        .replacingOccurrences(of: #"\s//\s[^"]*$"#, with: "", options: .regularExpression)
                    // Comments say how things are written; SQL quotes its own
                    // way, and so do writers of JSON (`output.append`).
                    if code.hasPrefix("//") || code.contains("output.append(")
                        || code.range(of: #"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|ALTER|WHERE|JOIN|GLOB|WHEN)\b"#, options: .regularExpression) != nil { continue }
                    // Word processors' typographic quotes are read as inches and
                    // feet, and a height is written 5'11" in a table.
                    if file.hasSuffix("Height.swift"), code.contains("Set<String>") { continue }
                    if code.contains(".feet)'\\(") { continue }
                    for quote in Self.otherQuotes where code.range(of: quote.pattern, options: .regularExpression) != nil {
                        found.append("\(module)/\(file):\(number + 1): \(quote.name): \(code)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Stderr with quotes other than backticks around a value.
    static func otherQuotesIn(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.range(of: #"[“”‘’]|(^|[ (])'[^'\s]{1,40}'([ ,;:.)]|$)|(^|[ (])"[^"\s]{1,40}"([ ,;:.)?]|$)"#, options: .regularExpression) != nil
        }
    }

    @Test("the messages roster prints for broken files, dry runs and the plain roster quote with backticks")
    func produced() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        var said: [String] = []
        // The JSON reader's syntax errors, and the document's shape.
        for (name, text) in [("a.json", "<.>"), ("b.json", #"{"a" b}"#), ("c.json", #"[{"name": "A", "weapon": "fire"} 1]"#),
                             ("d.json", #"{"a":"b",}"#), ("e.json", #"[1.]"#), ("f.json", #"{"format": "other", "version": 2, "monsters": []}"#),
                             ("g.json", #"{"monsters": 3}"#), ("h.json", #"[{"name": "A", "weapon": "fire", "colour": "red"}]"#),
                             ("i.json", #"{"name": "A", "name": "B"}"#), ("j.json", #"["\q"]"#), ("k.csv", "name,weapon\nA\"B,fire\n\"C\"x,fire\n"),
                             ("l.ndjson", "nope\n"), ("m.json", #"{"format": "roster", "version": 2, "monsters": [], "x": 1}"#)] {
            try Data(text.utf8).write(to: sandbox.directory.appendingPathComponent(name))
            let run = try sandbox.roster("import", sandbox.directory.appendingPathComponent(name).path, "--dry-run")
            #expect(run.status == 65, "\(name): \(run.stderr)")
            said.append(run.stderr)
        }
        // A dry run's lines: every kind of value a change tells.
        let edit = try sandbox.roster("edit", "Cat-Bot", "--name", "Kitty, Bot", "--description", "Purrs", "--color", "blue",
                                      "--weapon", "fire", "--height", "5ft11", "--origin", "FR", "--dry-run")
        #expect(edit.status == 0)
        #expect(edit.stderr.hasPrefix("would change Cat-Bot: name `Cat-Bot` → `Kitty, Bot`, description `MEE-OW` → `Purrs`, colour Default → Blue, weapon Sword → Fire, height "), "\(edit.stderr)")
        said.append(edit.stderr)
        // The plain roster is heard rather than read: a screen reader says
        // "grave" for each backtick, so its values are in the quotes speech
        // uses, and its lines are not held to the backtick rule.
        let plain = try sandbox.roster(["browse", "--plain"], stdin: "1\nfilter zz\nfilter\nzzz\nq\n")
        #expect(plain.stdout.contains("Its description is “MEE-OW”."), "\(plain.stdout)")
        #expect(plain.stdout.contains("No monster's name contains “zz”."), "\(plain.stdout)")
        #expect(!plain.stdout.contains("`"), "\(plain.stdout)")
        let mixed = said.flatMap(Self.otherQuotesIn)
        #expect(mixed.isEmpty, "\(mixed.joined(separator: "\n"))")
    }

    @Test("a name or value holding backticks, or in need of quoting, is quoted one way that reads back exactly, in every message")
    func backticksInside() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let add = try sandbox.roster("add", "Q`Bot", "--weapon", "fire", "--dry-run")
        #expect(add.stderr == "would add ``Q`Bot``\ndry run: nothing was changed\n", "\(add.stderr)")
        let edit = try sandbox.roster("edit", "Cat-Bot", "--name", "`Tick`", "--description", "a``b", "--dry-run")
        #expect(edit.stderr.hasPrefix("would change Cat-Bot: name `Cat-Bot` → `` `Tick` ``, description `MEE-OW` → ```a``b```\n"), "\(edit.stderr)")
        // A name that reads on into the sentence is quoted wherever a sentence names it.
        #expect(try sandbox.roster("add", "A; B", "--weapon", "fire").stderr == "added `A; B` (id 7)\n")
        #expect(try sandbox.roster("set-weapon", "A; B", "smoke").stderr == "changed `A; B`: Fire → Smoke\n")
        #expect(try sandbox.roster("history", "--limit", "1").stdout.contains("\t`A; B`: Fire → Smoke\t"))
        let remove = try sandbox.roster("remove", "A; B", "Cat-Bot", "--dry-run")
        #expect(remove.stderr == "would remove `A; B`\nwould remove Cat-Bot\ndry run: would remove 2 monsters; nothing was changed\n", "\(remove.stderr)")
        let missing = try sandbox.roster("show", "No`Such")
        #expect(missing.stderr.hasPrefix("roster: no monster is named ``No`Such``"), "\(missing.stderr)")
    }
}
