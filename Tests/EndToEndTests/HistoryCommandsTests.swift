import Foundation
import Testing
import TestSupport

/// `history`, `undo` and `redo` as scripts and people use them: every
/// surface's change is taken back to the exact bytes, put back, and
/// never undone twice or half-way.
@Suite("History, undo and redo commands")
struct HistoryCommandsTests {
    func export(_ sandbox: Sandbox) throws -> Data {
        let run = try sandbox.roster("export", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdoutBytes
    }

    static let importFile = """
        id,name,description,icon,name_color,weapon,height,origin,activated
        2,Dog-Bot,Changed by the file,meetdogbot.png,red,fire,6ft0in,FR,2026-01-02T03:04:05Z
        ,Brand-New-Bot,From the file,unknown.png,default,smoke,,,
        """

    /// Each surface, as a command line and what it writes on stdin.
    static let surfaces: [(name: String, arguments: [String], stdin: String?)] = [
        ("set-weapon", ["set-weapon", "Cat-Bot", "Dog-Bot", "fire"], nil),
        ("set-weapon --stdin", ["set-weapon", "--stdin"], "Cat-Bot\tsmoke\n{\"name\": \"Ice-Bot\", \"weapon\": \"sword\"}\n"),
        ("add", ["add", "Bat-Bot", "--weapon", "smoke", "--description", "Hangs around", "--height", "6ft2", "--origin", "FR",
                 "--activated", "2026-11-29T13:05Z"], nil),
        ("edit", ["edit", "Fire-Bot", "--name", "Blaze-Bot", "--description", "hot", "--icon", "meetcatbot.png", "--color", "green",
                  "--weapon", "sword", "--height", "none", "--origin", "DE", "--activated", "none"], nil),
        ("remove", ["remove", "Explode-Bot", "Ice-Bot", "--yes"], nil),
        ("import insert", ["import", "-", "--mode", "insert"], importFile.replacingOccurrences(of: "2,Dog-Bot", with: ",Other-Bot")),
        ("import upsert", ["import", "-", "--mode", "upsert"], importFile),
        ("import replace", ["import", "-", "--mode", "replace"], importFile),
    ]

    @Test("undo restores the exact bytes from before, and redo the changed ones", arguments: surfaces.map(\.name))
    func roundTrip(surface: String) throws {
        let entry = try #require(Self.surfaces.first { $0.name == surface })
        let sandbox = try Sandbox()
        let before = try export(sandbox)
        let change = try sandbox.roster(entry.arguments, stdin: entry.stdin)
        #expect(change.status == 0, "\(change.stderr)")
        let changed = try export(sandbox)
        #expect(changed != before)
        let undo = try sandbox.roster("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr.hasPrefix("undid \(entry.arguments[0])"), "\(undo.stderr)")
        #expect(try export(sandbox) == before)
        let redo = try sandbox.roster("redo")
        #expect(redo.status == 0, "\(redo.stderr)")
        #expect(redo.stderr == undo.stderr.replacingOccurrences(of: "undid", with: "redid"))
        #expect(try export(sandbox) == changed)
        #expect(try sandbox.roster("undo").status == 0)
        #expect(try export(sandbox) == before)
    }

    @Test("history lists changes newest first, in the words of each command")
    func history() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        try sandbox.roster("edit", "Dog-Bot", "--name", "Doggo")
        try sandbox.roster("undo")
        let plain = try sandbox.roster("history")
        #expect(plain.status == 0)
        let rows = plain.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.map { $0.count } == [7, 7, 7])
        #expect(rows.map { "\($0[0]) \($0[2]) \($0[3]) \($0[5]) \($0[6])" } == [
            "3 command line undo edit Dog-Bot: name `Dog-Bot` → `Doggo` done",
            "2 command line edit Dog-Bot: name `Dog-Bot` → `Doggo` undone",
            "1 command line set-weapon Cat-Bot: Sword → Fire done",
        ])
        let json = try sandbox.roster("history", "--format", "json", "--limit", "1")
        let objects = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects.first?["reverses"] as? Int == 2)
        let keys = ["id", "at", "surface", "command", "file", "summary", "undone", "reverses", "count_before", "count_after", "monsters"]
        let places = keys.compactMap { json.stdout.range(of: "\"\($0)\":")?.lowerBound }
        #expect(places.count == keys.count && places == places.sorted(), "the keys are not in their fixed order: \(json.stdout)")
        let ndjson = try sandbox.roster("history", "--format", "ndjson", "Cat-Bot")
        #expect(ndjson.stdout.split(separator: "\n").count == 1)
        #expect(ndjson.stdout.contains("\"monsters\":[{\"id\":1,\"name\":\"Cat-Bot\",\"before\":{\"weapon\":\"sword\"},\"after\":{\"weapon\":\"fire\"}}]"))
        let typo = try sandbox.roster("history", "Cat-Bto")
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("did you mean `Cat-Bot`?"), "\(typo.stderr)")
        #expect(try sandbox.roster("history", "--limit", "0").status == 64)
    }

    @Test("history of a removed monster, after an import, lists its changes rather than calling it a typo")
    func removedMonster() throws {
        let sandbox = try Sandbox()
        try sandbox.roster(["remove", "Dog-Bot", "--yes"])
        try sandbox.roster(["import", "-"], stdin: "name,icon,weapon\nX-Bot,unknown.png,sword\n")
        let run = try sandbox.roster("history", "dog-bot")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map { $0.split(separator: "\t")[3] } == ["import", "remove"])
    }

    @Test("on a terminal, history is a table of when, which change and what")
    func table() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let (status, output) = try sandbox.rosterOnTerminal(["history"], environment: ["NO_COLOR": "1", "TZ": "UTC"])
        #expect(status == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#  WHEN") == true, "\(output)")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("set-weapon  Cat-Bot: Sword → Fire") == true, "\(output)")
        // WHEN is on the reader's clock, with its zone, as `show` tells times.
        #expect(lines.last?.contains(" UTC  set-weapon") == true, "\(output)")
        let (_, paris) = try sandbox.rosterOnTerminal(["history"], environment: ["NO_COLOR": "1", "TZ": "Europe/Paris"])
        let when = try #require(paris.split(separator: "\n").last?.split(separator: " ").dropFirst().prefix(3))
        #expect(when.last == "CET" || when.last == "CEST", "\(paris)")
    }

    @Test("history and undo tell an activation time on the reader's clock, not the writer's")
    func summariesInReadersZone() throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Fire-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": "Europe/Paris"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let newYork = try sandbox.roster(["history"], environment: ["TZ": "America/New_York"])
        #expect(newYork.stdout.contains("Fire-Bot: activated ") && newYork.stdout.contains(" → 2026-11-29 08:05 EST\t"), "\(newYork.stdout)")
        let undo = try sandbox.roster(["undo"], environment: ["TZ": "UTC"])
        #expect(undo.stderr.hasPrefix("undid edit Fire-Bot: activated ") && undo.stderr.hasSuffix(" → 2026-11-29 13:05 UTC\n"), "\(undo.stderr)")
        // The undo's own entry repeats the change's words, on this clock too.
        let undoEntry = try sandbox.roster(["history", "--limit", "1"], environment: ["TZ": "Asia/Tokyo"])
        #expect(undoEntry.stdout.contains("\tundo\t\tedit Fire-Bot: activated ") && undoEntry.stdout.contains(" → 2026-11-29 22:05 JST\t"),
                "\(undoEntry.stdout)")
    }

    @Test("clearing asks, or needs --yes in a script")
    func clear() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let refused = try sandbox.roster("history", "--clear")
        #expect(refused.status == 64)
        #expect(try sandbox.roster("history").stdout.split(separator: "\n").count == 1)
        let cleared = try sandbox.roster("history", "--clear", "--yes")
        #expect(cleared.status == 0)
        #expect(cleared.stderr.contains("cleared the history (1 change)"))
        #expect(try sandbox.roster("history").stdout.isEmpty)
        let nothing = try sandbox.roster("undo")
        #expect(nothing.status == 0)
        #expect(nothing.stderr == "nothing to undo\n")
    }

    @Test("bad counts are usage errors, and change nothing", arguments: ["0", "-3", "abc", "1.5", "٣"])
    func badCounts(count: String) throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let run = try sandbox.roster("undo", count)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("whole number"), "\(run.stderr)")
        #expect(try sandbox.roster("show", "Cat-Bot", "--format", "json").stdout.contains("\"weapon\":\"fire\""))
    }

    @Test("undo refuses to overwrite what changed since, naming it, with status 1")
    func refusal() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        _ = try sandbox.sqlite("UPDATE monster SET weapon = 'smoke' WHERE id = 1")
        let run = try sandbox.roster("undo")
        #expect(run.status == 1)
        #expect(run.stderr == "roster: cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot has been changed since by another program; nothing was undone; to undo it, set it back as #1 left it; to go past it, `roster history --clear` starts the history afresh\n")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "smoke")
    }

    @Test("undo N refused part-way undoes none of them: the roster keeps its exact bytes, status 1")
    func refusalPartWay() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Ice-Bot", "smoke")
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        _ = try sandbox.sqlite("UPDATE monster SET description = 'outside' WHERE name = 'Ice-Bot'")
        let before = try export(sandbox)
        let run = try sandbox.roster("undo", "2")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("roster: cannot undo #1 set-weapon Ice-Bot: Fire → Smoke: Ice-Bot has been changed since"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("; nothing was undone; to undo it, set it back as #1 left it; "
                                     + "to go past it, `roster history --clear` starts the history afresh\n"), "\(run.stderr)")
        #expect(try export(sandbox) == before, "the first of the two, which could be undone, was not undone either")
        #expect(try sandbox.sqlite("SELECT count(*) FROM history WHERE command = 'undo'") == "0")
    }

    @Test("undo of an import refuses over a monster the sqlite3 shell changed after it, naming it, with status 1")
    func importRefusal() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("list")
        #expect(try sandbox.roster(["import", "-", "--mode", "replace"], stdin: Self.importFile).status == 0)
        _ = try sandbox.sqlite("UPDATE monster SET description = 'outside' WHERE id = 2")
        let before = try export(sandbox)
        let run = try sandbox.roster("undo")
        #expect(run.status == 1)
        #expect(run.stderr == "roster: cannot undo #1 import stdin: Dog-Bot was changed by another program after the import; nothing was undone\n")
        #expect(try export(sandbox) == before)
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == "1")
    }

    /// A CSV of `count` bots, each with every field.
    func bots(_ count: Int, weapon: String) -> String {
        var text = "id,name,description,icon,name_color,weapon,height,origin,activated\n"
        for index in 1...count {
            text += "\(index),Bot-\(index),A bot numbered \(index),unknown.png,red,\(weapon),5ft\(index % 12)in,FR,2026-01-01T00:00:00Z\n"
        }
        return text
    }

    @Test("the undo of a large replace import, killed at any moment, leaves all of it or none of it")
    func killedUndo() throws {
        let sandbox = try Sandbox()
        let first = sandbox.directory.appendingPathComponent("first.csv")
        let second = sandbox.directory.appendingPathComponent("second.csv")
        try bots(150_000, weapon: "sword").write(to: first, atomically: true, encoding: .utf8)
        try bots(120_000, weapon: "fire").write(to: second, atomically: true, encoding: .utf8)
        #expect(try sandbox.roster("import", first.path, "--mode", "replace").status == 0)
        let before = try export(sandbox)
        #expect(try sandbox.roster("import", second.path, "--mode", "replace").status == 0)
        let after = try export(sandbox)
        var outcomes: Set<String> = []
        for delay in ["0.02", "0.08", "0.15", "0.3", "0.6"] {
            let script = """
                "\(Sandbox.binary.path)" --db "\(sandbox.databasePath)" undo 2>/dev/null &
                sleep \(delay); kill -KILL $! 2>/dev/null; wait
                true
                """
            _ = try sandbox.run("/bin/bash", ["-c", script])
            #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
            let now = try export(sandbox)
            #expect(now == before || now == after, "the undo was left half-done")
            outcomes.insert(now == before ? "undone" : "not undone")
            if now == before {
                #expect(try sandbox.roster("redo").status == 0)
                #expect(try export(sandbox) == after)
            }
        }
        #expect(outcomes.contains("not undone"), "no kill landed before the commit; the test proved nothing")
        // Run to the end, the undo brings back the first roster, ids included.
        #expect(try sandbox.roster("undo").status == 0)
        #expect(try export(sandbox) == before)
    }

    @Test("processes undoing at once each undo a different change")
    func concurrentUndo() throws {
        let sandbox = try Sandbox()
        let count = 8
        for index in 1...count {
            #expect(try sandbox.roster("edit", "Cat-Bot", "--description", "step \(index)").status == 0)
        }
        let start = try export(sandbox)
        let script = (1...count).map { _ in "\"\(Sandbox.binary.path)\" --db \"\(sandbox.databasePath)\" undo &" }.joined(separator: "\n")
            + "\nwait\n"
        _ = try sandbox.run("/bin/bash", ["-c", script])
        // Every change was undone exactly once, and the roster is as it began.
        let undone = try sandbox.sqlite("SELECT reverses FROM history WHERE command = 'undo' ORDER BY reverses")
        #expect(undone.split(separator: "\n") == (1...count).map { Substring(String($0)) })
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE id = 1") == "MEE-OW")
        #expect(start != (try export(sandbox)))
        #expect(try sandbox.roster("undo").stderr == "nothing to undo\n")
    }

    @Test("an import exported from the roster and undone with the edit before it is redone after that edit's redo, one at a time or both")
    func redoInOrder() throws {
        let sandbox = try Sandbox()
        let exported = try sandbox.roster("export", "--format", "json").stdout
        try sandbox.roster("edit", "Fire-Bot", "--height", "7ft")
        try sandbox.roster(["import", "-", "--format", "json", "--mode", "replace"], stdin: exported)
        let before = try export(sandbox)
        #expect(try sandbox.roster("undo", "2").status == 0)
        #expect(try sandbox.roster("redo").stderr.hasPrefix("redid edit Fire-Bot"))
        let redo = try sandbox.roster("redo")
        #expect(redo.status == 0 && redo.stderr.hasPrefix("redid import"), "\(redo.stderr)")
        #expect(try export(sandbox) == before)
        #expect(try sandbox.roster("undo", "2").status == 0)
        let both = try sandbox.roster("redo", "2")
        #expect(both.status == 0 && both.stderr.split(separator: "\n").count == 2, "\(both.stderr)")
        #expect(try export(sandbox) == before)
    }
}

