import Foundation
import Testing

/// Every typed option given the values a new user's slips produce: an
/// empty string (an unset variable), a huge number, a negative one,
/// spaces around the word, another case, and look-alikes of its words
/// (Cyrillic letters, fullwidth forms). Each is either read as meant or
/// refused in one sentence, with status 64 and the roster as it was.
@Suite("Typed options given odd values")
struct OddValuesTests {
    @Test("an odd value is refused in one clear sentence, changing nothing", arguments: [
        // Empty, or only spaces: said so, never as empty backticks.
        (["history", "--limit", ""], "roster: --limit is empty; it must be a whole number from 1 up"),
        (["undo", " "], "roster: N is empty; it must be a whole number from 1 up"),
        (["edit", "Cat-Bot", "--origin", ""], "roster: --origin is empty; give a country's name or its ISO 3166 code, such as France or FR"),
        (["edit", "Cat-Bot", "--origin", " "], "roster: --origin is empty; give a country's name or its ISO 3166 code, such as France or FR"),
        // The option is named as it was typed: --colour is --color's other spelling.
        (["edit", "Cat-Bot", "--colour", ""], "roster: --colour is empty; give a colour: default, red, green, blue"),
        (["edit", "Cat-Bot", "--color", ""], "roster: --color is empty; give a colour: default, red, green, blue"),
        (["edit", "Cat-Bot", "--colour"], "roster: --colour needs a value (C)"),
        (["export", "-f", "xml"], "roster: -f must be one of json, ndjson, csv, markdown, html, not `xml`"),
        // A name another format also goes by is suggested, never taken (export takes md and jsonl: they mean one format each).
        (["list", "--format", "tsv"], "roster: --format must be one of table, plain, json, ndjson, csv, not `tsv`; did you mean `plain`?"),
        (["edit", "Cat-Bot", "--weapon", ""], "roster: --weapon is empty; give a weapon: blowgun, ninja-star, fire, sword, smoke"),
        (["set-weapon", "Cat-Bot", ""], "roster: WEAPON is empty; give a weapon: blowgun, ninja-star, fire, sword, smoke"),
        (["edit", "Cat-Bot", "--height", ""], "roster: --height is empty; give a height such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
        (["edit", "Cat-Bot", "--activated", ""], "roster: --activated is empty; give a date and time such as 2026-11-29T14:05 (local time)"),
        (["list", "--format", ""], "roster: --format is empty; it must be one of table, plain, json, ndjson, csv"),
        (["import", "-", "--mode", " "], "roster: --mode is empty; it must be one of insert, upsert, replace"),
        // Negative numbers and numbers in other digits.
        (["history", "--limit", "-3"], "roster: --limit must be a whole number from 1 up, not `-3`"),
        (["undo", "-3"], "roster: unknown option -3"),
        (["history", "--limit", "５"], "roster: --limit must be a whole number from 1 up, written with the digits 0 to 9, not `５`"),
        (["edit", "Cat-Bot", "--height", "-3ft"], "roster: --height: `-3ft` is not a height;"),
        // Look-alikes get the word they look like as a suggestion.
        (["set-weapon", "Cat-Bot", "ＦＩＲＥ"], "roster: unknown weapon `ＦＩＲＥ`; did you mean `fire`?"),
        (["set-weapon", "Cat-Bot", "ѕword"], "roster: unknown weapon `ѕword`; did you mean `sword`?"),
        (["edit", "Cat-Bot", "--colour", "rеd"], "roster: unknown colour `rеd`; did you mean `red`?"),
        (["edit", "Cat-Bot", "--origin", "Frаnce"], "roster: unknown country `Frаnce`; did you mean `France`?"),
        (["list", "--format", "ｊｓｏｎ"], "roster: --format must be one of table, plain, json, ndjson, csv, not `ｊｓｏｎ`; did you mean `json`?"),
        (["import", "-", "--mode", "upsеrt"], "roster: --mode must be one of insert, upsert, replace, not `upsеrt`; did you mean `upsert`?"),
    ])
    func refused(_ arguments: [String], _ message: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let history = try sandbox.sqlite("SELECT * FROM history")
        let run = try sandbox.roster(arguments, stdin: "")
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix(message) == true, "\(arguments): \(run.stderr)")
        // One sentence, then the usage that says how the command is written.
        #expect(lines.dropFirst().first?.hasPrefix("usage: ") == true, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        #expect(try sandbox.sqlite("SELECT * FROM history") == history)
    }

    @Test("spaces around a value, another case, and a huge count are read as meant")
    func readAsMeant() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        for arguments in [["set-weapon", "Cat-Bot", " fire "], ["edit", "Cat-Bot", "--colour", " RED "],
                          ["edit", "Cat-Bot", "--origin", " france "], ["edit", "Cat-Bot", "--height", " 5FT11 "],
                          ["edit", "Cat-Bot", "--activated", " 2026-11-29T13:05z "]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT weapon, name_color, origin, height, activated FROM monster WHERE name = 'Cat-Bot'")
                == "fire|red|FR|5ft11in|2026-11-29T13:05:00Z")
        let all = try sandbox.roster("history", "--format", "json").stdout
        for limit in ["99999999999999999999", " 5 ", "9223372036854775807"] {
            let run = try sandbox.roster("history", "--format", " JSON ", "--limit", limit)
            #expect(run.status == 0, "\(limit): \(run.stderr)")
            #expect(run.stdout == all, "\(limit)")
        }
        // A count past what the history keeps is a slip, refused; the
        // bound itself takes back all there are, and says so.
        for count in ["99999999999999999999", "10001"] {
            let slip = try sandbox.roster("undo", count)
            #expect(slip.status == 64, "\(count): \(slip.stderr)")
            #expect(slip.stderr.hasPrefix("roster: N must be at most 10000, as the history keeps no more changes than that; `roster undo 10000` undoes all there are\n"), "\(slip.stderr)")
        }
        #expect(try sandbox.roster("history", "--format", "json").stdout == all, "a refused count undid something")
        let undo = try sandbox.roster("undo", "10000", "--dry-run")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr.contains("nothing more to undo"), "\(undo.stderr)")
        #expect(undo.stderr.split(separator: "\n").filter { $0.hasPrefix("would undo ") }.count == 5, "\(undo.stderr)")
    }
}
