import Foundation
import Testing
import TestSupport

/// The interactive roster, driven as a person drives it.
@Suite("The interactive roster in a real terminal", .serialized)
struct InteractiveTests {
    static let down = "\u{1B}[B"
    static let right = "\u{1B}[C"

    /// roster on a pseudo-terminal, showing its first frame.
    func open(_ sandbox: Sandbox, arguments: [String] = [], columns: Int = 100, rows: Int = 30) throws -> ProgramOnTerminal {
        _ = try sandbox.roster("list")
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath] + arguments,
                                            environment: ["HOME": sandbox.directory.path], columns: columns, rows: rows)
        try #require(program.terminal.waitFor("Monsters · 6"), "the roster drew its first frame: \(program.terminal.transcriptText.suffix(300))")
        #expect(program.terminal.settings.isRaw)
        return program
    }

    @Test("open, move to Dog-Bot, open the weapon panel, choose Sword, Close changes nothing, quit: terminal restored")
    func weaponFlow() throws {
        let sandbox = try Sandbox()
        let roster = try open(sandbox, arguments: ["--no-animation"])
        let before = roster.settingsBefore
        roster.terminal.type(Self.down)
        roster.terminal.type("w")
        // The transcript holds only what changed, so look for single words.
        #expect(roster.terminal.waitFor("Close"), "the weapon panel is showing")
        #expect(roster.terminal.transcriptText.contains("Blowgun"), "with its buttons")
        roster.terminal.type(Self.right + Self.right + Self.right)
        var mark = roster.terminal.transcript.count
        roster.terminal.type("\r")
        #expect(roster.terminal.waitFor("carries", after: mark))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Dog-Bot'") == "sword")

        mark = roster.terminal.transcript.count
        roster.terminal.type("w")
        #expect(roster.terminal.waitFor("Close", after: mark), "the panel is up again")
        roster.terminal.type(Self.right)
        mark = roster.terminal.transcript.count
        roster.terminal.type("\u{1B}")  // Esc closes without a change, and the list has the keys again
        #expect(roster.terminal.waitFor("open", after: mark))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Dog-Bot'") == "sword")

        roster.terminal.type("q")
        #expect(roster.waitForChange() == .exited(0))
        #expect(roster.terminal.settings == before)
        #expect(roster.terminal.transcriptText.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test("every way out restores the terminal and exits with the conventional status", arguments: [
        ("q", 0), ("Ctrl-C", 0), ("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129),
    ])
    func exits(_ way: String, _ status: Int32) throws {
        let sandbox = try Sandbox()
        let roster = try open(sandbox)
        let before = roster.settingsBefore
        switch way {
        case "q": roster.terminal.type("q")
        case "Ctrl-C": roster.terminal.type([0x03])
        case "SIGINT": roster.send(SIGINT)
        case "SIGTERM": roster.send(SIGTERM)
        default: roster.send(SIGHUP)
        }
        #expect(roster.waitForChange() == .exited(status))
        #expect(roster.terminal.settings == before, "termios as before after \(way)")
        let transcript = roster.terminal.transcriptText
        #expect(transcript.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "cursor shown and main screen back after \(way)")
        for mode in ["\u{1B}[?1000l", "\u{1B}[?1006l", "\u{1B}[?2004l", "\u{1B}[?7h"] {
            #expect(transcript.contains(mode), "\(mode.debugDescription) switched back off after \(way)")
        }
    }

    @Test("a database damaged while the roster is open ends it, and the message comes after the screen is restored")
    func fatalError() throws {
        let sandbox = try Sandbox()
        let roster = try open(sandbox)
        // Another program wrecks the file's first pages, then commits a
        // change, which makes the running roster read the file again.
        // The wreck comes first, so no roster can read the change without
        // it: a roster that read a change committed before the wreck kept
        // good pages and never saw the wreck. (A wreck alone, with no
        // change, is unseen while the pages read stay cached.) The one
        // sqlite3 session reads every page before the wreck (quick_check)
        // and keeps them, so it commits into the wrecked file without
        // noticing; the change stays in the WAL, and the pages it did not
        // touch, page 1 among them, are read from the wrecked file.
        let wreck = "head -c 8192 /dev/zero | tr '\\000' A | dd of='\(sandbox.databasePath)' bs=8192 count=1 conv=notrunc status=none"
        let session = try sandbox.run("/usr/bin/sqlite3", [sandbox.databasePath, "PRAGMA quick_check", ".shell \(wreck)",
                                                          "UPDATE monster SET description = 'Woof' WHERE id = 2"])
        #expect(session.status == 0 && session.stdout == "ok\n", "the change was committed over the wreck: \(session.stderr)")
        roster.terminal.type(Self.down)
        #expect(roster.waitForChange() == .exited(74))
        #expect(roster.terminal.settings == roster.settingsBefore)
        let transcript = roster.terminal.transcriptText
        let restored = try #require(transcript.range(of: "\u{1B}[?1049l", options: .backwards))
        let message = try #require(transcript.range(of: "roster: "))
        #expect(transcript[message.lowerBound...].contains("roster leaves it untouched"))
        #expect(message.lowerBound > restored.lowerBound, "the message follows the restore")
    }

    /// roster in a tmux pane on the sandbox's roster, showing its first frame.
    func inTmux(_ sandbox: Sandbox) throws -> TmuxDriver {
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(command: "\(Sandbox.binary.path) --db \(sandbox.databasePath)",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        #expect(screen.waitFor("Monsters · 6"))
        return screen
    }

    @Test("what a person sees in tmux: panel, choice saved, a change from another program, a narrow window, Ctrl-Z and fg")
    func tmux() throws {
        let sandbox = try Sandbox()
        let screen = try inTmux(sandbox)
        try screen.press("Down", "Down")
        #expect(screen.waitFor("Tick, tick, BOOM!"), "Explode-Bot's details follow the selection")
        try screen.press("Tab", "Tab", "Tab", "Tab")
        #expect(screen.waitFor("▸ Weapon"))
        try screen.press("Enter")
        #expect(screen.waitFor("✕ Close"))
        try screen.press("4")
        #expect(screen.waitFor("Explode-Bot now carries Sword"))
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Explode-Bot'") == "sword")

        // Another program changes the roster; it shows within half a second.
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(screen.waitFor("♨ Cat-Bot", timeout: 1))

        try screen.tmux(["resize-window", "-t", screen.target, "-x", "60", "-y", "24"])
        #expect(screen.waitFor("≡ Monsters"))
        try screen.tmux(["resize-window", "-t", screen.target, "-x", "30", "-y", "10"])
        #expect(screen.waitUntil { $0.contains("40×12") })
        try screen.tmux(["resize-window", "-t", screen.target, "-x", "100", "-y", "30"])
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("q")
        let status = screen.waitForExit(timeout: 10)
        let pane = (try? screen.tmux(["display-message", "-p", "-t", screen.target, "#{pane_dead} #{pane_dead_status}"])) ?? ""
        #expect(status == 0, "\(screen.screen) \(pane)")
    }

    @Test("roster list and history in another terminal leave the screen's news and u undo as they were; a sqlite3 UPDATE is told at once")
    func readersChangeNothing() throws {
        let sandbox = try Sandbox()
        let screen = try inTmux(sandbox)
        try screen.press("w", "3")
        #expect(screen.waitFor("Cat-Bot now carries Fire. · u undo"), "\(screen.screen)")
        // Each command empties the WAL as it ends, which the open roster sees as a commit.
        _ = try sandbox.roster("list")
        _ = try sandbox.roster("history")
        Thread.sleep(forTimeInterval: 1)
        #expect(!screen.screen.lowercased().contains("another program"), "\(screen.screen)")
        #expect(screen.screen.contains("Cat-Bot now carries Fire. · u undo"), "\(screen.screen)")

        _ = try sandbox.sqlite("UPDATE monster SET description = 'Woof' WHERE name = 'Dog-Bot'")
        #expect(screen.waitFor("another program changed the roster", timeout: 1), "\(screen.screen)")
        #expect(!screen.screen.contains("u undo"), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0)
    }

    @Test("in a tmux pane, as over ssh with TMUX gone and TERM overridden, or with ROSTER_PICTURES=kitty, the pane's title never changes",
          arguments: ["unset TMUX TMUX_PANE; export TERM=xterm-256color;", "export ROSTER_PICTURES=kitty;"])
    func tmuxTitle(setting: String) throws {
        // tmux 3.3a takes an APC string (the kitty image query) for the
        // pane's title, and answers XTVERSION and DA2 for itself.
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(command: "\(setting) \(Sandbox.binary.path) --db \(sandbox.databasePath)",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        let title = { (try? screen.tmux(["display-message", "-p", "-t", screen.target, "#{pane_title}"])) ?? "" }
        let before = title()
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"))
        try screen.press("Escape", "Down")
        #expect(screen.waitFor("BOW-WOW"))
        #expect(title() == before, "the title was \(before.debugDescription)")
        #expect(!title().contains("Gi=") && !title().contains("a=T"))
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0)
    }

    @Test("below 70 columns, / then Enter keeps the filter and q still quits; Ctrl-C quits from the help screen",
          arguments: ["filter", "help"])
    func noTrapInANarrowWindow(_ path: String) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(width: 60, height: 20, command: "\(Sandbox.binary.path) --db \(sandbox.databasePath) --no-animation",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        #expect(screen.waitFor("≡ Monsters"))
        if path == "filter" {
            try screen.type("/")
            try screen.type("ice")   // `ic` may still become `icon=`: the list waits
            #expect(screen.waitFor("1 found"))
            try screen.press("Enter")   // keeps the filter; the list has the keys
            // One Esc in the footer, saying what it does now: it clears the filter first.
            #expect(screen.waitUntil { $0.contains("1 found") && $0.contains("Esc clear filter") && !$0.contains("Esc close") },
                    "\(screen.screen)")
            try screen.press("Enter")   // closes the list
            #expect(screen.waitUntil { !$0.contains("1 found") }, "Enter closed the list: \(screen.screen)")
            try screen.type("q")
            #expect(screen.waitForExit(timeout: 10) == 0, "q quit: \(screen.screen)")
        } else {
            try screen.type("?")
            #expect(screen.waitFor("roster keys"))
            try screen.press("C-c")
            #expect(screen.waitForExit(timeout: 10) == 0, "Ctrl-C, read as a key, quit from help as q does: \(screen.screen)")
        }
    }

    @Test("Ctrl-Z suspends to the shell with the terminal restored, and fg brings the roster back")
    func suspend() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let shell = try TmuxDriver(command: "exec bash --norc --noprofile -i", environment: ["PS1": "shell> "])
        #expect(shell.waitFor("shell>"))
        try shell.type("stty -a > \(sandbox.directory.path)/before.txt; \(Sandbox.binary.path) --db \(sandbox.databasePath)")
        try shell.press("Enter")
        #expect(shell.waitFor("Monsters · 6"))
        try shell.press("C-z")
        #expect(shell.waitFor("Stopped"))
        try shell.type("stty -a > \(sandbox.directory.path)/during.txt")
        try shell.press("Enter")
        let duringPath = "\(sandbox.directory.path)/during.txt"
        #expect(shell.waitUntil { _ in ((try? String(contentsOfFile: duringPath, encoding: .utf8)) ?? "").contains("speed") })
        let before = try String(contentsOfFile: "\(sandbox.directory.path)/before.txt", encoding: .utf8)
        let during = try String(contentsOfFile: "\(sandbox.directory.path)/during.txt", encoding: .utf8)
        #expect(before == during, "the terminal is restored while the roster is suspended")
        try shell.type("fg")
        try shell.press("Enter")
        #expect(shell.waitFor("Monsters · 6"), "fg redraws the whole screen")
        try shell.press("q")
        #expect(shell.waitFor("shell>"))
    }
}

