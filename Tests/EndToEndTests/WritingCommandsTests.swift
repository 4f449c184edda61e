import Foundation
import Testing

@Suite("Changing the roster from the command line")
struct WritingCommandsTests {
    @Test("set-weapon saves the weapon and says what changed; the database agrees")
    func setWeapon() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("set-weapon", "cat-bot", "Ninja Star")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "changed Cat-Bot: Sword → Ninja Star\n")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "ninja-star")
        let again = try sandbox.roster("set-weapon", "Cat-Bot", "ninja_star")
        #expect(again.status == 0)
        #expect(again.stderr == "Cat-Bot already carries Ninja Star; nothing changed\n")
    }

    @Test("several names take the same weapon, in one transaction")
    func severalNames() throws {
        let sandbox = try Sandbox()
        let failed = try sandbox.roster("set-weapon", "Cat-Bot", "Nobody", "fire")
        #expect(failed.status == 1)
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")
        let several = try sandbox.roster("set-weapon", "Cat-Bot", "Nobody", "Ghost", "fire")
        #expect(several.status == 1)
        #expect(several.stderr == "roster: no monster is named `Nobody`\nroster: no monster is named `Ghost`\nroster: nothing was changed\n")
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "2", "fire")
        #expect(run.status == 0)
        #expect(try sandbox.sqlite("SELECT group_concat(name) FROM monster WHERE weapon = 'fire'") == "Cat-Bot,Dog-Bot,Ice-Bot")
    }

    @Test("a misspelt weapon is a usage error with a suggestion and the usage line, and changes nothing")
    func misspeltWeapon() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "swrod")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: unknown weapon `swrod`; did you mean `sword`?\nusage: roster set-weapon NAME… WEAPON [--from W] [--dry-run] [--db PATH]\n"))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")
    }

    @Test("a batch on stdin applies all of it, or reports every problem and applies none")
    func stdinBatch() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let bad = try sandbox.roster(["set-weapon", "--stdin"],
                                     stdin: "Cat-Bot\tfire\nKat-Bot\tsmoke\n{\"name\":\"Dog-Bot\",\"weapon\":\"swrod\"}\nno tab\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("stdin:3:28: weapon: unknown weapon `swrod`; did you mean `sword`?"))
        #expect(bad.stderr.contains("stdin:4:1: expected NAME<TAB>WEAPON"))
        #expect(bad.stderr.contains("stdin:2:1: name: no monster is named `Kat-Bot`; did you mean `Cat-Bot`?"))
        #expect(bad.stderr.hasSuffix("roster: nothing was changed: the input has 3 problems\n"))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")

        let missing = try sandbox.roster(["set-weapon", "--stdin"], stdin: "Cat-Bot\tfire\nKat-Bot\tsmoke\n")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("stdin:2:1: name: no monster is named `Kat-Bot`; did you mean `Cat-Bot`?"))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")

        let good = try sandbox.roster(["set-weapon", "--stdin"],
                                      stdin: "Cat-Bot\tfire\r\n\n{\"name\":\"dog-bot\",\"weapon\":\"NinjaStar\"}\n")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id IN (1, 2) ORDER BY id") == "fire\nninja-star")
    }

    @Test("a batch line with an unknown weapon and an unknown name reports both")
    func stdinBatchReportsEveryProblemOfALine() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["set-weapon", "--stdin"], stdin: "Cat-Bot\tfire\nX\ty\n{\"name\":\"Kat-Bot\",\"weapon\":\"laser\"}\n")
        #expect(run.status == 65)
        #expect(run.stderr == """
            stdin:2:1: name: no monster is named `X`
            stdin:2:3: weapon: unknown weapon `y`; the weapons are blowgun, ninja-star, fire, sword, smoke
            stdin:3:9: name: no monster is named `Kat-Bot`; did you mean `Cat-Bot`?
            stdin:3:28: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke
            roster: nothing was changed: the input has 4 problems

            """)
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Cat-Bot'") == "sword")
    }

    @Test("set-weapon --stdin words a missing weapon and an unknown one as import does")
    func stdinBatchWordsProblemsAsImport() throws {
        let sandbox = try Sandbox()
        let input = "{\"name\":\"Cat-Bot\"}\n{\"name\":\"Dog-Bot\",\"weapon\":\"laser\"}\n"
        let batch = try sandbox.roster(["set-weapon", "--stdin"], stdin: input)
        // Into a roster the import creates, empty: no name clashes.
        let imported = try Sandbox().roster(["import", "-"], stdin: input)
        let expected = """
            stdin:1:1: weapon: the record has no weapon
            stdin:2:28: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke
            roster: nothing was changed: the input has 2 problems

            """
        #expect(batch.stderr == expected)
        #expect(imported.stderr == expected)
    }

    @Test("set-weapon --stdin and import - on a terminal say what they read and how to end it",
          arguments: [
              (["set-weapon", "--stdin"], "reading NAME<TAB>WEAPON or NAME,WEAPON lines (or NDJSON objects) from the terminal; end with Ctrl-D"),
              (["import", "-"], "reading monsters from the terminal; end with Ctrl-D"),
          ])
    func terminalInputHint(_ arguments: [String], hint: String) throws {
        let sandbox = try Sandbox()
        // util-linux's script(1) puts the command on a pseudo-terminal; the
        // Ctrl-D it is given ends the input there, as a person's would.
        let command = ([Sandbox.binary.path, "--db", sandbox.databasePath] + arguments)
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path, "LANG": "C.UTF-8", "TERM": "dumb"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data("\u{4}".utf8))
        let seen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(seen.contains(hint), "\(seen)")
    }

    @Test("--dry-run reports what would change and changes nothing")
    func dryRun() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "fire", "--dry-run")
        #expect(run.status == 0)
        #expect(run.stderr.contains("would change Cat-Bot: Sword → Fire"))
        #expect(try sandbox.roster("add", "New-Bot", "--weapon", "fire", "-n").stderr.contains("would add New-Bot"))
        #expect(try sandbox.roster("edit", "Cat-Bot", "--color", "red", "--dry-run").stderr.contains("would change Cat-Bot: colour Default → Red"))
        #expect(try sandbox.roster("remove", "Cat-Bot", "--dry-run").stderr.contains("would remove Cat-Bot"))
        #expect(try sandbox.sqlite("SELECT count(*), group_concat(weapon), group_concat(name_color) FROM monster WHERE name = 'Cat-Bot'") == "1|sword|default")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }

    @Test("add creates a monster; bad values are refused with one sentence each and exit 65")
    func add() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("add", "Bat-Bot", "--weapon", "smoke", "--description", "Hangs around", "--color", "blue")
        #expect(run.status == 0)
        #expect(run.stderr == "added Bat-Bot (id 7)\n")
        #expect(try sandbox.roster("show", "bat-bot", "--format", "json").stdout ==
                #"{"id":7,"name":"Bat-Bot","description":"Hangs around","icon":"unknown.png","name_color":"blue","weapon":"smoke","height":null,"origin":null,"activated":null}"# + "\n")
        let taken = try sandbox.roster("add", "BAT-BOT", "--weapon", "fire")
        #expect(taken.status == 1)
        #expect(taken.stderr == "roster: `BAT-BOT` reads as `Bat-Bot`, which is already on the roster (names are compared ignoring case, width and look-alike letters)\n")
        let long = try sandbox.roster("add", String(repeating: "x", count: 65), "--weapon", "fire")
        #expect(long.status == 65)
        #expect(long.stderr == "roster: a name can have at most 64 characters; this one has 65\n")
        let control = try sandbox.roster("add", "Evil\u{1B}[31m", "--weapon", "fire")
        #expect(control.status == 65)
        #expect(control.stderr.contains("U+001B"))
        #expect(!control.stderr.unicodeScalars.contains("\u{1B}"))
        let color = try sandbox.roster("add", "Y", "--weapon", "fire", "--color", "bleu")
        #expect(color.status == 64)
        #expect(color.stderr.contains("did you mean `blue`?"))
        let digits = try sandbox.roster("add", "1", "--weapon", "fire")
        #expect(digits.status == 65)
        #expect(digits.stderr.contains("only digits"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "7")
        // Ids are written plainly: 008 or +8 are names, and no monster has them.
        #expect(try sandbox.roster("show", "#1", "--format", "plain").stdout.contains("name\tCat-Bot"))
        for loose in ["008", "+7"] {
            let run = try sandbox.roster("remove", loose, "--yes")
            #expect(run.status == 1, "\(loose)")
        }
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "7")
    }

    @Test("an empty --db, -o or FILE is a usage error, never the default database")
    func emptyPaths() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1")
        for arguments in [["--db", "", "set-weapon", "Cat-Bot", "fire"], ["set-weapon", "--db=", "Cat-Bot", "fire"],
                          ["export", "-o", ""], ["import", ""]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains("empty"), "\(arguments): \(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == before)
    }

    @Test("a name that looks like SQL is stored and shown literally")
    func sqlLookingName() throws {
        let sandbox = try Sandbox()
        let name = "Robert'); DROP TABLE monster;--"
        #expect(try sandbox.roster("add", name, "--weapon", "sword").status == 0)
        #expect(try sandbox.roster("set-weapon", name, "fire").status == 0)
        #expect(try sandbox.roster("list", "--weapon", "fire").stdout.contains("7\t\(name)\t"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "7")
    }

    @Test("edit changes the named fields and nothing else")
    func edit() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("edit", "Cat-Bot", "--name", "Kitty-Bot", "--color", "red")
        #expect(run.status == 0)
        #expect(run.stderr == "changed Cat-Bot: name `Cat-Bot` → `Kitty-Bot`, colour Default → Red\n")
        #expect(try sandbox.sqlite("SELECT name, name_key, description, name_color, weapon FROM monster WHERE id = 1") ==
                "Kitty-Bot|kitty-bot|MEE-OW|red|sword")
        let same = try sandbox.roster("edit", "kitty-bot", "--description", "MEE-OW")
        #expect(same.status == 0)
        #expect(same.stderr == "Kitty-Bot already has those values; nothing changed\n")
        let nothing = try sandbox.roster("edit", "Kitty-Bot")
        #expect(nothing.status == 64)
        let taken = try sandbox.roster("edit", "Kitty-Bot", "--name", "dog-bot")
        #expect(taken.status == 1)
    }

    @Test("remove asks on a terminal and needs --yes otherwise")
    func remove() throws {
        let sandbox = try Sandbox()
        let refused = try sandbox.roster("remove", "Dog-Bot")
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("roster: `remove` needs --yes when not run on a terminal\n"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
        let unknown = try sandbox.roster("remove", "Dog-Bot", "Nobody", "Ctt-Bot", "--yes")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == """
            roster: no monster is named `Nobody`
            roster: no monster is named `Ctt-Bot`; did you mean `Cat-Bot`?
            roster: nothing was removed

            """)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
        let run = try sandbox.roster("remove", "Dog-Bot", "cat-bot", "-y")
        #expect(run.status == 0)
        #expect(run.stderr == "removed Dog-Bot\nremoved Cat-Bot\n", "one a line, as set-weapon and edit list theirs")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "4")
    }

    @Test("help, --help, --version and completion print to stdout and succeed")
    func help() throws {
        let sandbox = try Sandbox()
        let overview = try sandbox.roster("help")
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("set-weapon"))
        #expect(try sandbox.roster("set-weapon", "--help").stdout.contains("roster set-weapon --stdin [--from W] [--dry-run]"))
        #expect(try sandbox.roster("help", "exit-codes").stdout.contains(" 75  the database is busy"))
        #expect(try sandbox.roster("--version").stdout.hasPrefix("roster "))
        let bash = try sandbox.roster("completion", "bash")
        #expect(bash.status == 0)
        let syntax = try sandbox.run("/bin/bash", ["-n", "-c", bash.stdout])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        #expect(try sandbox.roster("completion", "bsh").stderr.contains("did you mean `bash`?"))
        #expect(try sandbox.roster("help", "lst").stderr.contains("did you mean `list`?"))
        let bare = try sandbox.roster([String]())
        #expect(bare.status == 64)
    }
}
