import Foundation
import Testing

@Suite("Exporting and importing from the command line")
struct ExportImportTests {
    /// A sandbox whose roster also holds monsters with awkward names.
    func awkwardSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let adds: [[String]] = [
            ["add", "Quote \"Bot\", Esq.", "--weapon", "fire", "--description", "line one\nline\ttwo", "--color", "red"],
            ["add", "炎のロボ 🤖", "--weapon", "smoke", "--description", "=HYPERLINK(\"x\")"],
            ["add", "--weapon", "sword", "--description", "<script>alert(1)</script> & co", "--", "-Dash|Pipe"],
        ]
        for arguments in adds {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        return sandbox
    }

    @Test("JSON export is the same bytes every run, with the fixed key order")
    func stableJSON() throws {
        let sandbox = try awkwardSandbox()
        let first = try sandbox.roster("export")
        let second = try sandbox.roster("export", "--format", "json")
        #expect(first.status == 0)
        #expect(first.stdoutBytes == second.stdoutBytes)
        #expect(first.stdout.hasPrefix("{\n  \"format\": \"roster\",\n  \"version\": 2,\n  \"monsters\": [\n    {\"id\":1,\"name\":\"Cat-Bot\",\"description\":\"MEE-OW\",\"icon\":\"meetcatbot.png\",\"name_color\":\"default\",\"weapon\":\"sword\",\"height\":\"2ft4in\",\"origin\":\"JP\",\"activated\":\"2019-03-14T09:30:00Z\"},"))
        #expect(first.stderr.isEmpty)
    }

    @Test("export | import --mode replace | export gives the same bytes in every data format", arguments: ["json", "ndjson", "csv"])
    func roundTrip(format: String) throws {
        let sandbox = try awkwardSandbox()
        let exported = try sandbox.roster("export", "--format", format)
        let other = try Sandbox()
        let imported = try other.roster(["import", "-", "--mode", "replace"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The import creates the roster, empty: every monster is added.
        #expect(imported.stderr == "imported stdin: 9 added, 0 updated, 0 unchanged, 0 removed\n")
        #expect(try other.roster("export", "--format", format).stdoutBytes == exported.stdoutBytes)
        for people in ["markdown", "html"] {
            #expect(try other.roster("export", "--format", people).stdoutBytes == sandbox.roster("export", "--format", people).stdoutBytes)
        }
    }

    @Test("-o writes the whole file and leaves no temporary file behind")
    func outputFile() throws {
        let sandbox = try awkwardSandbox()
        let target = sandbox.directory.appendingPathComponent("roster.csv").path
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: target))
        let run = try sandbox.roster("export", "--format", "csv", "-o", target)
        #expect(run.status == 0)
        #expect(sandbox.fileBytes(target) == (try sandbox.roster("export", "--format", "csv")).stdoutBytes)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.contains(".roster-") }
        #expect(leftovers.isEmpty)
    }

    @Test("-o through a symbolic link replaces the file it points to and keeps the link")
    func outputThroughLink() throws {
        let sandbox = try awkwardSandbox()
        let real = sandbox.directory.appendingPathComponent("real.json").path
        let link = sandbox.directory.appendingPathComponent("link.json").path
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        #expect(try sandbox.roster("export", "-o", link).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json", "still a link")
        #expect(sandbox.fileBytes(real) == (try sandbox.roster("export")).stdoutBytes)
    }

