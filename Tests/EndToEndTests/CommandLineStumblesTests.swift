import Foundation
import Testing

/// Where a new user stumbled on the command line, tried as they would
/// type it: a format named by the file's extension, other names for a
/// format, and import's way out of columns it does not know.
@Suite("Command-line stumbles")
struct CommandLineStumblesTests {
    @Test("export -o takes the format from the file's extension; --format still says otherwise")
    func formatFromExtension() throws {
        let sandbox = try Sandbox()
        let expected: [(String, String)] = [
            ("roster.csv", "id,name,description,"), ("roster.ndjson", "{\"id\":1,"), ("roster.JSONL", "{\"id\":1,"),
            ("roster.json", "{\n  \"format\":"), ("roster.md", "| ID |"), ("roster.markdown", "| ID |"),
            ("roster.html", "<!DOCTYPE html>"), ("roster", "{\n  \"format\":"),
        ]
        for (name, start) in expected {
            let path = sandbox.directory.appendingPathComponent(name).path
            let run = try sandbox.roster("export", "-o", path)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let text = String(decoding: sandbox.fileBytes(path) ?? Data(), as: UTF8.self)
            #expect(text.hasPrefix(start), "\(name): \(text.prefix(80))")
        }
        let forced = sandbox.directory.appendingPathComponent("forced.csv").path
        #expect(try sandbox.roster("export", "-o", forced, "--format", "json").status == 0)
        #expect(String(decoding: sandbox.fileBytes(forced) ?? Data(), as: UTF8.self).hasPrefix("{\n  \"format\":"))
        // --bom is CSV's, and a .csv file is CSV.
        let withMark = sandbox.directory.appendingPathComponent("mark.csv").path
        #expect(try sandbox.roster("export", "-o", withMark, "--bom").status == 0)
        #expect(sandbox.fileBytes(withMark)?.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
    }

