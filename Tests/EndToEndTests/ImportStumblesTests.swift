import Foundation
import Testing

/// Where a new user's import stumbled: a tab-separated file, a dry run's
/// `--format json` meant for the list of changes, and lists too long to
/// give whole, which say so (`capped`).
@Suite("Import stumbles")
struct ImportStumblesTests {
    @Test("a tab-separated file is read as such, found from its header")
    func tabSeparated() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let file = sandbox.directory.appendingPathComponent("roster.tsv")
        try Data("name\tweapon\tdescription\nCat-Bot\tfire\tPurrs, loudly\nOwl-Bot\tsmoke\t\n".utf8).write(to: file)
        let run = try sandbox.roster("import", file.path, "--mode", "upsert")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon, description FROM monster WHERE name IN ('Cat-Bot', 'Owl-Bot') ORDER BY id")
                == "fire|Purrs, loudly\nsmoke|")
        // Named as the help says, in each spelling.
        for delimiter in ["tab", "\\t", "TAB"] {
            let named = try sandbox.roster("import", file.path, "--mode", "upsert", "--delimiter", delimiter, "--dry-run")
            #expect(named.status == 0, "\(delimiter): \(named.stderr)")
        }
    }

    @Test("a dry run's --format json given CSV says that the list of changes is --changes json")
    func formatForChanges() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let file = sandbox.directory.appendingPathComponent("up.csv")
        try Data("name,weapon\nCat-Bot,fire\n".utf8).write(to: file)
        let run = try sandbox.roster("import", file.path, "--mode", "upsert", "--dry-run", "--format", "json")
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("\(file.path):1:1: expected a JSON value but found `n` (--format names the input's format; the list of changes as JSON is --changes json)\n"),
                "\(run.stderr)")
        // A CSV longer than what is looked at first gets the same advice.
        let long = sandbox.directory.appendingPathComponent("long.csv")
        try Data(("name,weapon\n" + (0..<5_000).map { "Bot-\($0),fire\n" }.joined()).utf8).write(to: long)
        let longRun = try sandbox.roster("import", long.path, "--dry-run", "--format", "json")
        #expect(longRun.status == 65)
        #expect(longRun.stderr.contains("(--format names the input's format; the list of changes as JSON is --changes json)"), "\(longRun.stderr.prefix(300))")
        // Not a dry run, or not JSON: no such advice.
        let real = try sandbox.roster("import", file.path, "--mode", "upsert", "--format", "json")
        #expect(real.status == 65)
        #expect(!real.stderr.contains("--changes"), "\(real.stderr)")
        // What was meant works.
        let meant = try sandbox.roster("import", file.path, "--mode", "upsert", "--dry-run", "--changes", "json")
        #expect(meant.status == 0)
        #expect(meant.stdout.hasPrefix("{\"added\":0,\"updated\":1,"), "\(meant.stdout)")
    }

    @Test("more problems than are listed: --errors json counts them all, lists 10,000, and says it is capped")
    func problemsCapped() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let file = sandbox.directory.appendingPathComponent("bad.csv")
        try Data(("name,weapon\n" + (0..<10_001).map { "Bot-\($0),laser\n" }.joined()).utf8).write(to: file)
        let run = try sandbox.roster("import", file.path, "--errors", "json")
        #expect(run.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 10_001)
        #expect(object["listed"] as? Int == 10_000)
        #expect(object["capped"] as? Bool == true)
        #expect((object["problems"] as? [Any])?.count == 10_000)
        // Fewer than the limit: all listed, not capped.
        try Data("name,weapon\nA,laser\nB,laser\n".utf8).write(to: file)
        let few = try JSONSerialization.jsonObject(with: Data(try sandbox.roster("import", file.path, "--errors", "json").stderr.utf8)) as? [String: Any]
        #expect(few?["total"] as? Int == 2)
        #expect(few?["listed"] as? Int == 2)
        #expect(few?["capped"] as? Bool == false)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }

    @Test("more changes than are listed: --changes json counts them all, lists 10,000, and says it is capped")
    func changesCapped() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let file = sandbox.directory.appendingPathComponent("many.csv")
        try Data(("name,weapon\n" + (0..<10_002).map { "Bot-\($0),fire\n" }.joined()).utf8).write(to: file)
        let run = try sandbox.roster("import", file.path, "--dry-run", "--changes", "json")
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["added"] as? Int == 10_002)
        #expect(object["changing"] as? Int == 10_002)
        #expect(object["listed"] as? Int == 10_000)
        #expect(object["capped"] as? Bool == true)
        #expect((object["changes"] as? [Any])?.count == 10_000)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }
}
