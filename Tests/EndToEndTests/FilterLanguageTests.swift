import Foundation
import Testing

/// `--where`, `--sort` and `--fields` as a person types them on the
/// command line: the monsters and fields asked for, and a mistake told in
/// one sentence with a caret under it, exit 64, nothing else printed.
@Suite("The filter and sort language on the command line")
struct FilterLanguageTests {
    private func names(_ output: String) -> [String] {
        output.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) }
    }

    @Test("list --where keeps the matches, --sort orders them, --weapon still works beside them")
    func listFilters() throws {
        let sandbox = try Sandbox()
        let tall = try sandbox.roster("list", "--where", "height>=5ft", "--sort", "-height")
        #expect(tall.status == 0, "\(tall.stderr)")
        #expect(names(tall.stdout) == ["Fire-Bot", "Ice-Bot"])
        let joined = try sandbox.roster("list", "--where", "origin=Japan and colour=default")
        #expect(names(joined.stdout) == ["Cat-Bot"])
        let both = try sandbox.roster("list", "--weapon", "ninja star", "--where", "height<5ft")
        #expect(names(both.stdout) == ["Mini-Tomato-Bot"])
        let sorted = try sandbox.roster("list", "--sort", "weapon,-id")
        #expect(names(sorted.stdout) == ["Dog-Bot", "Ice-Bot", "Mini-Tomato-Bot", "Fire-Bot", "Explode-Bot", "Cat-Bot"])
        let none = try sandbox.roster("list", "--where", "activated>2030-01-01")
        #expect(none.status == 0 && none.stdout.isEmpty, "an empty list is success")
    }

    @Test("--fields gives those fields in that order, in every format; --header names them in plain")
    func fields() throws {
        let sandbox = try Sandbox()
        let plain = try sandbox.roster("list", "--where", "weapon=ninja-star", "--fields", "name,height", "--header")
        #expect(plain.stdout == "name\theight\nFire-Bot\t5ft9in\nMini-Tomato-Bot\t1ft3in\n", "\(plain.stderr)")
        let csv = try sandbox.roster("list", "--fields", "id,colour", "--where", "id<=2", "--format", "csv")
        #expect(csv.stdout == "id,name_color\r\n1,default\r\n2,blue\r\n")
        // Data names the field by its key, whichever spelling was typed; a table for people says COLOUR.
        let header = try sandbox.roster("list", "--fields", "name,colour", "--where", "id=1", "--header")
        #expect(header.stdout == "name\tname_color\nCat-Bot\tdefault\n")
        let table = try sandbox.roster("list", "--fields", "name,colour", "--where", "id=1", "--format", "table")
        #expect(table.stdout.hasPrefix("NAME     COLOUR\n"), "\(table.stdout)")
        let json = try sandbox.roster("list", "--fields", "name", "--where", "id=1", "--format", "json")
        #expect(json.stdout == "[\n  {\"name\":\"Cat-Bot\"}\n]\n")
        let exported = try sandbox.roster("export", "--format", "ndjson", "--where", "description~BOOM", "--fields", "name,weapon")
        #expect(exported.stdout == "{\"name\":\"Explode-Bot\",\"weapon\":\"smoke\"}\n", "\(exported.stderr)")
        let refused = try sandbox.roster("export", "--format", "html", "--fields", "name")
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("roster: --fields applies to json, ndjson and csv; markdown and html show every field\n"))
    }

    @Test("a misspelt field is exit 64: one sentence quoting it, where it is, the field meant, and a caret")
    func misspeltField() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("list", "--where", "height>5ft and wepon=fire")
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "roster: --where `height>5ft and wepon=fire`, column 16: unknown field `wepon`; did you mean `weapon`?")
        #expect(lines.dropFirst() == ["  height>5ft and wepon=fire", "                 ^"],
                "the sentence and the caret, without the command's usage under them")
        let value = try sandbox.roster("export", "--where", "weapon=swrod")
        #expect(value.status == 64)
        #expect(value.stderr.hasPrefix("roster: --where `weapon=swrod`, column 8: unknown weapon `swrod`; did you mean `sword`?\n"))
        let sort = try sandbox.roster("list", "--sort", "hieght")
        #expect(sort.status == 64)
        #expect(sort.stderr.hasPrefix("roster: --sort `hieght`, column 1: unknown field `hieght`; did you mean `height`?\n"))
        let order = try sandbox.roster("list", "--where", "weapon>fire")
        #expect(order.stderr.hasPrefix("roster: --where `weapon>fire`, column 7: > compares id, height and activated only; for weapon use = or !=\n"))
    }

    @Test("a new user's slips: `or`, and an `and` with nothing after it, are told as such")
    func newUsersSlips() throws {
        let sandbox = try Sandbox()
        let or = try sandbox.roster("list", "--where", "weapon=fire or weapon=sword")
        #expect(or.status == 64)
        #expect(or.stderr == """
            roster: --where `weapon=fire or weapon=sword`, column 13: there is no `or`: only `and` joins conditions; run the command once for each condition
              weapon=fire or weapon=sword
                          ^

            """)
        let and = try sandbox.roster("list", "--where", "weapon=fire and")
        #expect(and.status == 64)
        #expect(and.stderr.hasPrefix("roster: --where `weapon=fire and`, column 16: the condition after `and` is missing;"))
    }

    @Test("set-weapon --where changes every match as one change one undo takes back; --dry-run lists each")
    func setWeaponWhere() throws {
        let sandbox = try Sandbox()
        let dry = try sandbox.roster("set-weapon", "--where", "height>=5ft", "smoke", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr.contains("would change Fire-Bot: Ninja Star → Smoke") && dry.stderr.contains("would change Ice-Bot: Fire → Smoke"))
        #expect(try sandbox.sqlite("SELECT group_concat(weapon) FROM monster WHERE id IN (4, 5)") == "ninja-star,fire")
        let run = try sandbox.roster("set-weapon", "--where", "height>=5ft", "smoke")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.sqlite("SELECT group_concat(weapon) FROM monster WHERE id IN (4, 5)") == "smoke,smoke")
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == "1")
        #expect(try sandbox.roster("undo").status == 0)
        #expect(try sandbox.sqlite("SELECT group_concat(weapon) FROM monster WHERE id IN (4, 5)") == "ninja-star,fire")
        let nobody = try sandbox.roster("set-weapon", "--where", "origin=none", "smoke")
        #expect(nobody.status == 0 && nobody.stderr.hasSuffix("no monsters match; nothing changed\n"), "\(nobody.stderr)")
        let both = try sandbox.roster("set-weapon", "--where", "id=1", "Cat-Bot", "smoke")
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("roster: --where chooses the monsters; give no NAME with it\n"), "\(both.stderr)")
        let bad = try sandbox.roster("set-weapon", "--where", "wepon=fire", "smoke")
        #expect(bad.status == 64)
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == "2", "nothing more was recorded")
    }

    @Test("set-weapon --where and edit --where on many monsters tell the first ten, then how many more and where they are")
    func manyMatchesToldInBrief() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 14)
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
            SELECT 'Many-' || i, 'many-' || i, '', 'unknown.png', 'default', 'sword' FROM n
            """)
        let run = try sandbox.roster("set-weapon", "--where", "weapon=sword", "fire")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(run.stderr)")
        #expect(lines.first == "changed Cat-Bot: Sword → Fire")
        #expect(lines.last == "… and 5 more (the first 10 are listed; `roster history --limit 1 --format json` lists every one)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE weapon = 'fire'") == "16")
        let dry = try sandbox.roster("edit", "--where", "weapon=fire", "--colour", "red", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr.split(separator: "\n").suffix(2) == ["… and 6 more (the first 10 are listed)",
                                                                 "dry run: 16 monsters would change; nothing was changed"], "\(dry.stderr)")
    }

    @Test("edit --where changes every match the same way as one change one undo takes back; --dry-run lists each")
    func editWhere() throws {
        let sandbox = try Sandbox()
        let colours = "SELECT group_concat(name_color) FROM monster WHERE id IN (4, 5)"
        let dry = try sandbox.roster("edit", "--where", "height>=5ft", "--colour", "green", "--origin", "FR", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr == """
            would change Fire-Bot: colour Red → Green, origin Iceland (IS) → France (FR)
            would change Ice-Bot: colour Blue → Green, origin Finland (FI) → France (FR)
            dry run: 2 monsters would change; nothing was changed

            """)
        #expect(try sandbox.sqlite(colours) == "red,blue")
        let run = try sandbox.roster("edit", "--where", "height>=5ft", "--colour", "green")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sandbox.sqlite(colours) == "green,green")
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == "1", "one change")
        #expect(try sandbox.roster("undo").stderr == "undid edit Fire-Bot: colour Red → Green; Ice-Bot: colour Blue → Green\n")
        #expect(try sandbox.sqlite(colours) == "red,blue")
        let names = try sandbox.roster("edit", "Cat-Bot", "Dog-Bot", "--description", "Robots")
        #expect(names.status == 0 && names.stderr.hasPrefix("changed Cat-Bot: description"), "\(names.stderr)")
        let renamed = try sandbox.roster("edit", "--where", "colour=red", "--name", "Same-Bot")
        #expect(renamed.status == 64)
        #expect(renamed.stderr.hasPrefix("roster: --name names one monster; give it one NAME, without --where\n"), "\(renamed.stderr)")
        let nothing = try sandbox.roster("edit", "--where", "colour=red")
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("roster: `edit` needs at least one of --name"), "\(nothing.stderr)")
    }

    @Test("remove --where needs --yes off a terminal, removes every match as one change, and undo brings them back")
    func removeWhere() throws {
        let sandbox = try Sandbox()
        let unasked = try sandbox.roster("remove", "--where", "colour=red")
        #expect(unasked.status == 64)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
        let dry = try sandbox.roster("remove", "--where", "colour=red", "--dry-run")
        #expect(dry.stderr == "would remove Explode-Bot\nwould remove Fire-Bot\ndry run: would remove 2 monsters; nothing was changed\n",
                "each on a line of its own, then how many: \(dry.stderr)")
        let run = try sandbox.roster("remove", "--where", "colour=red", "--yes")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "removed Explode-Bot\nremoved Fire-Bot\n", "one a line, as the other --where commands: \(run.stderr)")
        #expect(try sandbox.sqlite("SELECT group_concat(name) FROM monster") == "Cat-Bot,Dog-Bot,Ice-Bot,Mini-Tomato-Bot")
        #expect(try sandbox.roster("undo").status == 0)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }
}
