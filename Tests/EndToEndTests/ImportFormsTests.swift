import Foundation
import Testing

/// Files as people bring them to `import`: from spreadsheets, with only
/// some fields, into a roster the import itself creates.
@Suite("Import of the files people have")
struct ImportFormsTests {
    @Test("semicolon CSV is read by itself; --delimiter names another, and applies to CSV only")
    func delimiters() throws {
        let sandbox = try Sandbox()
        let semicolons = try sandbox.roster(["import", "-"], stdin: "name;weapon;description\nBat-Bot;smoke;Hangs; around\n")
        #expect(semicolons.status == 65, "a fourth cell in a three-column file")
        let quoted = try sandbox.roster(["import", "-"], stdin: "name;weapon;description\nBat-Bot;smoke;\"Hangs; around\"\n")
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE name = 'Bat-Bot'") == "Hangs; around")
        let tabs = try sandbox.roster(["import", "-", "--delimiter", "tab"], stdin: "name\tweapon\nOwl-Bot\tfire\n")
        #expect(tabs.status == 0, "\(tabs.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Owl-Bot'") == "fire")
        let json = try sandbox.roster(["import", "-", "--format", "json", "--delimiter", ";"], stdin: "[]")
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix("roster: --delimiter applies to CSV only\n"))
        let letter = try sandbox.roster(["import", "-", "--delimiter", "x"], stdin: "name,weapon\n")
        #expect(letter.status == 64)
        #expect(letter.stderr.hasPrefix("roster: --delimiter takes one character such as , ; or |, or the word tab, not `x`\n"))
    }

    @Test("upsert takes a file with the key and some fields, in every format", arguments: [
        ("name,description\ncat-bot,Purr\n", "csv"),
        (#"[{"name": "cat-bot", "description": "Purr"}]"#, "json"),
        (#"{"name": "cat-bot", "description": "Purr"}"# + "\n", "ndjson"),
    ])
    func upsertWithSomeFields(_ file: String, _ format: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster(["import", "-", "--mode", "upsert", "--format", format], stdin: file)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "imported stdin: 0 added, 1 updated, 0 unchanged, 0 removed\n")
        // The name is the key the record was matched by: `cat-bot` does not
        // rename Cat-Bot.
        #expect(try sandbox.sqlite("SELECT name, description, weapon, height FROM monster WHERE id = 1") == "Cat-Bot|Purr|sword|2ft4in")
    }

    @Test("a monster new to the roster still needs its weapon, and a blank weapon cell changes nothing")
    func upsertNewMonsterNeedsWeapon() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster(["import", "-", "--mode", "upsert"], stdin: "name,description\ncat-bot,Purr\nNew-Bot,Shiny\n")
        #expect(run.status == 65)
        #expect(run.stderr == "stdin:3:1: weapon: the record has no weapon, which a monster new to the roster needs\n"
            + "roster: nothing was changed: the input has 1 problem\n")
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        let blank = try sandbox.roster(["import", "-", "--mode", "upsert"], stdin: "name,weapon\nIce-Bot,\nFire-Bot,smoke\n")
        #expect(blank.status == 0, "\(blank.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id IN (4, 5) ORDER BY id") == "smoke\nfire")
        // Insert still needs both.
        let insert = try sandbox.roster(["import", "-"], stdin: "name,description\nBat-Bot,x\n")
        #expect(insert.status == 65)
        #expect(insert.stderr.hasPrefix("stdin:1:1: the header has no weapon column;"))
    }

    @Test("a roster the import creates starts empty, and a failed import or a dry run leaves no file")
    func importCreatesRoster() throws {
        let sandbox = try Sandbox()
        let exported = try sandbox.roster("export").stdout
        let fresh = sandbox.directory.appendingPathComponent("fresh.db").path
        let run = try sandbox.roster(["--db", fresh, "import", "-"], stdin: exported, useDatabaseOption: false)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "roster: made a new roster at \(fresh)\nimported stdin: 6 added, 0 updated, 0 unchanged, 0 removed\n")
        #expect(try sandbox.roster(["--db", fresh, "export"], useDatabaseOption: false).stdout == exported)
        let history = try sandbox.roster(["--db", fresh, "history"], useDatabaseOption: false).stdout
        #expect(history.split(separator: "\n").count == 1 && history.contains("6 added"), "the history starts with the import: \(history)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.contains("importing") }
        #expect(leftovers.isEmpty)
        for (arguments, input) in [(["import", "-"], "name,weapon\nA-Bot,laser\n"), (["import", "-", "--dry-run"], exported)] {
            let missing = sandbox.directory.appendingPathComponent("missing-\(arguments.count).db").path
            let attempt = try sandbox.roster(["--db", missing] + arguments, stdin: input, useDatabaseOption: false)
            #expect(attempt.status == (arguments.count == 2 ? 65 : 0), "\(attempt.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)
            #expect(!files.contains { $0.hasPrefix("missing") }, "\(files)")
        }
    }

    @Test("a failed import or a dry run into new folders removes the folders it made, and only those")
    func importRemovesItsFolders() throws {
        let sandbox = try Sandbox()
        let exported = try sandbox.roster("export").stdout
        let existing = sandbox.directory.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        let failures: [([String], String, Int32)] = [
            (["import", "-"], "name,weapon\nA-Bot,laser\n", 65),
            (["import", "-", "--dry-run"], exported, 0),
            (["import", "-", "--mode", "upsert", "--dry-run", "--changes", "json"], exported, 0),
        ]
        for (arguments, input, status) in failures {
            // Two new levels under a folder of the sandbox, and two under one that was there before.
            for parent in [sandbox.directory, existing] {
                let path = parent.appendingPathComponent("new/folders/x.db").path
                let run = try sandbox.roster(["--db", path] + arguments, stdin: input, useDatabaseOption: false)
                #expect(run.status == status, "\(arguments): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("new").path),
                        "\(arguments) left the folders it made under \(parent.lastPathComponent)")
            }
            #expect(FileManager.default.fileExists(atPath: existing.path), "\(arguments) removed a folder that was there before")
        }
        // A folder that was there before stays even when it is the file's own.
        let own = existing.appendingPathComponent("x.db").path
        _ = try sandbox.roster(["--db", own, "import", "-"], stdin: "name,weapon\nA-Bot,laser\n", useDatabaseOption: false)
        #expect(FileManager.default.fileExists(atPath: existing.path))
        // An import that succeeds keeps its file and the folders made for it.
        let kept = sandbox.directory.appendingPathComponent("kept/deep/x.db").path
        let success = try sandbox.roster(["--db", kept, "import", "-"], stdin: exported, useDatabaseOption: false)
        #expect(success.status == 0, "\(success.stderr)")
        #expect(FileManager.default.fileExists(atPath: kept))
    }

    @Test("through the binary, a JSON file's syntax error is its first line, whether found by name or given")
    func jsonSyntaxErrorFirst() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let cases = [("[1 true]", "1:4: expected `,` or `]` after a value of the monsters array but found `t`"),
                     ("[\"a\"", "1:5: the JSON text ends before the monsters array is closed"),
                     ("<.>", "1:1: expected a JSON value but found `<`")]
        for (text, problem) in cases {
            let file = sandbox.directory.appendingPathComponent("broken.json")
            try Data(text.utf8).write(to: file)
            for extra in [[], ["--format", "json"]] {
                let run = try sandbox.roster(["import", file.path, "--dry-run"] + extra)
                #expect(run.status == 65)
                #expect(run.stderr.hasPrefix("\(file.path):\(problem)"), "\(text) \(extra): \(run.stderr)")
            }
        }
    }

    @Test("a dry run lists per monster what would change, as text or as JSON, and changes nothing")
    func dryRunLists() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let file = "name,weapon\nCat-Bot,fire\nDog-Bot,blowgun\nBat-Bot,smoke\n"
        let text = try sandbox.roster(["import", "-", "--mode", "upsert", "--dry-run"], stdin: file)
        #expect(text.status == 0)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr == """
            would change Cat-Bot: weapon Sword → Fire
            would add Bat-Bot
            dry run of stdin: 1 added, 1 updated, 1 unchanged, 0 removed; nothing was changed

            """)
        let json = try sandbox.roster(["import", "-", "--mode", "upsert", "--dry-run", "--changes", "json"], stdin: file)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["updated"] as? Int == 1 && object?["unchanged"] as? Int == 1 && object?["added"] as? Int == 1)
        // What each count is: monsters by outcome, then the changes in all and listed.
        #expect(object?["total"] == nil)
        #expect(object?["changing"] as? Int == 2 && object?["listed"] as? Int == 2 && object?["capped"] as? Bool == false)
        let changes = object?["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { $0["action"] as? String } == ["change", "add"])
        #expect(changes.first?["name"] as? String == "Cat-Bot")
        let fields = changes.first?["fields"] as? [String: [String: String]]
        #expect(fields == ["weapon": ["before": "sword", "after": "fire"]])
        let replace = try sandbox.roster(["import", "-", "--mode", "replace", "--dry-run"], stdin: "name,weapon\nCat-Bot,sword\n")
        #expect(replace.stderr.hasPrefix("would change Cat-Bot: "))
        #expect(replace.stderr.contains("would remove Dog-Bot\n") && replace.stderr.contains("would remove Mini-Tomato-Bot\n"))
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        let without = try sandbox.roster(["import", "-", "--changes", "json"], stdin: file)
        #expect(without.status == 64)
    }
}