@Suite("Editing Fire-Bot in a real terminal", .serialized)
struct EditingInTerminalTests {
    @Test("height 6 ft 2 in, origin France, activation Now, colour Blue and a new name, all saved and shown by roster show")
    func editFireBot() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(command: "\(Sandbox.binary.path) --db \(sandbox.databasePath) --no-animation",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8", "TZ": "Europe/Paris"])
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Down", "Down", "Down")
        #expect(screen.waitFor("Will Make You Steamed"))

        // Height: Tab to the field, Enter, turn the wheels to 6 ft 2 in.
        for _ in 0..<5 { try screen.press("Tab") }
        #expect(screen.waitFor("▸ Height"))
        try screen.press("Enter")
        #expect(screen.waitFor("Inches"))
        try screen.press("Down")                      // 5 ft → 6 ft
        try screen.press("Right", "Up", "Up", "Up", "Up", "Up", "Up", "Up")   // 9 in → 2 in
        #expect(screen.waitFor("6 ft 2 in"))
        // Next ► keeps the height and moves to the origin wheel.
        try screen.press("Tab")
        #expect(screen.waitFor("Country"))
        try screen.type("fran")
        #expect(screen.waitUntil { $0.contains("France") })
        // Next ► again: the activation picker; Now turns it to now, Enter keeps it.
        try screen.press("Tab")
        #expect(screen.waitFor("Minute"))
        try screen.press("n", "Enter")
        #expect(screen.waitUntil { !$0.contains("Minute") })

        // Colour: Shift-Tab back through the fields is a long way; use the list and Tab.
        try screen.press("Escape")
        #expect(screen.waitFor("Enter open"), "the list has the keys")
        try screen.press("Tab", "Tab", "Tab", "Enter")
        #expect(screen.waitFor("Name colour"))
        try screen.press("Down", "Down", "Enter")            // Red → Green → Blue
        #expect(screen.waitUntil { !$0.contains("Name colour") })

        // Rename: Enter on the name, clear it, type, Done.
        try screen.press("Escape")
        #expect(screen.waitFor("Enter open"))
        try screen.press("Tab", "Enter", "C-u")
        try screen.type("Blaze-Bot")
        try screen.press("Enter")
        #expect(screen.waitFor("Blaze-Bot"))
        try screen.press("Escape")
        #expect(screen.waitFor("Enter open"))
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0)

        let row = try sandbox.sqlite("SELECT name, name_color, height, origin, activated IS NOT NULL FROM monster WHERE id = 4")
        #expect(row == "Blaze-Bot|blue|6ft2in|FR|1")
        let activated = try sandbox.sqlite("SELECT activated FROM monster WHERE id = 4")
        // Now, to the minute, in UTC.
        #expect(activated.hasSuffix(":00Z"))
        let shown = try sandbox.roster(["show", "blaze-bot", "--format", "json"])
        #expect(shown.stdout.contains("\"name\":\"Blaze-Bot\""))
        #expect(shown.stdout.contains("\"height\":\"6ft2in\""))
        #expect(shown.stdout.contains("\"origin\":\"FR\""))
        let table = try sandbox.rosterOnTerminal(["show", "blaze-bot"], environment: ["TZ": "Europe/Paris", "NO_COLOR": "1"])
        #expect(table.output.contains("France (FR)"), "\(table.output)")
        #expect(table.output.contains("6 ft 2 in"))
        #expect(table.output.contains("CET") || table.output.contains("CEST"), "shown in the local zone")
    }
}
