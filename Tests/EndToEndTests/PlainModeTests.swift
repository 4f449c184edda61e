import Foundation
import Testing
import TestSupport

/// The plain roster as a screen-reader user meets it: on a dumb terminal,
/// one sentence a line, every change confirmed and in the database.
@Suite("The plain roster on a dumb terminal", .serialized)
struct PlainModeTests {
    /// A plain session on a pseudo-terminal that leaves newlines as the
    /// program wrote them, so that every byte can be checked.
    final class Conversation {
        let program: ProgramOnTerminal
        var terminal: PseudoTerminal { program.terminal }

        /// The terminal is the program's controlling terminal (`setsid
        /// --ctty`), as in a shell, so that Ctrl-C is a SIGINT from the
        /// terminal and not a byte of input.
        init(_ sandbox: Sandbox, arguments: [String] = [], environment: [String: String] = ["TERM": "dumb"]) throws {
            program = try ProgramOnTerminal("/usr/bin/setsid",
                                            arguments: ["--ctty", "--wait", Sandbox.binary.path, "--db", sandbox.databasePath] + arguments,
                                            environment: ["HOME": sandbox.directory.path, "TZ": "UTC"].merging(environment) { $1 },
                                            translatingNewlines: false)
            // A terminal as `stty sane` sets it echoes Ctrl-C as the two
            // characters ^C, not as the control character itself.
            var settings = program.terminal.termios
            settings.c_lflag |= tcflag_t(ECHOCTL)
            tcsetattr(program.terminal.slave, TCSANOW, &settings)
        }

        /// Waits until the roster asks (the terminal ends with a prompt's
        /// ": "), then types `line` and Enter, and waits until the terminal
        /// shows it echoed, then `shown` after it. Typed while a page is
        /// still being written, the echo would land inside the page.
        @discardableResult
        func answer(_ line: String, shows shown: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
            let asking = Date().addingTimeInterval(20)
            while Date() < asking {
                // A prompt, and nothing more coming: not a line's "21: " cut at a read.
                if terminal.transcript.suffix(2).elementsEqual(Array(": ".utf8)), terminal.drain(milliseconds: 50) == 0 { break }
                terminal.drain(milliseconds: 20)
            }
            let mark = terminal.transcript.count
            terminal.type(line + "\n")
            let echoed = terminal.waitFor(line + "\n", after: mark)
            let seen = echoed && terminal.waitFor(shown, after: mark + Array((line + "\n").utf8).count)
            #expect(seen, "after \(line): \(String(decoding: terminal.transcript[mark...], as: UTF8.self))",
                    sourceLocation: sourceLocation)
            return seen
        }

