import Foundation
import Testing

/// Every option that takes a typed value refuses a bad one through the
/// binary as its type words it: one sentence, exit status 64, and the
/// roster exactly as it was.
@Suite("Typed options through the binary")
struct TypedOptionsTests {
    @Test("a value its type cannot read is a usage error in its type's sentence", arguments: [
        (["list", "--weapon", "swrod"], "roster: unknown weapon `swrod`; did you mean `sword`?"),
        (["set-weapon", "Cat-Bot", "swrod"], "roster: unknown weapon `swrod`; did you mean `sword`?"),
        (["set-weapon", "Cat-Bot", "fire", "--from", "banana"],
         "roster: unknown weapon `banana`; the weapons are blowgun, ninja-star, fire, sword, smoke"),
        (["edit", "Cat-Bot", "--weapon", "fier"], "roster: unknown weapon `fier`; did you mean `fire`?"),
        (["edit", "Cat-Bot", "--colour", "bleu"], "roster: unknown colour `bleu`; did you mean `blue`?"),
        (["list", "--format", "jsn"], "roster: --format must be one of table, plain, json, ndjson, csv, not `jsn`; did you mean `json`?"),
        (["show", "Cat-Bot", "--format", "csv"], "roster: --format must be one of table, plain, json, not `csv`"),
        (["history", "--format", "csv"], "roster: --format must be one of table, plain, json, ndjson, not `csv`"),
        (["export", "--format", "xml"], "roster: --format must be one of json, ndjson, csv, markdown, html, not `xml`"),
        (["import", "-", "--format", "yaml"], "roster: --format must be one of auto, json, ndjson, csv, not `yaml`"),
        (["import", "-", "--mode", "merge"], "roster: --mode must be one of insert, upsert, replace, not `merge`"),
        (["import", "-", "--errors", "xml"], "roster: --errors must be one of text, json, not `xml`"),
        (["import", "-", "--delimiter", "ab"], "roster: --delimiter takes one character such as , ; or |, or the word tab, not `ab`"),
        (["edit", "Cat-Bot", "--name", "X", "--expect", "weapon"], "roster: --expect takes FIELD=VALUE, such as weapon=sword, not `weapon`"),
        (["history", "--limit", "0"], "roster: --limit must be a whole number from 1 up, not `0`"),
        (["undo", "x"], "roster: N must be a whole number from 1 up, not `x`"),
        (["redo", "0"], "roster: N must be a whole number from 1 up, not `0`"),
    ])
    func refused(_ arguments: [String], _ message: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let history = try sandbox.sqlite("SELECT count(*) FROM history")
        let run = try sandbox.roster(arguments, stdin: "")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message + "\nusage: roster \(arguments[0]) "), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == history)
    }

    @Test("edit names every value it cannot read, one a line, and changes nothing")
    func everyValueAtOnce() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster("edit", "Cat-Bot", "--weapon", "swrod", "--colour", "bleu", "--origin", "Frnace",
                                     "--height", "40ft")
        #expect(run.status == 64)
        #expect(Array(run.stderr.split(separator: "\n").prefix(5)) == [
            "roster: unknown weapon `swrod`; did you mean `sword`?",
            "roster: unknown colour `bleu`; did you mean `blue`?",
            "roster: unknown country `Frnace`; did you mean `France`?",
            "roster: --height: `40ft` is taller than a height can be; the most is 30 ft 11 in",
            "usage: roster edit NAME… [--where EXPR]… [--name N] [--description D]",
        ])
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("good values in any spelling reach the roster in their stored forms")
    func goodValues() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("edit", "Cat-Bot", "--weapon", "Ninja Star", "--colour", "GREEN", "--height", "5'11\"",
                                   "--origin", "fra", "--activated", "2026-11-29T13:05Z").status == 0)
        #expect(try sandbox.sqlite("SELECT weapon, name_color, height, origin, activated FROM monster WHERE name = 'Cat-Bot'")
                == "ninja-star|green|5ft11in|FR|2026-11-29T13:05:00Z")
        #expect(try sandbox.roster("edit", "Cat-Bot", "--height", "None", "--origin", "none", "--activated", "NONE").status == 0)
        #expect(try sandbox.sqlite("SELECT height IS NULL AND origin IS NULL AND activated IS NULL FROM monster WHERE name = 'Cat-Bot'") == "1")
        let limited = try sandbox.roster("history", "--limit", "1", "--format", "NDJSON")
        #expect(limited.status == 0)
        #expect(limited.stdout.split(separator: "\n").count == 1)
        let csv = try sandbox.roster(["import", "-", "--format", "CSV", "--delimiter", "TAB", "--mode", "Upsert", "--dry-run"],
                                     stdin: "name\tweapon\nCat-Bot\tfire\n")
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stderr.contains("would change Cat-Bot: weapon Ninja Star → Fire"), "\(csv.stderr)")
    }

    @Test("help is shown even beside a value that cannot be read")
    func helpBeatsValue() throws {
        let run = try Sandbox().roster("list", "--format", "jsn", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("roster list: "))
    }
}