/// Scripts guard a read-modify-write with the values they read.
@Suite("Compare-and-set from scripts")
struct CompareAndSetCommandTests {
    @Test("set-weapon --from and edit --expect refuse with status 1 when the monster moved on")
    func refused() throws {
        let sandbox = try Sandbox()
        let wrongWeapon = try sandbox.roster("set-weapon", "Cat-Bot", "fire", "--from", "smoke")
        #expect(wrongWeapon.status == 1)
        #expect(wrongWeapon.stderr == "roster: Cat-Bot is not as this change expected: its weapon is now Sword; nothing was changed\n")
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "fire", "--from", "Sword").status == 0)
        let wrongName = try sandbox.roster("edit", "Cat-Bot", "--description", "x", "--expect", "name=cat-bot", "--expect", "weapon=fire")
        #expect(wrongName.status == 1, "\(wrongName.stderr)")
        #expect(wrongName.stderr.contains("its name is now `Cat-Bot`"))
        let right = try sandbox.roster("edit", "Cat-Bot", "--description", "x", "--expect", "name=Cat-Bot", "--expect", "weapon=fire")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try sandbox.roster("edit", "Cat-Bot", "--description", "y", "--expect", "nonsense").status == 64)
        #expect(try sandbox.roster("history").stdout.split(separator: "\n").count == 2)
    }
}

