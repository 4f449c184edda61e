import Foundation
import Testing

/// The README invites the sqlite3 shell and sqlite-utils to write the
/// monster table, but a name's key (`name_key`) is roster's own
/// derivation. Trusted as stored, it made roster act on another monster.
/// Keys of rows another program wrote are derived again before any lookup.
@Suite("Monsters another program renamed or inserted")
struct OtherProgramsRowsTests {
    @Test("after two renames by the sqlite3 shell, each monster is found by its current name, and the file is never called damaged")
    func swappedNames() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("UPDATE monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE monster SET name = 'Cat-Bot' WHERE id = 2;")
        let kitty = try sandbox.roster("show", "Kitty-Bot", "--format", "json")
        #expect(kitty.status == 0, "\(kitty.stderr)")
        #expect(kitty.stdout.hasPrefix("{\"id\":1,"), "\(kitty.stdout)")
        let remove = try sandbox.roster("remove", "Cat-Bot", "--yes")
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try sandbox.sqlite("SELECT group_concat(id || ':' || name, ' ') FROM monster WHERE id <= 2") == "1:Kitty-Bot",
                "the monster now named Cat-Bot (id 2) went; Kitty-Bot stays")
        #expect(try sandbox.roster("show", "kitty-bot").status == 0)
    }

    @Test("a monster inserted with a key roster did not compute cannot be added twice")
    func insertedWithForeignKey() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('Zed-Bot', 'anything', 'unknown.png', 'fire')")
        let add = try sandbox.roster("add", "zed-bot", "--weapon", "smoke")
        #expect(add.status == 1, "\(add.stderr)")
        #expect(add.stderr.contains("Zed-Bot"), "\(add.stderr)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name LIKE 'zed-bot'") == "1")
        let show = try sandbox.roster("show", "ZED-BOT")
        #expect(show.status == 0, "\(show.stderr)")
    }

    @Test("two names that read alike, one inserted by another program: each is found by its exact spelling, any other spelling is refused naming both, and nothing is done to the wrong one")
    func namesReadingAlike() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "twin-bot", "--weapon", "fire").status == 0)
        _ = try sandbox.sqlite("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('Twin-Bot', 'bogus', 'unknown.png', 'smoke')")
        let exact = try sandbox.roster("show", "Twin-Bot", "--format", "json")
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(exact.stdout.hasPrefix("{\"id\":8,"), "\(exact.stdout)")
        #expect(try sandbox.roster("set-weapon", "Twin-Bot", "sword").status == 0)
        #expect(try sandbox.sqlite("SELECT group_concat(id || ':' || weapon, ' ') FROM monster WHERE id >= 7") == "7:fire 8:sword")
        #expect(try sandbox.roster("set-weapon", "twin-bot", "blowgun").status == 0)
        #expect(try sandbox.sqlite("SELECT group_concat(id || ':' || weapon, ' ') FROM monster WHERE id >= 7") == "7:blowgun 8:sword")
        let other = try sandbox.roster("remove", "TWIN-BOT", "--yes")
        #expect(other.status == 1)
        #expect(other.stderr == "roster: 2 monsters have names that read as `TWIN-BOT`: `twin-bot` (id 7) and `Twin-Bot` (id 8); name one by its id or by its exact spelling, or rename one (roster edit '#8' --name NEW)\n",
                "\(other.stderr)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE id >= 7") == "2")
    }

    @Test("add, and import's insert, of a name that reads as both of a pair say the name is taken by both, not to name one by its id; an upsert is told to spell one")
    func newNameReadingAsPair() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "twin-bot", "--weapon", "fire").status == 0)
        _ = try sandbox.sqlite("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('Twin-Bot', 'bogus', 'unknown.png', 'smoke')")
        let taken = "the name `TWIN-BOT` reads as `twin-bot` (id 7) and `Twin-Bot` (id 8), already on the roster "
            + "(names are compared ignoring case, width and look-alike letters); choose a name that does not"
        let add = try sandbox.roster("add", "TWIN-BOT", "--weapon", "sword")
        #expect(add.status == 1)
        #expect(add.stderr == "roster: \(taken)\n", "\(add.stderr)")
        let broken = try sandbox.roster("add", "TWIN-BOT", "--weapon", "sword", "--icon", "x")
        #expect(broken.status == 65)
        #expect(broken.stderr.contains(taken), "\(broken.stderr)")
        let insert = try sandbox.roster(["import", "-", "--format", "csv"], stdin: "name,weapon\nTWIN-BOT,sword\n")
        #expect(insert.status != 0)
        #expect(insert.stderr.contains(taken), "\(insert.stderr)")
        let upsert = try sandbox.roster(["import", "-", "--format", "csv", "--mode", "upsert"], stdin: "name,weapon\nTWIN-BOT,sword\n")
        #expect(upsert.status != 0)
        #expect(upsert.stderr.contains("spell it exactly as the one to update, or rename one"), "\(upsert.stderr)")
        #expect(!(add.stderr + insert.stderr + upsert.stderr).contains("by its id"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "8")
    }
}