    @Test("export -o FILE says on stderr what it wrote, in a line of its own; standard output stays empty, and nothing is said without -o")
    func exportToFileIsTold() throws {
        let sandbox = try Sandbox()
        for (name, format) in [("roster.csv", "CSV"), ("roster.md", "Markdown"), ("roster.jsonl", "NDJSON"), ("roster.html", "HTML"), ("roster", "JSON")] {
            let path = sandbox.directory.appendingPathComponent(name).path
            let run = try sandbox.roster("export", "-o", path)
            #expect(run.status == 0 && run.stdout.isEmpty, "\(name): \(run.stderr)")
            #expect(run.stderr == "wrote 6 monsters to \(path) (\(format))\n", "\(name): \(run.stderr)")
        }
        let one = sandbox.directory.appendingPathComponent("fire.csv").path
        #expect(try sandbox.roster("export", "--where", "name=Ice-Bot", "-o", one).stderr == "wrote 1 monster to \(one) (CSV)\n")
        let piped = try sandbox.roster("export", "--format", "csv")
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    @Test("export -o x.txt is refused in one sentence rather than filled with JSON, and nothing is written")
    func unknownExtension() throws {
        let sandbox = try Sandbox()
        let path = sandbox.directory.appendingPathComponent("roster.txt").path
        let run = try sandbox.roster("export", "-o", path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("roster: cannot tell which format to write from `\(path)`'s extension .txt; name the file .json, .ndjson, .csv, .md or .html, or give --format\n"),
                "\(run.stderr)")
        #expect(sandbox.fileBytes(path) == nil)
        #expect(try sandbox.roster("export", "-o", path, "--format", "csv").status == 0)
        #expect(String(decoding: sandbox.fileBytes(path) ?? Data(), as: UTF8.self).hasPrefix("id,name,"))
    }

    @Test("M10: a location that is neither a file's path nor a PostgreSQL URI is refused (64) in one sentence, without its password, and makes nothing",
          arguments: ["host=/tmp/pg dbname=h1 user=alice password=S3cretPW", " postgresql://postgres:S3cretPW@/h1",
                      "postgresq://postgres:S3cretPW@/h1", "pg://x", "\n", "r.db\t", "mysql://alice:S3cretPW@h/db",
                      // Stop 19's sweep: each made folders named after the password.
                      "postgresql//u:S3cretPW@h/r", "jdbc:postgresql://h/r?password=S3cretPW", "postgresql ://u:S3cretPW@h/r",
                      "postgresql\\://u:S3cretPW@h/r", "postgresql%3A%2F%2Fu:S3cretPW@h", "\u{FF50}ostgresql://u:S3cretPW@h/r",
                      "u:S3cretPW@h/r",
                      // The re-check's: a slipped colon, a scheme without its colon, no scheme at all.
                      "postgresql;//u:S3cretPW@h/r", "postgres.//u:S3cretPW@h/r", "postgresql\u{2010}//u:S3cretPW@h/r",
                      "postgresql/u:S3cretPW@h/r", "//u:S3cretPW@h/r"])
    func notAFilePath(location: String) throws {
        let sandbox = try Sandbox()
        let before = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)
        // Run in the sandbox, where a relative path would have been made.
        func roster(_ arguments: [String], environment: [String: String] = [:]) throws -> RosterRun {
            try sandbox.run("/bin/sh", ["-c", #"cd "$0" && exec "$@""#, sandbox.directory.path, Sandbox.binary.path] + arguments,
                            environment: environment)
        }
        for run in [try roster(["--db", location, "list"]), try roster(["list"], environment: ["ROSTER_DB": location])] {
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("roster: the roster's location ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(!run.stderr.contains("S3cretPW"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path) == before)
    }

    @Test("relative file names that only resemble an address are still files", arguments: ["postgres.db", "postgresql-team.db", "team@work.db", "a:b.db"])
    func fileNamesStayFiles(name: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", #"cd "$0" && exec "$@""#, sandbox.directory.path, Sandbox.binary.path,
                                              "--db", name, "list"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent(name).path))
    }

    @Test("POSTGRESQL:// in capitals is told to be written in lower case, not to have two slashes")
    func capitalScheme() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["--db", "POSTGRESQL://u:S3cretPW@h/r", "list"], useDatabaseOption: false)
        #expect(run.status == 64)
        #expect(run.stderr == "roster: the roster's address names its scheme in capitals, which roster does not read: write postgresql:// in lower case (for a file of that name, write ./ before it)\n")
    }

    @Test("a mistyped PostgreSQL address is refused in one sentence, without its password, and makes no file",
          arguments: ["postgres:/team", "postgresql:/alice:hunter2@db.example.org/team", "Postgres:team"])
    func mistypedPostgresAddress(address: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["--db", address, "list"], useDatabaseOption: false)
        #expect(run.status == 64)
        #expect(run.stderr == "roster: the roster's address starts like a PostgreSQL one but is not: write postgresql://HOST/DATABASE, with two slashes (for a file of that name, write ./ before it)\n")
        #expect(!run.stderr.contains("hunter2"))
        // Taken as a file, the address would have been made relative to
        // the current folder.
        #expect(!FileManager.default.fileExists(atPath: address))
        let file = try sandbox.roster(["--db", sandbox.directory.path + "/" + address.replacingOccurrences(of: "/", with: "-"), "list"],
                                      useDatabaseOption: false)
        #expect(file.status == 0, "a file whose name only starts so is still a file: \(file.stderr)")
    }

    @Test("--format md is markdown, and jsonl is ndjson")
    func formatOtherNames() throws {
        let sandbox = try Sandbox()
        let markdown = try sandbox.roster("export", "--format", "md")
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout == (try sandbox.roster("export", "--format", "markdown").stdout))
        let lines = try sandbox.roster("export", "--format", "JSONL")
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdout == (try sandbox.roster("export", "--format", "ndjson").stdout))
    }

    @Test("import refuses a key it does not know, naming the way out; --ignore-unknown imports the known fields")
    func unknownFields() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let json = "[{\"name\": \"Cat-Bot\", \"weapon\": \"fire\", \"notes\": \"purrs\"}]"
        let refused = try sandbox.roster(["import", "-", "--mode", "upsert"], stdin: json)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("notes: unknown key `notes`; a monster has id, name, description, icon, name_color, weapon, height, origin, activated (--ignore-unknown imports the known fields)"),
                "\(refused.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")
        let taken = try sandbox.roster(["import", "-", "--mode", "upsert", "--ignore-unknown"], stdin: json)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "fire")
        // A CSV column alike.
        let csv = "name,weapon,notes\nDog-Bot,smoke,barks\n"
        let refusedColumn = try sandbox.roster(["import", "-", "--mode", "upsert"], stdin: csv)
        #expect(refusedColumn.status == 65)
        #expect(refusedColumn.stderr.contains("unknown column `notes`; the columns are id, name, description, icon, name_color, weapon, height, origin, activated (--ignore-unknown imports the known fields)"),
                "\(refusedColumn.stderr)")
        let takenColumn = try sandbox.roster(["import", "-", "--mode", "upsert", "--ignore-unknown"], stdin: csv)
        #expect(takenColumn.status == 0, "\(takenColumn.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Dog-Bot'") == "smoke")
    }

    @Test("importing a Markdown or HTML export says those are for reading", arguments: ["markdown", "html"])
    func documentsForReading(format: String) throws {
        let sandbox = try Sandbox()
        let file = sandbox.directory.appendingPathComponent("roster.\(format == "html" ? "html" : "md")").path
        #expect(try sandbox.roster("export", "--format", format, "-o", file).status == 0)
        let run = try sandbox.roster("import", file, "--mode", "upsert")
        #expect(run.status == 65)
        let what = format == "html" ? "an HTML page" : "a Markdown table"
        #expect(run.stderr.hasPrefix("\(file):1:1: this looks like \(what); Markdown and HTML exports are for reading: import a json, ndjson or csv export (`roster export -o roster.json`)\n"),
                "\(run.stderr)")
    }

    @Test("the weapon given first suggests the right order, and runs nothing")
    func weaponFirst() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster("set-weapon", "fire", "Cat-Bot")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: the names come first and the weapon last; did you mean `roster set-weapon Cat-Bot fire`?\n"), "\(run.stderr)")
        let several = try sandbox.roster("set-weapon", "ninja star", "Cat-Bot", "Dog Bot")
        #expect(several.stderr.hasPrefix("roster: the names come first and the weapon last; did you mean `roster set-weapon Cat-Bot 'Dog Bot' 'ninja star'`?\n"), "\(several.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")
        // A monster named as a weapon is a name, as before.
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "laser").stderr.hasPrefix("roster: unknown weapon `laser`"))
    }

    @Test("`roster version` and -v point to --version")
    func versionSpellings() throws {
        let sandbox = try Sandbox()
        let word = try sandbox.roster("version")
        #expect(word.status == 64)
        #expect(word.stderr.hasPrefix("roster: unknown command `version`; did you mean `--version`?\n"), "\(word.stderr)")
        let short = try sandbox.roster("-v")
        #expect(short.status == 64)
        #expect(short.stderr.hasPrefix("roster: unknown option -v; did you mean `--version`?\n"), "\(short.stderr)")
    }

    @Test("heights in centimetres, today and yesterday are read as people write them; England suggests the United Kingdom")
    func valuesAsWritten() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let tall = try sandbox.roster("edit", "Cat-Bot", "--height", "170cm")
        #expect(tall.status == 0, "\(tall.stderr)")
        #expect(try sandbox.sqlite("SELECT height FROM monster WHERE name = 'Cat-Bot'") == "5ft7in")
        #expect(try sandbox.roster("edit", "Cat-Bot", "--height", "183 cm").status == 0)
        #expect(try sandbox.sqlite("SELECT height FROM monster WHERE name = 'Cat-Bot'") == "6ft0in")

        let utc = ["TZ": "UTC"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'00:00:00'Z'"
        for (word, daysBack) in [("today", 0), ("Yesterday", 1)] {
            let before = formatter.string(from: Date().addingTimeInterval(Double(-86_400 * daysBack)))
            let run = try sandbox.roster(["edit", "Cat-Bot", "--activated", word], environment: utc)
            #expect(run.status == 0, "\(word): \(run.stderr)")
            let after = formatter.string(from: Date().addingTimeInterval(Double(-86_400 * daysBack)))
            let stored = try sandbox.sqlite("SELECT activated FROM monster WHERE name = 'Cat-Bot'")
            #expect(stored == before || stored == after, "\(word): \(stored)")
        }

        let england = try sandbox.roster("edit", "Cat-Bot", "--origin", "England")
        #expect(england.status == 64)
        #expect(england.stderr.hasPrefix("roster: unknown country `England`; did you mean `United Kingdom`?"), "\(england.stderr)")
    }

    @Test("a roster file made by a command says so once; one that exists, or a failed import, says nothing")
    func newRosterSaysSo() throws {
        let sandbox = try Sandbox()
        let typo = sandbox.directory.appendingPathComponent("typo/rosterr.db").path
        let first = try sandbox.roster(["--db", typo, "list", "--format", "plain"], useDatabaseOption: false)
        #expect(first.status == 0)
        #expect(first.stderr == "roster: made a new roster at \(typo)\n", "\(first.stderr)")
        let second = try sandbox.roster(["--db", typo, "list", "--format", "plain"], useDatabaseOption: false)
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        // An import into a new file makes it only when it succeeds.
        let imported = sandbox.directory.appendingPathComponent("imported.db").path
        let bad = try sandbox.roster(["--db", imported, "import", "-"], stdin: "name,weapon\nBat-Bot,laser\n", useDatabaseOption: false)
        #expect(bad.status == 65)
        #expect(!bad.stderr.contains("made a new roster"), "\(bad.stderr)")
        let good = try sandbox.roster(["--db", imported, "import", "-"], stdin: "name,weapon\nBat-Bot,fire\n", useDatabaseOption: false)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.components(separatedBy: "made a new roster at \(imported)").count == 2, "\(good.stderr)")
    }

    @Test("--errors json labels valid JSON of the wrong shape as shape, broken text as syntax")
    func shapeNotSyntax() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let cases: [(String, String)] = [
            ("[1]", "shape"), ("{\"format\": \"roster\", \"version\": 2}", "shape"), ("42", "shape"),
            ("{\"name\": \"A\",\n \"weapon\": \"fire\"}", "shape"), ("[1,", "syntax"), ("{\"monsters\": 3}", "shape"),
        ]
        for (text, kind) in cases {
            let run = try sandbox.roster(["import", "-", "--errors", "json"], stdin: text)
            #expect(run.status == 65, "\(text)")
            let report = try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any]
            let problems = report?["problems"] as? [[String: Any]] ?? []
            #expect(problems.first?["kind"] as? String == kind, "\(text): \(run.stderr)")
        }
    }

    @Test("set-weapon --stdin takes NAME,WEAPON lines with a header and comments, all or nothing")
    func stdinCSV() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster(["set-weapon", "--stdin"], stdin: "# from the sheet\nname,weapon\nCat-Bot,fire\n\"Dog-Bot\",\"ninja star\"\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id IN (1, 2) ORDER BY id") == "fire\nninja-star")
        let bad = try sandbox.roster(["set-weapon", "--stdin"], stdin: "Cat-Bot,sword\nDog-Bot,swrod\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("stdin:2:9: weapon: unknown weapon `swrod`; did you mean `sword`?"), "\(bad.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "fire")
    }
}