    @Test("-o creates missing folders, as --db does; one it cannot create says so, exits 73 and creates nothing")
    func cannotCreate() throws {
        let sandbox = try Sandbox()
        let nested = sandbox.directory.appendingPathComponent("missing/folder/roster.json").path
        let made = try sandbox.roster("export", "-o", nested)
        #expect(made.status == 0, "\(made.stderr)")
        let folder = sandbox.directory.appendingPathComponent("missing/folder").path
        let outer = sandbox.directory.appendingPathComponent("missing").path
        #expect(made.stderr == "wrote 6 monsters to \(nested) (JSON), in the 2 new folders \(outer) to \(folder)\n",
                "both new folders are said: \(made.stderr)")
        let deeper = sandbox.directory.appendingPathComponent("missing/folder/more/roster.json").path
        #expect(try sandbox.roster("export", "-o", deeper).stderr
                == "wrote 6 monsters to \(deeper) (JSON), in the new folder \(sandbox.directory.appendingPathComponent("missing/folder/more").path)\n")
        #expect(try sandbox.roster("export", "-o", nested).stderr == "wrote 6 monsters to \(nested) (JSON)\n",
                "a folder that was there is not new")
        #expect(try sandbox.roster(["import", nested, "--mode", "replace", "--dry-run"]).status == 0)
        let file = sandbox.directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let target = file.appendingPathComponent("folder/roster.json").path
        let run = try sandbox.roster("export", "-o", target)
        #expect(run.status == 73)
        #expect(run.stderr == "roster: cannot write \(target): cannot create the folder \(file.path)/folder: not a directory\n")
        #expect(!FileManager.default.fileExists(atPath: target))
        // Read as one flow: help fills its paragraphs to the width.
        #expect(try sandbox.roster("help", "export").stdout.replacingOccurrences(of: "\n", with: " ")
            .contains("Missing folders on the way to FILE are created, as they are for the database (--db)."))
    }

    @Test("export refuses to write over a folder or over the roster database itself")
    func refusesToClobber() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let folder = try sandbox.roster("export", "-o", sandbox.directory.path)
        #expect(folder.status == 73)
        #expect(folder.stderr == "roster: cannot write \(sandbox.directory.path): it is a folder\n")
        let before = sandbox.fileBytes(sandbox.databasePath)
        let itself = try sandbox.roster("export", "-o", sandbox.databasePath)
        #expect(itself.status == 64)
        #expect(itself.stderr.hasPrefix("roster: \(sandbox.databasePath) is the roster database itself; export to another file\n"))
        #expect(sandbox.fileBytes(sandbox.databasePath) == before)
    }

    @Test("export refuses the database's write-ahead log, its index and its journal: an export over the log threw away the latest changes")
    func refusesTheDatabasesOwnFiles() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("add", "Kept-Bot", "--weapon", "fire")
        for suffix in ["-wal", "-shm", "-journal"] {
            let path = sandbox.databasePath + suffix
            let before = sandbox.fileBytes(path)
            let run = try sandbox.roster("export", "-o", path)
            #expect(run.status == 64, "\(suffix): \(run.stderr)")
            #expect(run.stderr.hasPrefix("roster: \(path) is one of the roster database's own files, where SQLite keeps its latest changes; export to another file\n"))
            #expect(sandbox.fileBytes(path) == before, "\(suffix) untouched")
        }
        #expect(try sandbox.roster("show", "Kept-Bot").status == 0, "the change in the log is still there")
        // Another file beside it is written as before.
        #expect(try sandbox.roster("export", "-o", sandbox.databasePath + "-walk.json").status == 0)
    }

    @Test("a failed export leaves the existing file exactly as it was")
    func failedExportKeepsOldFile() throws {
        let sandbox = try Sandbox()
        let notARoster = sandbox.directory.appendingPathComponent("junk.db").path
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: notARoster))
        let target = sandbox.directory.appendingPathComponent("keep.json").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        let run = try sandbox.roster(["--db", notARoster, "export", "-o", target], useDatabaseOption: false)
        #expect(run.status != 0)
        #expect(sandbox.fileBytes(target) == Data("precious".utf8))
    }

    @Test("CSV options: --bom adds a byte order mark, and applies to CSV only")
    func csvOptions() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("export", "--format", "csv", "--bom")
        #expect(run.stdoutBytes.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let wrong = try sandbox.roster("export", "--bom")
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("roster: --bom applies to --format csv only\n"))
    }

    @Test("a missing input file is exit 66 with one sentence")
    func missingFile() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("import", "nowhere.csv")
        #expect(run.status == 66)
        #expect(run.stderr == "roster: cannot read nowhere.csv: no such file or directory\n")
        let folder = try sandbox.roster("import", sandbox.directory.path)
        #expect(folder.status == 66)
    }

    @Test("a bad file lists every problem as FILE:LINE:COLUMN, exits 65 and changes nothing")
    func badFile() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.roster("export").stdoutBytes
        let file = sandbox.directory.appendingPathComponent("bad.csv").path
        try Data("name,weapon,name_color\nBat-Bot,swrod,red\nOwl-Bot,fire,purple\n\"Bad\u{1B}]0;x\u{07}\",fire,red\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let run = try sandbox.roster("import", file)
        #expect(run.status == 65)
        #expect(run.stderr == """
            \(file):2:9: weapon: unknown weapon `swrod`; did you mean `sword`?
            \(file):3:14: name_color: unknown colour `purple`; the colours are default, red, green, blue
            \(file):4:1: name: a name cannot contain control characters, and this one contains U+001B
            roster: nothing was changed: the input has 3 problems

            """)
        #expect(try sandbox.roster("export").stdoutBytes == before)
    }

    @Test("--errors json reports the same problems as JSON")
    func jsonErrors() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster(["import", "-", "--errors", "json"], stdin: "{\"name\": \"Cat-Bot\", \"weapon\": \"fire\"}\n{\"name\": 3}\n")
        #expect(run.status == 65)
        let object = try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any]
        #expect(object?["total"] as? Int == 3)
        let problems = object?["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { "\($0["line"] ?? ""):\($0["column"] ?? ""):\($0["field"] ?? "")" } == ["1:10:name", "2:1:weapon", "2:10:name"])
        #expect(problems.first?["message"] as? String
                == "a monster named `Cat-Bot` is already on the roster; use --mode upsert to update it")
        #expect(problems.first?["file"] as? String == "stdin")
    }

    @Test("a dry run prints what would change and changes nothing")
    func dryRun() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.roster("export").stdoutBytes
        let run = try sandbox.roster(["import", "-", "--mode", "upsert", "--dry-run"], stdin: "name,weapon\ncat-bot,fire\nBat-Bot,smoke\n")
        #expect(run.status == 0)
        #expect(run.stderr.hasSuffix("would add Bat-Bot\ndry run of stdin: 1 added, 1 updated, 0 unchanged, 0 removed; nothing was changed\n"))
        #expect(try sandbox.roster("export").stdoutBytes == before)
    }

    @Test("the HTML page is self-contained and escapes every value")
    func html() throws {
        let sandbox = try awkwardSandbox()
        let page = try sandbox.roster("export", "--format", "html").stdout
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\""))
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        #expect(page.contains("<bdi class=\"name red\" title=\"name colour: red\">Quote &quot;Bot&quot;, Esq.</bdi>"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\""))
        #expect(page.contains("<p class=\"count\">9 monsters</p>"))
    }

    @Test("the Markdown table escapes what would break it")
    func markdown() throws {
        let sandbox = try awkwardSandbox()
        let table = try sandbox.roster("export", "--format", "markdown").stdout
        let lines = table.split(separator: "\n")
        #expect(lines.count == 2 + 9)
        #expect(lines[0] == "| ID | Name | Description | Icon | Colour | Weapon | Height | Origin | Activated |")
        #expect(table.contains("| 7 | Quote \"Bot\", Esq. | line one<br>line two | unknown.png | red | ♨ Fire |  |  |  |"))
        #expect(table.contains("| 9 | -Dash&#124;Pipe | &#60;script&#62;alert(1)&#60;/script&#62; &#38; co |"))
    }

    @Test("a bulk load into an empty roster leaves the database in WAL mode, with everything stored")
    func bulkLoadKeepsWAL() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(["import", "-", "--mode", "replace"], stdin: "name,weapon\n").status == 0)
        let rows = (1...3000).map { "Bot-\($0),\(["fire", "smoke", "sword"][$0 % 3])" }.joined(separator: "\n")
        let run = try sandbox.roster(["import", "-"], stdin: "name,weapon\n" + rows + "\n")
        #expect(run.status == 0)
        #expect(run.stderr == "imported stdin: 3000 added, 0 updated, 0 unchanged, 0 removed\n")
        #expect(try sandbox.sqlite("PRAGMA journal_mode") == "wal")
        #expect(try sandbox.sqlite("SELECT count(*), count(DISTINCT name_key) FROM monster") == "3000|3000")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == "0", "each key with its name")
        #expect(try sandbox.sqlite("SELECT group_concat(name) FROM (SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'monster' ORDER BY name)")
                == "monster_activated,monster_height,monster_name_key,monster_origin,monster_stale_key,monster_weapon",
                "the bulk load builds the indexes it dropped again")
    }

    @Test("an import killed half-way changes nothing, and the database stays in WAL mode")
    func interruptedImport() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(["import", "-", "--mode", "replace"], stdin: "name,weapon\n").status == 0)
        let process = Process()
        process.executableURL = Sandbox.binary
        process.arguments = ["--db", sandbox.databasePath, "import", "-"]
        process.environment = ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"]
        let input = Pipe()
        process.standardInput = input
        process.standardError = Pipe()
        try process.run()
        // Half a file, then nothing: the import is inside its transaction, waiting.
        let rows = (1...5000).map { "Bot-\($0),fire" }.joined(separator: "\n")
        input.fileHandleForWriting.write(Data(("name,weapon\n" + rows + "\n").utf8))
        #expect(try sandbox.waitUntilWriteLocked(), "the import never took the write lock")
        // SIGTERM rather than SIGINT: a test run started in the background
        // inherits SIGINT ignored.
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try sandbox.roster("list").stdout.isEmpty)
        #expect(try sandbox.sqlite("PRAGMA journal_mode") == "wal")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test("an emptied roster's NDJSON imports back with --format ndjson; without it, the error says so")
    func emptyNDJSONRoundTrip() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(["import", "-", "--mode", "replace"], stdin: "[]").status == 0)
        let exported = try sandbox.roster("export", "--format", "ndjson")
        #expect(exported.status == 0)
        #expect(exported.stdoutBytes.isEmpty)
        let auto = try sandbox.roster(["import", "-", "--mode", "replace"], stdin: exported.stdout)
        #expect(auto.status == 65)
        #expect(auto.stderr.hasPrefix("stdin:1:1: the input is empty; import reads JSON, NDJSON or CSV (for an empty NDJSON file, which holds no monsters, give --format ndjson)\n"))
        let other = try Sandbox()
        _ = try other.roster("list")
        let replaced = try other.roster(["import", "-", "--mode", "replace", "--format", "ndjson"], stdin: exported.stdout)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(replaced.stderr == "imported stdin: 0 added, 0 updated, 0 unchanged, 6 removed\n")
        #expect(try other.roster("export", "--format", "ndjson").stdoutBytes == exported.stdoutBytes)
        let help = try other.roster("help", "import").stdout
        #expect(help.contains("empty file is an error, except with --format ndjson: NDJSON without lines\nholds no monsters"))
    }

    @Test("help for import states the limits")
    func helpStatesLimits() throws {
        let help = try Sandbox().roster("help", "import").stdout
        #expect(help.contains("Limits: files up to 2 GiB; one record (a CSV row, a JSON object, a line)"))
        #expect(help.contains("names up to 64 characters"))
        #expect(help.contains("LF or CRLF\nline ends (in CSV, a lone CR too)"))
    }
}