/// A filter on names (`--where name=…`) matched the stored keys: after
/// another program swapped two names, `set-weapon --where name=cat-bot`
/// changed Kitty-Bot; among names that read alike only the one whose key
/// was plain matched `=`; and on a roster that cannot be written, whose
/// keys cannot be corrected, the filter used the stale keys.
@Suite("Name filters over rows another program wrote")
struct NameFilterOverOtherProgramsRowsTests {
    @Test("after another program swaps two names, --where name= finds each by its current name")
    func swappedNames() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("UPDATE monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE monster SET name = 'Cat-Bot' WHERE id = 2;")
        let set = try sandbox.roster("set-weapon", "--where", "name=cat-bot", "smoke")
        #expect(set.stderr == "changed Cat-Bot: Blowgun → Smoke\n", "\(set.stderr)")
        #expect(try sandbox.roster("list", "--where", "name~kitty", "--format", "plain").stdout.hasPrefix("1\tKitty-Bot\t"))
    }

    @Test("= and != mean a name as show does: an exact spelling of names that read alike takes its own monster; another spelling lists or leaves out them all, and an action by it is refused naming each; ~ finds them all")
    func namesReadingAlike() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "twin-bot", "--weapon", "fire").status == 0)
        _ = try sandbox.sqlite("""
            INSERT INTO monster (name, name_key, icon, weapon) VALUES ('Twin-Bot', 'twin-bot-x', 'a.png', 'sword'), ('TWIN-BOT', 'twin-bot-y', 'a.png', 'smoke')
            """)
        func ids(_ expression: String) throws -> String {
            try sandbox.roster("list", "--where", expression, "--format", "plain").stdout
                .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.joined(separator: " ")
        }
        #expect(try ids("name=TWIN-BOT") == "9")
        #expect(try ids("name=twin-bot") == "7")
        #expect(try ids("name!=twin-bot") == "1 2 3 4 5 6 8 9")
        #expect(try ids("name~twin") == "7 8 9")
        // A shadow key ends in its id: `~8` must not find it there.
        #expect(try ids("name~8") == "")
        #expect(try ids("name=Twin-bot") == "7 8 9")
        #expect(try ids("name!=Twin-bot") == "1 2 3 4 5 6")
        #expect(try sandbox.roster("export", "--where", "name!=twin-BOT", "--format", "csv").stdout.split(whereSeparator: \.isNewline).count == 7)
        let rows = "SELECT group_concat(id || ':' || weapon || ':' || name_color, ' ') FROM monster"
        let before = try sandbox.sqlite(rows)
        for action in [["remove", "--where", "name=Twin-bot", "--yes"], ["set-weapon", "--where", "name!=Twin-bot", "fire"],
                       ["edit", "--where", "name=Twin-bot", "--color", "red"]] {
            let refused = try sandbox.roster(action)
            #expect(refused.status == 1, "\(action)")
            #expect(refused.stderr.contains("3 monsters have names that read as `Twin-bot`"), "\(refused.stderr)")
        }
        #expect(try sandbox.sqlite(rows) == before, "nothing was changed")
        let set = try sandbox.roster("set-weapon", "--where", "name=TWIN-BOT", "ninja-star")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try sandbox.sqlite("SELECT group_concat(weapon) FROM monster WHERE id >= 7") == "fire,sword,ninja-star")
    }

    @Test("on a roster that cannot be written, a name filter compares names rather than the stale keys",
          .enabled(if: getuid() == 0, "needs root to switch to an unprivileged user"))
    func readOnlyRoster() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("UPDATE monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE monster SET name = 'Cat-Bot' WHERE id = 2;")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
        for path in [sandbox.databasePath, sandbox.databasePath + "-wal", sandbox.databasePath + "-shm"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        func asNobody(_ arguments: [String]) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", sandbox.databasePath] + arguments)
        }
        let cat = try asNobody(["list", "--where", "name=cat-bot", "--format", "plain"])
        #expect(cat.stdout.hasPrefix("2\tCat-Bot\t") && cat.stdout.split(separator: "\n").count == 1, "\(cat.stdout) \(cat.stderr)")
        let kitty = try asNobody(["export", "--where", "name~kitty", "--format", "ndjson"])
        #expect(kitty.stdout.hasPrefix("{\"id\":1,\"name\":\"Kitty-Bot\""), "\(kitty.stdout) \(kitty.stderr)")
    }
}

