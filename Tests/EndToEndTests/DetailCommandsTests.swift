import Foundation
import Testing

/// Height, origin and activation through the command line: given to
/// `add` and `edit` in the forms people type, stored in UTC, shown on the
/// user's clock, and carried by every machine format.
@Suite("Height, origin and activation from the command line")
struct DetailCommandsTests {
    static let paris = ["TZ": "Europe/Paris"]
    static let utc = ["TZ": "UTC"]

    @Test("add takes a height, a country by name and a local time; JSON holds the stored forms in UTC")
    func add() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["add", "Tall-Bot", "--weapon", "sword", "--height", "6ft2", "--origin", "France",
                                      "--activated", "2026-11-29T14:05"], environment: Self.paris)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "added Tall-Bot (id 7)\n")
        #expect(try sandbox.sqlite("SELECT height, origin, activated FROM monster WHERE id = 7") == "6ft2in|FR|2026-11-29T13:05:00Z")
        let json = try sandbox.roster("show", "tall-bot", "--format", "json")
        #expect(json.stdout.hasSuffix(#""weapon":"sword","height":"6ft2in","origin":"FR","activated":"2026-11-29T13:05:00Z"}"# + "\n"))
        // Left out, they are unknown.
        #expect(try sandbox.roster("add", "Bare-Bot", "--weapon", "fire").status == 0)
        #expect(try sandbox.sqlite("SELECT quote(height), quote(origin), quote(activated) FROM monster WHERE id = 8") == "NULL|NULL|NULL")
    }

    @Test("the spellings people use all work", arguments: [
        (["--height", "5'11\""], "5ft11in"), (["--height", "71in"], "5ft11in"), (["--height", "5 ft 11 in"], "5ft11in"),
        (["--origin", "fr"], "FR"), (["--origin", "FRA"], "FR"), (["--origin", "united kingdom"], "GB"),
        (["--activated", "2026-11-29T13:05Z"], "2026-11-29T13:05:00Z"),
        (["--activated", "2026-11-29T14:05:00+01:00"], "2026-11-29T13:05:00Z"),
        (["--activated", "2026-11-29 14:05"], "2026-11-29T13:05:00Z"),
        (["--activated", "2026-06-01"], "2026-05-31T22:00:00Z"),
        // The forms show and Markdown print, read back.
        (["--activated", "2026-11-29 14:05 CET"], "2026-11-29T13:05:00Z"),
        (["--activated", "2026-11-29 13:05 UTC"], "2026-11-29T13:05:00Z"),
        // The hour the clocks go back happens twice: the zone's name says which.
        (["--activated", "2026-10-25 02:30 CEST"], "2026-10-25T00:30:00Z"),
        (["--activated", "2026-10-25 02:30 CET"], "2026-10-25T01:30:00Z"),
        // Kept to the minute, as every surface shows it.
        (["--activated", "2026-11-29T13:05:42Z"], "2026-11-29T13:05:00Z"),
    ])
    func spellings(_ option: [String], _ stored: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["edit", "Cat-Bot"] + option, environment: Self.paris)
        #expect(run.status == 0, "\(run.stderr)")
        let column = String(option[0].dropFirst(2))
        #expect(try sandbox.sqlite("SELECT \(column) FROM monster WHERE name = 'Cat-Bot'") == stored)
    }

    @Test("edit changes each alone, says what changed, and none makes a value unknown")
    func edit() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["edit", "Fire-Bot", "--height", "6ft2", "--origin", "FR", "--activated", "2026-11-29T14:05"],
                                     environment: Self.utc)
        #expect(run.status == 0)
        #expect(run.stderr == "changed Fire-Bot: height 5 ft 9 in → 6 ft 2 in, origin Iceland (IS) → France (FR), "
            + "activated 2021-06-21 12:00 UTC → 2026-11-29 14:05 UTC\n")
        #expect(try sandbox.sqlite("SELECT height, origin, activated, weapon FROM monster WHERE name = 'Fire-Bot'")
            == "6ft2in|FR|2026-11-29T14:05:00Z|ninja-star")
        let cleared = try sandbox.roster(["edit", "Fire-Bot", "--origin", "none", "--height", "NONE"], environment: Self.utc)
        #expect(cleared.stderr == "changed Fire-Bot: height 6 ft 2 in → unknown, origin France (FR) → unknown\n")
        #expect(try sandbox.sqlite("SELECT quote(height), quote(origin), activated FROM monster WHERE name = 'Fire-Bot'")
            == "NULL|NULL|2026-11-29T14:05:00Z")
        let again = try sandbox.roster("edit", "Fire-Bot", "--origin", "none")
        #expect(again.status == 0)
        #expect(again.stderr == "Fire-Bot already has those values; nothing changed\n")
        let dryRun = try sandbox.roster("edit", "Fire-Bot", "--activated", "none", "--dry-run")
        #expect(dryRun.stderr.contains("would change Fire-Bot: activated"))
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE name = 'Fire-Bot'") == "2026-11-29T14:05:00Z")
    }

    @Test("an unreadable value is a usage error in one sentence, with a suggestion, and changes nothing", arguments: [
        (["--origin", "Frnace"], "roster: unknown country `Frnace`; did you mean `France`?"),
        (["--origin", "Atlantis-Under-The-Sea"],
         "roster: unknown country `Atlantis-Under-The-Sea`; give a country's name or its ISO 3166 code, such as France or FR"),
        (["--height", "5ft13"], "roster: --height: `5ft13` has 13 inches after the feet; that part goes from 0 to 11"),
        (["--height", "31ft"], "roster: --height: `31ft` is taller than a height can be; the most is 30 ft 11 in"),
        (["--height", "tall"], "roster: --height: `tall` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
        (["--activated", "tomorrow"], "roster: --activated: `tomorrow` is not a valid date and time; write a date and time such as 2026-11-29T14:05 (local time), 2026-11-29 14:05 CET, 2026-11-29T13:05Z, 2026-11-29T14:05+01:00, now, today or yesterday"),
        (["--activated", "2026-02-30T10:00"], "roster: --activated: `2026-02-30T10:00` is not a valid date and time; write a date and time such as 2026-11-29T14:05 (local time), 2026-11-29 14:05 CET, 2026-11-29T13:05Z, 2026-11-29T14:05+01:00, now, today or yesterday"),
    ])
    func unreadable(_ option: [String], _ message: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        for command in [["edit", "Cat-Bot"], ["add", "New-Bot", "--weapon", "fire"]] {
            let run = try sandbox.roster(command + option)
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix(message + "\nusage: roster \(command[0]) "), "\(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("every form the help for --activated shows is taken, and names the same moment")
    func everyActivationFormInHelp() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.roster("help", "edit").stdout
        // The option's entry, after the usage line that also names it.
        let after = try #require(help.components(separatedBy: "--activated WHEN").last)
        let entry = after.components(separatedBy: "\n  -")[0].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let form = try Regex(#"\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?(?:Z| ?[+-]\d\d(?::?\d\d)?| [A-Z]{3,5}\b)?)?"#)
        let forms = entry.matches(of: form).map { String(entry[$0.range]) }
        #expect(forms.contains("2026-11-29 14:05 CET"), "the help does not show the form show prints: \(entry)")
        #expect(forms.contains("2026-11-29 14:05 +0100"), "\(entry)")
        #expect(forms.count >= 6, "\(forms)")
        // In Paris every form the help shows is 13:05 UTC; so are the
        // other spellings of an offset, with seconds, which are dropped.
        let others = ["2026-11-29 14:05 +01:00", "2026-11-29T14:05+0100", "2026-11-29 14:05 +01", "2026-11-29 10:05 -03",
                      "2026-11-29 18:50 +0545", "2026-11-29T14:05:59+01:00", " 2026-11-29 14:05 +0100 "]
        for text in forms + others {
            let run = try sandbox.roster(["edit", "Cat-Bot", "--activated", text], environment: Self.paris)
            #expect(run.status == 0, "\(text): \(run.stderr)")
            #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE name = 'Cat-Bot'") == "2026-11-29T13:05:00Z", "\(text)")
            _ = try sandbox.roster(["edit", "Cat-Bot", "--activated", "none"])
        }
        // A file may give a numeric offset too: it names one moment anywhere.
        let file = "name,activated\nCat-Bot,2026-11-29 14:05 +0100\n"
        let imported = try sandbox.roster(["import", "-", "--mode", "upsert"], stdin: file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE name = 'Cat-Bot'") == "2026-11-29T13:05:00Z")
        // An offset out of range is not a time.
        let before = try sandbox.sqlite("SELECT * FROM monster")
        for bad in ["2026-11-29 14:05 +2500", "2026-11-29 14:05 +01:60", "2026-11-29 14:05 +1", "2026-11-29 14:05 +01000"] {
            let run = try sandbox.roster(["edit", "Cat-Bot", "--activated", bad], environment: Self.paris)
            #expect(run.status == 64, "\(bad)")
            #expect(run.stderr.hasPrefix("roster: --activated: `\(bad)` is not a valid date and time;"), "\(bad): \(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("now is kept to the minute; a zone the clock does not use is refused with the one it does")
    func nowAndForeignZones() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("edit", "Cat-Bot", "--activated", "now").status == 0)
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE name = 'Cat-Bot'").hasSuffix(":00Z"))
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster(["edit", "Cat-Bot", "--activated", "2026-11-29 14:05 PST"], environment: Self.paris)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: --activated: `2026-11-29 14:05 PST` names the zone `PST`, but this clock (TZ) is on CET then; give the time on this clock, or with an offset such as +01:00\n"))
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("a local time the clocks skip is refused with the reason, not moved an hour")
    func clockGap() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster(["edit", "Cat-Bot", "--activated", "2025-03-30T02:30"], environment: Self.paris)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: --activated: `2025-03-30T02:30` does not exist on this clock: it falls in the time skipped when daylight-saving time begins"), "\(run.stderr)")
        #expect(run.stderr.contains("or an offset such as +01:00"), "the offset in force before the gap, on this clock")
        let newYork = try sandbox.roster(["edit", "Cat-Bot", "--activated", "2025-03-09T02:30"], environment: ["TZ": "America/New_York"])
        #expect(newYork.status == 64 && newYork.stderr.contains("or an offset such as -05:00"), "\(newYork.stderr)")
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        // The same wall time with its offset, or on a clock without the gap, is a moment.
        #expect(try sandbox.roster(["edit", "Cat-Bot", "--activated", "2025-03-30T02:30+01:00"], environment: Self.paris).status == 0)
        #expect(try sandbox.roster(["edit", "Dog-Bot", "--activated", "2025-03-30T02:30"], environment: Self.utc).status == 0)
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE id <= 2 ORDER BY id") == "2025-03-30T01:30:00Z\n2025-03-30T02:30:00Z")
    }

    @Test("show on a terminal gives the same moment on each clock; JSON stays UTC")
    func timeZones() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster(["edit", "Fire-Bot", "--activated", "2026-11-29T13:05:00Z"])
        let paris = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: Self.paris.merging(["NO_COLOR": "1"]) { $1 })
        let utc = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: Self.utc.merging(["NO_COLOR": "1"]) { $1 })
        #expect(paris.status == 0 && utc.status == 0)
        #expect(paris.output.contains("  activated    2026-11-29 14:05 CET\n"), "\(paris.output)")
        #expect(utc.output.contains("  activated    2026-11-29 13:05 UTC\n"), "\(utc.output)")
        #expect(paris.output.contains("  origin       Iceland (IS)\n"))
        #expect(paris.output.contains("  height       5 ft 9 in\n"))
        // Summer time is the zone's too.
        #expect(try sandbox.rosterOnTerminal(["show", "Ice-Bot"], environment: ["TZ": "America/New_York", "NO_COLOR": "1"])
            .output.contains("  activated    2017-12-21 01:15 EST\n"))
        let jsonParis = try sandbox.roster(["show", "Fire-Bot", "--format", "json"], environment: Self.paris)
        let jsonUTC = try sandbox.roster(["show", "Fire-Bot", "--format", "json"], environment: Self.utc)
        #expect(jsonParis.stdout == jsonUTC.stdout)
        #expect(jsonParis.stdout.contains(#""activated":"2026-11-29T13:05:00Z""#))
        _ = try sandbox.roster("edit", "Fire-Bot", "--height", "none", "--origin", "none", "--activated", "none")
        let unknown = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: ["NO_COLOR": "1"]).output
        #expect(unknown.contains("  height       unknown\n  origin       unknown\n  activated    unknown\n"))
    }

    @Test("every export is the same bytes whatever the time zone", arguments: ["json", "ndjson", "csv", "markdown", "html"])
    func exportsIgnoreTimeZone(_ format: String) throws {
        let sandbox = try Sandbox()
        let paris = try sandbox.roster(["export", "--format", format], environment: Self.paris)
        let tokyo = try sandbox.roster(["export", "--format", format], environment: ["TZ": "Asia/Tokyo"])
        #expect(paris.status == 0)
        #expect(paris.stdoutBytes == tokyo.stdoutBytes)
    }

    @Test("list carries them in every machine format, plain after the weapon and empty when unknown")
    func list() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("edit", "Dog-Bot", "--height", "none", "--origin", "none", "--activated", "none")
        let plain = try sandbox.roster("list", "--weapon", "blowgun").stdout
        #expect(plain == "2\tDog-Bot\tBOW-WOW\tmeetdogbot.png\tblue\tblowgun\t\t\t\n")
        let cat = try sandbox.roster("list", "--weapon", "sword").stdout
        #expect(cat == "1\tCat-Bot\tMEE-OW\tmeetcatbot.png\tdefault\tsword\t2ft4in\tJP\t2019-03-14T09:30:00Z\n")
        let ndjson = try sandbox.roster("list", "--format", "ndjson").stdout.split(separator: "\n")
        #expect(ndjson[1].hasSuffix(#""height":null,"origin":null,"activated":null}"#))
        let csv = try sandbox.roster("list", "--format", "csv").stdout.components(separatedBy: "\r\n")
        #expect(csv[2] == "2,Dog-Bot,BOW-WOW,meetdogbot.png,blue,blowgun,,,")
        let showPlain = try sandbox.roster("show", "Dog-Bot", "--format", "plain").stdout
        #expect(showPlain.hasSuffix("weapon\tblowgun\nheight\t\norigin\t\nactivated\t\n"))
    }

    @Test("a wide terminal's table shows height and origin compactly; a narrow one leaves them to show")
    func table() throws {
        let sandbox = try Sandbox()
        let wide = try sandbox.rosterOnTerminal(["list"], environment: ["NO_COLOR": "1"], columns: 100).output
        let header = try #require(wide.split(separator: "\n").first)
        #expect(header.contains("WEAPON") && header.contains("HEIGHT  ORIGIN  DESCRIPTION"))
        #expect(wide.contains("2'4\"  JP      MEE-OW"))
        let narrow = try sandbox.rosterOnTerminal(["list"], environment: ["NO_COLOR": "1"], columns: 60).output
        #expect(!narrow.contains("HEIGHT") && !narrow.contains("ORIGIN"))
    }

    @Test("an import with bad values reports each at its place and changes nothing")
    func importProblems() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster(["import", "-"],
                                     stdin: "name,weapon,height,origin,activated\nA,fire,5ft13,Frnace,2026-11-29T14:05\n")
        #expect(run.status == 65)
        #expect(run.stderr.contains("stdin:2:8: height: `5ft13` has 13 inches after the feet; that part goes from 0 to 11\n"))
        #expect(run.stderr.contains("stdin:2:14: origin: unknown country `Frnace`; did you mean `France`?\n"))
        #expect(run.stderr.contains("stdin:2:21: activated: `2026-11-29T14:05` has no time zone;"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }

    @Test("help, usage and completion know the new options")
    func helpAndCompletion() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.roster("help", "edit").stdout
        #expect(help.contains("--height H"))
        #expect(help.contains("none makes it unknown"))
        #expect(try sandbox.roster("help", "add").stdout.contains("--origin COUNTRY"))
        let bash = try sandbox.roster("completion", "bash").stdout
        #expect(bash.contains("--origin) _roster_countries;"), "countries by name and code, asked of roster")
        #expect(bash.contains("--activated) COMPREPLY=($(compgen -W 'now none'"))
        let fish = try sandbox.roster("completion", "fish").stdout
        #expect(fish.contains("-l height -x -a 'none'"))
    }
}