/// The interactive roster's changes go into the same history.
@Suite("The interactive roster's changes in the history", .serialized)
struct InteractiveHistoryTests {
    @Test("a weapon chosen in the interface is recorded as the interactive roster's, and undone from the command line")
    func weaponFromInterface() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.roster("export").stdoutBytes
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "--no-animation"],
                                            environment: ["HOME": sandbox.directory.path], columns: 100, rows: 30)
        try #require(program.terminal.waitFor("Monsters · 6"))
        program.terminal.type("\u{1B}[B")
        program.terminal.type("w")
        #expect(program.terminal.waitFor("Close"))
        program.terminal.type("\u{1B}[C\u{1B}[C\u{1B}[C")
        let mark = program.terminal.transcript.count
        program.terminal.type("\r")
        #expect(program.terminal.waitFor("carries", after: mark))
        program.terminal.type("q")
        #expect(program.waitForChange() == .exited(0))
        let history = try sandbox.roster("history", "--format", "ndjson")
        // In the words the command line uses for the same change.
        #expect(history.stdout.contains("\"surface\":\"interactive roster\",\"command\":\"set-weapon\""), "\(history.stdout)")
        #expect(history.stdout.contains("\"summary\":\"Dog-Bot: Blowgun → Sword\""))
        let undo = try sandbox.roster("undo")
        #expect(undo.stderr == "undid set-weapon Dog-Bot: Blowgun → Sword\n")
        #expect(try sandbox.roster("export").stdoutBytes == before)
    }

    @Test("history at 80 columns gives WHAT the room: the time and the change shorten first")
    func narrowHistory() throws {
        let sandbox = try Sandbox()
        let file = sandbox.directory.appendingPathComponent("the-roster-a-colleague-sent-over-email.csv")
        try Data(HistoryCommandsTests.importFile.utf8).write(to: file)
        _ = try sandbox.roster("list")
        #expect(try sandbox.roster("import", file.path, "--mode", "upsert").status == 0)
        #expect(try sandbox.roster("edit", "Cat-Bot", "--description", "Purrs at dawn").status == 0)
        let run = try sandbox.roster(["history", "--format", "table"], environment: ["COLUMNS": "80", "TZ": "UTC"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(run.stdout)")
        #expect(lines.contains { $0.hasSuffix("edit    Cat-Bot: description `MEE-OW` → `Purrs at dawn`") }, "\(run.stdout)")
        let wide = try sandbox.roster(["history", "--format", "table"], environment: ["COLUMNS": "200", "TZ": "UTC"])
        #expect(wide.stdout.contains("UTC  import \(file.path)"), "wide, everything is said: \(wide.stdout)")
    }
}