/// Ids are never given out twice: removing the newest monster once gave
/// its id to the next one added, so `history B-Bot` told A-Bot's changes
/// and a script that kept "id 7" acted on another monster.
@Suite("Monster ids")
struct MonsterIDTests {
    @Test("a removed monster's id is never given again: not by add, not by import, not after another program removed it")
    func neverGivenTwice() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("add", "A-Bot", "--weapon", "fire").stderr == "added A-Bot (id 7)\n")
        #expect(try sandbox.roster("remove", "A-Bot", "--yes").status == 0)
        #expect(try sandbox.roster("add", "B-Bot", "--weapon", "fire").stderr == "added B-Bot (id 8)\n")
        let history = try sandbox.roster("history", "B-Bot")
        #expect(!history.stdout.contains("A-Bot"), "\(history.stdout)")
        #expect(try sandbox.roster("remove", "B-Bot", "--yes").status == 0)
        let imported = try sandbox.roster(["import", "-", "--format", "csv"], stdin: "name,weapon\nC-Bot,smoke\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sandbox.sqlite("SELECT id FROM monster WHERE name = 'C-Bot'") == "9")
        // Another program removes the newest monster, and adds one with an id of its choosing.
        _ = try sandbox.sqlite("DELETE FROM monster WHERE id = 9; INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (20, 'D-Bot', 'd-bot', 'unknown.png', 'fire'); DELETE FROM monster WHERE id = 20;")
        #expect(try sandbox.roster("add", "E-Bot", "--weapon", "fire").stderr == "added E-Bot (id 21)\n")
    }

    @Test("H4: a name of digits another program wrote, which reads as another monster's id, is refused by every command naming both; neither is touched")
    func nameReadingAsAnID() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("UPDATE monster SET name = '5' WHERE id = 1")
        for command in [["show", "5"], ["remove", "5", "--yes"], ["set-weapon", "5", "sword"], ["edit", "5", "--description", "x"]] {
            let run = try sandbox.roster(command)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("`Ice-Bot` (id 5)") && run.stderr.contains("monster 1")
                    && run.stderr.contains("roster edit '#1' --name"), "\(command): \(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT group_concat(id || ':' || name || ':' || weapon || ':' || description, ' ') FROM monster WHERE id IN (1, 5)")
                == "1:5:sword:MEE-OW 5:Ice-Bot:fire:Has A Chilling Effect")
        // `#5` says it means an id; with no monster 7, `7` means the monster called so.
        #expect(try sandbox.roster("show", "#5", "--format", "json").stdout.hasPrefix("{\"id\":5,"))
        _ = try sandbox.sqlite("UPDATE monster SET name = '7' WHERE id = 1")
        let named = try sandbox.roster("show", "7", "--format", "json")
        #expect(named.stdout.hasPrefix("{\"id\":1,"), "\(named.stdout) \(named.stderr)")
        // Names crossing ids: the hint's own command must not be refused as ambiguous in turn.
        _ = try sandbox.sqlite("UPDATE monster SET name = '5' WHERE id = 1; UPDATE monster SET name = '1' WHERE id = 5")
        let crossed = try sandbox.roster("show", "5")
        #expect(crossed.stderr.contains("roster edit '#1' --name NEW"), "\(crossed.stderr)")
        let followed = try sandbox.roster("edit", "#1", "--name", "Uno-Bot")
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(try sandbox.sqlite("SELECT name FROM monster WHERE id = 1") == "Uno-Bot")
    }
}
