import Foundation
import Testing

/// A value another program stored with SQLite's checks off (an unknown
/// weapon in a monster or in the history) was told as a damaged file,
/// though `PRAGMA integrity_check` says ok.
@Suite("Values planted past the table's checks")
struct PlantedValueTests {
    static let told = "that roster cannot read, `laser`, which another program stored past the table's checks; nothing was changed\n"

    @Test("a monster's unknown weapon is told as itself, exit 65; the other monsters still read")
    func inTheMonsterTable() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("PRAGMA ignore_check_constraints = 1; UPDATE monster SET weapon = 'laser' WHERE id = 2;")
        let show = try sandbox.roster("show", "Dog-Bot")
        #expect(show.status == 65)
        #expect(show.stderr == "roster: the roster holds a weapon for monster id 2 " + Self.told, "\(show.stderr)")
        #expect(try sandbox.roster("show", "Cat-Bot").status == 0)
    }

    @Test("an unknown weapon in the history is told as itself when undo reads it")
    func inTheHistory() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "smoke").status == 0)
        _ = try sandbox.sqlite("PRAGMA ignore_check_constraints = 1; UPDATE history_row SET after_weapon = 'laser' WHERE change = 1;")
        let undo = try sandbox.roster("undo")
        #expect(undo.status == 65)
        #expect(undo.stderr == "roster: the roster holds a weapon for monster id 1 " + Self.told, "\(undo.stderr)")
    }
}

@Suite("A huge description planted past the table's checks")
struct PlantedHugeValueTests {
    @Test("is refused unread: no change copies it into the history, and memory stays small")
    func hugeDescription() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("PRAGMA ignore_check_constraints = 1; UPDATE monster SET description = hex(zeroblob(5000000)) WHERE id = 1;")
        let run = try sandbox.run("/usr/bin/time", ["-f", "peak %M KB", Sandbox.binary.path, "--db", sandbox.databasePath,
                                                    "set-weapon", "Cat-Bot", "fire"])
        #expect(run.status == 65, "\(run.stderr.prefix(300))")
        #expect(run.stderr.hasPrefix("roster: the roster holds a description for monster id 1 that roster cannot read, `0000"), "\(run.stderr.prefix(300))")
        #expect(try sandbox.sqlite("SELECT count(*) FROM history") == "0")
        let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
            .flatMap { Int($0.dropFirst(5).split(separator: " ")[0]) } ?? .max
        #expect(peak < 60_000, "peak \(peak) KB")
    }
}