        /// Characters other than newline that would act on a terminal:
        /// C0 controls (ESC, CR, BEL…), DEL and C1 controls.
        var actingCharacters: [String] {
            terminal.transcriptText.unicodeScalars
                .filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
                .map { "U+" + String($0.value, radix: 16, uppercase: true) }
        }
    }

    /// Twenty-five more monsters, so that the list has a second page.
    static func addGeneratedMonsters(_ sandbox: Sandbox) throws {
        // The default roster first: a roster that import creates starts empty.
        _ = try sandbox.roster("list")
        let lines = (1...25).map { #"{"name": "Gen-\#($0)", "weapon": "fire"}"# }.joined(separator: "\n")
        let file = sandbox.directory.appendingPathComponent("more.ndjson")
        try Data(lines.utf8).write(to: file)
        #expect(try sandbox.roster(["import", file.path, "--mode", "insert"]).status == 0)
    }

    @Test("TERM=dumb: every operation, each change confirmed and in the database, nothing but text and newlines written")
    func wholeSession() throws {
        let sandbox = try Sandbox()
        try Self.addGeneratedMonsters(sandbox)
        // A name stored by an older roster with an escape sequence in it.
        _ = try sandbox.sqlite("UPDATE monster SET name = 'Evil' || char(27) || '[2J' WHERE name = 'Gen-25'")
        let roster = try Conversation(sandbox)
        let terminal = roster.terminal
        #expect(terminal.waitFor("Monsters 1 to 20 of 31. Type next for the next page.\n1: Cat-Bot carries Sword.\n"))
        #expect(terminal.waitFor("Command: "))

        // Paging, and the untrusted name shown with a visible escape.
        roster.answer("next", shows: "Monsters 21 to 31 of 31. Type previous for the previous page.\n21: Gen-15 carries Fire.\n")
        #expect(terminal.waitFor("31: Evil\\e[2J carries Fire.\nCommand: "))
        roster.answer("next", shows: "That was the last page.\nCommand: ")
        roster.answer("p", shows: "Monsters 1 to 20 of 31. Type next for the next page.\n")

        // Filtering by name, and back.
        roster.answer("filter ice", shows: "Monster 1 of 1 whose name contains “ice”.\n1: Ice-Bot carries Fire.\nCommand: ")
        roster.answer("filter", shows: "Monsters 1 to 20 of 31. Type next for the next page.\n")

        // Choosing by number, by name, and a typo.
        roster.answer("2", shows: "Dog-Bot is number 2 of 31, with id 2.\nIts description is “BOW-WOW”.\nIt carries Blowgun.\n")
        roster.answer("fire-bt", shows: "There is no command or monster called “fire-bt”. Did you mean the monster Fire-Bot?\nCommand: ")
        roster.answer("Dog-Bot", shows: "Dog-Bot is number 2 of 31, with id 2.\n")

        // The weapon by number, after a wrong number and a misspelling.
        roster.answer("weapon", shows: "Weapon for Dog-Bot: 1 Blowgun, 2 Ninja Star, 3 Fire, 4 Sword, 5 Smoke, 0 to keep Blowgun.\nWeapon number: ")
        roster.answer("9", shows: "There is no weapon number 9; answer a number from 0 to 5.\nType another answer, or nothing to leave it as it is.\nWeapon number: ")
        roster.answer("swrod", shows: "Unknown weapon “swrod”; did you mean “sword”?\nType another answer, or nothing to leave it as it is.\nWeapon number: ")
        roster.answer("3", shows: "Dog-Bot now carries Fire.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 2") == "fire")
        roster.answer("weapon", shows: "0 to keep Fire.\nWeapon number: ")
        roster.answer("0", shows: "Nothing changed; Dog-Bot's weapon is still Fire.\nCommand: ")

        // The colour the same way.
        roster.answer("colour", shows: "Name colour for Dog-Bot: 1 Default, 2 Red, 3 Green, 4 Blue, 0 to keep Blue.\nName colour number: ")
        roster.answer("2", shows: "Changed Dog-Bot: colour Blue to Red.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT name_color FROM monster WHERE id = 2") == "red")

        // Height, origin and activation in the command line's forms.
        roster.answer("height", shows: "Dog-Bot's height is 3 ft 1 in. Type a height such as 5ft11")
        roster.answer("5ft13", shows: "“5ft13” has 13 inches after the feet; that part goes from 0 to 11.\nType another answer, or nothing to leave it as it is.\nNew height: ")
        roster.answer("", shows: "Nothing changed; Dog-Bot's height is still 3 ft 1 in.\nCommand: ")
        roster.answer("height 6ft2", shows: "Changed Dog-Bot: height 3 ft 1 in to 6 ft 2 in.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT height FROM monster WHERE id = 2") == "6ft2in")
        roster.answer("origin", shows: "New origin: ")
        roster.answer("Frnace", shows: "Unknown country “Frnace”; did you mean “France”?\nType another answer, or nothing to leave it as it is.\nNew origin: ")
        roster.answer("fr", shows: "Changed Dog-Bot: origin United Kingdom (GB) to France (FR).\nCommand: ")
        #expect(try sandbox.sqlite("SELECT origin FROM monster WHERE id = 2") == "FR")
        roster.answer("activated", shows: "New activation: ")
        roster.answer("2026-11-29T14:05", shows: "Changed Dog-Bot: activated 2018-07-02 16:45 UTC to 2026-11-29 14:05 UTC.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE id = 2") == "2026-11-29T14:05:00Z")

        // Name, description and picture; a taken name is asked again.
        roster.answer("name", shows: "Type a new name for Dog-Bot, or nothing to keep it.\nNew name: ")
        roster.answer("cat-bot", shows: "“cat-bot” reads as “Cat-Bot”, which is already on the roster (names are compared ignoring case, width and look-alike letters).\nType another answer, or nothing to leave it as it is.\nNew name: ")
        roster.answer("Hound-Bot", shows: "Changed Dog-Bot: name “Dog-Bot” to “Hound-Bot”.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT name FROM monster WHERE id = 2") == "Hound-Bot")
        roster.answer("description Good boy", shows: "Changed Hound-Bot: description “BOW-WOW” to “Good boy”.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE id = 2") == "Good boy")
        roster.answer("edit", shows: "Which of Hound-Bot's fields? 1 name, 2 description, 3 weapon, 4 name colour, 5 picture, 6 height, 7 origin, 8 activation, 0 to keep everything as it is.\nField number: ")
        roster.answer("5", shows: "1 a cat robot, 2 a dog robot, 3 an exploding robot, 4 a fire robot, 5 an ice robot, 6 a little tomato robot, 7 the stand-in picture, 0 to keep a dog robot.\nPicture number: ")
        roster.answer("1", shows: "Changed Hound-Bot: picture a dog robot to a cat robot.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT icon FROM monster WHERE id = 2") == "meetcatbot.png")

        // Undo and redo, in the history's words.
        roster.answer("undo", shows: "Undid edit Hound-Bot: picture a dog robot to a cat robot.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT icon FROM monster WHERE id = 2") == "meetdogbot.png")
        roster.answer("redo", shows: "Redid edit Hound-Bot: picture a dog robot to a cat robot.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT icon FROM monster WHERE id = 2") == "meetcatbot.png")

        // A change by another program is told before the next prompt.
        #expect(try sandbox.roster(["set-weapon", "Cat-Bot", "smoke"]).status == 0)
        roster.answer("", shows: "Another program changed the roster: set-weapon Cat-Bot: Sword to Smoke.\nCommand: ")

        // Adding, with every field asked; empty answers keep the defaults.
        roster.answer("add", shows: "Name: ")
        roster.answer("Bat-Bot", shows: "Bat-Bot has no description. Type a new one, or nothing to keep the default.\nNew description: ")
        roster.answer("Hangs around", shows: "0 to keep Sword.\nWeapon number: ")
        roster.answer("5", shows: "0 to keep Default.\nName colour number: ")
        roster.answer("4", shows: "Picture number: ")
        roster.answer("", shows: "New height: ")
        roster.answer("", shows: "New origin: ")
        roster.answer("US", shows: "New activation: ")
        roster.answer("", shows: "Added Bat-Bot.\nBat-Bot is chosen.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT weapon, name_color, description, origin FROM monster WHERE name = 'Bat-Bot'")
                == "smoke|blue|Hangs around|US")

        // Removing asks, and anything but yes keeps the monster.
        roster.answer("remove", shows: "Remove Bat-Bot? Type y to remove it; anything else keeps it: ")
        roster.answer("", shows: "Nothing was removed; Bat-Bot stays.\nCommand: ")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name = 'Bat-Bot'") == "1")
        roster.answer("remove", shows: "anything else keeps it: ")
        // After a removal the person hears which monster is chosen now.
        roster.answer("y", shows: "Removed Bat-Bot.\n")
        #expect(terminal.waitFor(" is chosen now.\nCommand: "))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name = 'Bat-Bot'") == "0")

        roster.answer("help", shows: "Commands act on the chosen monster where they change one.")
        #expect(terminal.waitFor("undo (or u) takes back the last change, made here or by any other program.\n"))
        #expect(terminal.waitFor("quit (or q, exit) ends the session.\n"))

        // Ctrl-C ends the session at once, as an interrupted program.
        terminal.type([0x03])
        #expect(roster.program.waitForChange() == .exited(130))
        #expect(terminal.transcriptText.hasSuffix("Interrupted by Ctrl-C; goodbye.\n"))
        #expect(roster.actingCharacters == [], "only text and newlines reach the terminal")
    }

    @Test("it starts by itself with ROSTER_ACCESSIBLE=1 and with browse --plain, and ends at the end of input with 0",
          arguments: [(["browse", "--plain"], "xterm-256color", nil), ([], "xterm-256color", "1"), (["browse"], "dumb", nil)])
    func startsAndEnds(_ arguments: [String], _ term: String, _ accessible: String?) throws {
        let sandbox = try Sandbox()
        var environment = ["TERM": term]
        environment["ROSTER_ACCESSIBLE"] = accessible
        let roster = try Conversation(sandbox, arguments: arguments, environment: environment)
        #expect(roster.terminal.waitFor("Roster in plain mode, with 6 monsters."))
        #expect(roster.terminal.waitFor("Command: "))
        roster.terminal.type([0x04])  // Ctrl-D: the end of input
        #expect(roster.program.waitForChange() == .exited(0))
        #expect(roster.terminal.transcriptText.hasSuffix("End of input; goodbye.\n"))
        #expect(roster.actingCharacters == [])
    }

    @Test("piped into plain “roster”, ROSTER_ACCESSIBLE=1 starts the plain roster; TERM=dumb alone points to browse --plain")
    func pipedWithoutCommand() throws {
        let sandbox = try Sandbox()
        let accessible = try sandbox.roster([], stdin: "1\nq\n", environment: ["ROSTER_ACCESSIBLE": "1", "TERM": "xterm"])
        #expect(accessible.status == 0, "\(accessible.stderr)")
        #expect(accessible.stdout.contains("Cat-Bot is number 1 of 6"))
        let dumb = try sandbox.roster([], stdin: "1\nq\n", environment: ["TERM": "dumb"])
        #expect(dumb.status == 64)
        #expect(dumb.stderr.contains("`roster browse --plain` reads the roster's commands line by line"), "\(dumb.stderr)")
    }

    /// The answers a person gives in `pipedSession`, one a line, and what
    /// the roster says to them, line by line.
    static let pipedAnswers = [
            "list",
            "filter bot",
            "next",
            "filter",
            "3",
            "weapon",
            "swrod",
            "2",
            "colour 4",
            "height 7ft",
            "origin Nowhere",
            "origin Frnace",
            "origin DE",
            "activated 2026-01-02T03:04Z",
            "name Boom-Bot",
            "description",
            "Loud",
            "picture 4",
            "undo",
            "redo",
            "undo",
            "boom-bt",
            "add",
            "Bat-Bot",
            "Hangs around",
            "smoke",
            "blue",
            "",
            "71in",
            "Icelnd",
            "Iceland",
            "none",
            "1",
            "remove",
            "no",
            "remove",
            "yes",
            "details",
            "q",
    ]

    static let pipedTranscript = [
            "Roster in plain mode, with 6 monsters. Type a number or a name to choose a monster, help for the commands, or q to quit.",
            "Monsters 1 to 6 of 6.",
            "1: Cat-Bot carries Sword.",
            "2: Dog-Bot carries Blowgun.",
            "3: Explode-Bot carries Smoke.",
            "4: Fire-Bot carries Ninja Star.",
            "5: Ice-Bot carries Fire.",
            "6: Mini-Tomato-Bot carries Ninja Star.",
            "Command:",
            "Monsters 1 to 6 of 6.",
            "1: Cat-Bot carries Sword.",
            "2: Dog-Bot carries Blowgun.",
            "3: Explode-Bot carries Smoke.",
            "4: Fire-Bot carries Ninja Star.",
            "5: Ice-Bot carries Fire.",
            "6: Mini-Tomato-Bot carries Ninja Star.",
            "Command:",
            "Monsters 1 to 6 of 6 whose names contain “bot”.",
            "1: Cat-Bot carries Sword.",
            "2: Dog-Bot carries Blowgun.",
            "3: Explode-Bot carries Smoke.",
            "4: Fire-Bot carries Ninja Star.",
            "5: Ice-Bot carries Fire.",
            "6: Mini-Tomato-Bot carries Ninja Star.",
            "Command:",
            "That was the last page.",
            "Command:",
            "Monsters 1 to 6 of 6.",
            "1: Cat-Bot carries Sword.",
            "2: Dog-Bot carries Blowgun.",
            "3: Explode-Bot carries Smoke.",
            "4: Fire-Bot carries Ninja Star.",
            "5: Ice-Bot carries Fire.",
            "6: Mini-Tomato-Bot carries Ninja Star.",
            "Command:",
            "Explode-Bot is number 3 of 6, with id 3.",
            "Its description is “Tick, tick, BOOM!”.",
            "It carries Smoke.",
            "Its name colour is red.",
            "Its picture is an exploding robot.",
            "It is 4 ft 8 in tall.",
            "It comes from the United States (US).",
            "It was activated on 2020-10-31 23:55 UTC.",
            "Command:",
            "Weapon for Explode-Bot: 1 Blowgun, 2 Ninja Star, 3 Fire, 4 Sword, 5 Smoke, 0 to keep Smoke.",
            "Weapon number:",
            "Unknown weapon “swrod”; did you mean “sword”?",
            "Type another answer, or nothing to leave it as it is.",
            "Weapon number:",
            "Explode-Bot now carries Ninja Star.",
            "Command:",
            "Changed Explode-Bot: colour Red to Blue.",
            "Command:",
            "Changed Explode-Bot: height 4 ft 8 in to 7 ft 0 in.",
            "Command:",
            "Nothing changed: unknown country “Nowhere”; give a country's name or its ISO 3166 code, such as France or FR.",
            "Command:",
            "Nothing changed: unknown country “Frnace”; did you mean “France”?",
            "Command:",
            "Changed Explode-Bot: origin United States (US) to Germany (DE).",
            "Command:",
            "Changed Explode-Bot: activated 2020-10-31 23:55 UTC to 2026-01-02 03:04 UTC.",
            "Command:",
            "Changed Explode-Bot: name “Explode-Bot” to “Boom-Bot”.",
            "Command:",
            "Boom-Bot's description is “Tick, tick, BOOM!”. Type a new one, or nothing to keep it.",
            "New description:",
            "Changed Boom-Bot: description “Tick, tick, BOOM!” to “Loud”.",
            "Command:",
            "Changed Boom-Bot: picture an exploding robot to a fire robot.",
            "Command:",
            "Undid edit Boom-Bot: picture an exploding robot to a fire robot.",
            "Command:",
            "Redid edit Boom-Bot: picture an exploding robot to a fire robot.",
            "Command:",
            "Undid edit Boom-Bot: picture an exploding robot to a fire robot.",
            "Command:",
            "There is no command or monster called “boom-bt”. Did you mean the monster Boom-Bot?",
            "Command:",
            "Adding a monster. An empty name stops; for the other questions, an empty answer keeps the default.",
            "Name:",
            "Bat-Bot has no description. Type a new one, or nothing to keep the default.",
            "New description:",
            "Weapon for Bat-Bot: 1 Blowgun, 2 Ninja Star, 3 Fire, 4 Sword, 5 Smoke, 0 to keep Sword.",
            "Weapon number:",
            "Name colour for Bat-Bot: 1 Default, 2 Red, 3 Green, 4 Blue, 0 to keep Default.",
            "Name colour number:",
            "Picture for Bat-Bot: 1 a cat robot, 2 a dog robot, 3 an exploding robot, 4 a fire robot, 5 an ice robot, 6 a little tomato robot, 7 the stand-in picture, 0 to keep the stand-in picture.",
            "Picture number:",
            "Bat-Bot's height is unknown. Type a height such as 5ft11, 5'11\", 71in or 180cm, none to make it unknown, or nothing to keep the default.",
            "New height:",
            "Bat-Bot's origin is unknown. Type a country's name or code, such as France or FR, none to make it unknown, or nothing to keep the default.",
            "New origin:",
            "Unknown country “Icelnd”; did you mean “Iceland”?",
            "Type another answer, or nothing to leave it as it is.",
            "New origin:",
            "Bat-Bot's activation is unknown. Type a date and time such as 2026-11-29T14:05 on your clock, or now, none to make it unknown, or nothing to keep the default.",
            "New activation:",
            "Added Bat-Bot.",
            "Bat-Bot is chosen.",
            "Command:",
            "Cat-Bot is number 1 of 7, with id 1.",
            "Its description is “MEE-OW”.",
            "It carries Sword.",
            "Its name colour is the default.",
            "Its picture is a cat robot.",
            "It is 2 ft 4 in tall.",
            "It comes from Japan (JP).",
            "It was activated on 2019-03-14 09:30 UTC.",
            "Command:",
            "Remove Cat-Bot? Type y to remove it; anything else keeps it:",
            "Nothing was removed; Cat-Bot stays.",
            "Command:",
            "Remove Cat-Bot? Type y to remove it; anything else keeps it:",
            "Removed Cat-Bot.",
            "Dog-Bot is chosen now.",
            "Command:",
            "Dog-Bot is number 1 of 6, with id 2.",
            "Its description is “BOW-WOW”.",
            "It carries Blowgun.",
            "Its name colour is blue.",
            "Its picture is a dog robot.",
            "It is 3 ft 1 in tall.",
            "It comes from the United Kingdom (GB).",
            "It was activated on 2018-07-02 16:45 UTC.",
            "Command:",
            "Goodbye.",
    ]

    @Test("the same operations piped from a file of answers: each line of output as expected, then 0 at quit")
    func pipedSession() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let answers = sandbox.directory.appendingPathComponent("answers.txt")
        try Data((Self.pipedAnswers.joined(separator: "\n") + "\n").utf8).write(to: answers)
        let run = try sandbox.run("/bin/sh", ["-c", #"exec "$0" --db "$1" browse --plain < "$2""#,
                                              Sandbox.binary.path, sandbox.databasePath, answers.path],
                                  environment: ["TZ": "UTC"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the output ends with a newline")
        for (number, (line, expected)) in zip(lines, Self.pipedTranscript).enumerated() where line != expected {
            Issue.record("line \(number + 1): \(line) (expected: \(expected))")
            break
        }
        #expect(lines.dropLast().count == Self.pipedTranscript.count)
        #expect(run.stdout.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && !(0x7F...0x9F).contains($0.value)) })
        #expect(try sandbox.sqlite("SELECT name, description, icon, name_color, weapon, height, origin, activated FROM monster WHERE id = 3")
                == "Boom-Bot|Loud|meetexplodebot.png|blue|ninja-star|7ft0in|DE|2026-01-02T03:04:00Z")
        #expect(try sandbox.sqlite("SELECT description, icon, name_color, weapon, height, origin, activated FROM monster WHERE name = 'Bat-Bot'")
                == "Hangs around|unknown.png|blue|smoke|5ft11in|IS|")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name = 'Cat-Bot'") == "0")
    }

    @Test("help browse and --help say how plain mode starts")
    func helpDescribesPlainMode() throws {
        let sandbox = try Sandbox()
        let page = try sandbox.roster("help", "browse").stdout
        for phrase in ["--plain", "TERM=dumb", "ROSTER_ACCESSIBLE=1", "screen readers", "130 on Ctrl-C"] {
            #expect(page.contains(phrase), "help browse mentions \(phrase)")
        }
        let overview = try sandbox.roster("--help").stdout
        #expect(overview.contains("roster browse --plain, TERM=dumb or ROSTER_ACCESSIBLE=1") || overview.contains("`roster browse --plain`, TERM=dumb or ROSTER_ACCESSIBLE=1"))
    }
}

/// The plain roster read a line of any length (10 MB: 22 s and 305 MB).
@Suite("The plain roster and a very long line")
struct PlainLongLineTests {
    @Test("a line past 64 KiB is told and ignored, and the conversation goes on")
    func longLine() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["browse", "--plain"], stdin: String(repeating: "x", count: 4 << 20) + "\n1\nq\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("That line is longer than 64 KiB, the most the plain roster reads; it was ignored."))
        #expect(run.stdout.contains("Cat-Bot is number 1 of 6"), "\(run.stdout.suffix(500))")
    }
}
