import Foundation
import Testing

/// The sentences a new user meets when a command goes wrong: each names
/// the real mistake, all of them at once, and nothing changes.
@Suite("Messages for the mistakes new users make")
struct MessagesTests {
    @Test("digits are an id, so a missing one is said as an id", arguments: ["99", "#99"])
    func missingID(_ reference: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("show", reference)
        #expect(run.status == 1)
        #expect(run.stderr == "roster: no monster has id 99\n")
    }

    @Test("an empty name is a usage error, as every other empty argument is", arguments: [
        ["show", ""], ["set-weapon", "", "fire"], ["edit", "", "--color", "red"], ["remove", "", "--yes"], ["history", ""],
    ])
    func emptyName(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("roster: an empty name names no monster; give a name or an id\n"), "\(arguments): \(run.stderr)")
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("a weapon among the names is a second weapon, not a missing monster")
    func twoWeapons() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "sword", "fire")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: two weapons were given (`sword` and `fire`); set-weapon gives the monsters named first the one weapon named last\n"))
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
        // A monster that really has a weapon's name is still a name.
        #expect(try sandbox.roster("add", "Smoke", "--weapon", "fire").status == 0)
        #expect(try sandbox.roster("set-weapon", "Smoke", "sword").status == 0)
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Smoke'") == "sword")
    }

    @Test("add reports every problem at once, one a line, and adds nothing")
    func addReportsAll() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        let run = try sandbox.roster("add", "Cat-Bot", "--weapon", "swrod", "--color", "purple", "--height", "40ft",
                                     "--icon", "nope.png")
        #expect(run.status == 64)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(5)) == [
            "roster: unknown weapon `swrod`; did you mean `sword`?",
            "roster: unknown colour `purple`; the colours are default, red, green, blue",
            "roster: --height: `40ft` is taller than a height can be; the most is 30 ft 11 in",
            "roster: there is no picture named `nope.png`; the available icons are " + lines[3].components(separatedBy: "the available icons are ").last!,
            "roster: a monster named `Cat-Bot` already exists",
        ])
        let rules = try sandbox.roster("add", "Bad\u{1B}Bot", "--weapon", "sword", "--icon", "nope.png")
        #expect(rules.status == 65)
        #expect(rules.stderr.split(separator: "\n").count == 2)
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("--colour is --color, and a format is a word in any case")
    func spellings() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("edit", "Cat-Bot", "--colour", "red").status == 0)
        #expect(try sandbox.roster("add", "Bat-Bot", "--weapon", "fire", "--colour=blue").status == 0)
        #expect(try sandbox.sqlite("SELECT name_color FROM monster WHERE id IN (1, 7) ORDER BY id") == "red\nblue")
        let json = try sandbox.roster("list", "--format", "JSON")
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("[\n  {\"id\":1,"))
        #expect(try sandbox.roster("export", "--format", "Markdown").stdout.hasPrefix("| ID |"))
        #expect(try sandbox.roster("help", "edit").stdout.contains("--color C, --colour"))
    }

    @Test("the names people try for remove suggest it, and run nothing", arguments: ["delete", "rm", "DEL"])
    func removeSynonyms(_ word: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let run = try sandbox.roster(word, "Cat-Bot", "--yes")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: unknown command `\(word)`; did you mean `remove`?\n"))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
        #expect(try sandbox.roster("help", word).stderr.hasPrefix("roster: no help topic `\(word)`; did you mean `remove`?\n"))
    }

    @Test("help for a topic that is not one lists the topics")
    func helpTopics() throws {
        let run = try Sandbox().roster("help", "nope")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("roster: no help topic `nope`; the topics are `list`, `show`, `weapons`, `set-weapon`, `add`, "))
        #expect(run.stderr.contains("`import`, ") && run.stderr.contains(", `exit-codes`, `config`\n"))
    }
}

/// Where the roster cannot be created, as an unprivileged user (root may
/// write anywhere).
@Suite("A data folder that cannot be made")
struct DataFolderMessagesTests {
    @Test("a missing folder that cannot be created is named as such, even for list")
    func folderCannotBeCreated() throws {
        let sandbox = try Sandbox()
        let locked = sandbox.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o555])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
        func asNobody(_ arguments: [String], home: String) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env",
                                                 "HOME=\(home)", "XDG_DATA_HOME=", "ROSTER_DB=", Sandbox.binary.path] + arguments)
        }
        let list = try asNobody(["list"], home: locked.path)
        #expect(list.status == 74)
        #expect(list.stderr == "roster: cannot open the roster database \(locked.path)/.local/share/roster/roster.db: "
            + "cannot create the folder \(locked.path)/.local: permission denied\n")
        let file = try asNobody(["--db", locked.appendingPathComponent("r.db").path, "list"], home: locked.path)
        #expect(file.status == 74)
        #expect(file.stderr == "roster: cannot open the roster database \(locked.path)/r.db: "
            + "it does not exist yet, and it cannot be created in a folder that is read-only\n")
        #expect(!FileManager.default.fileExists(atPath: locked.appendingPathComponent(".local").path))
    }
}
