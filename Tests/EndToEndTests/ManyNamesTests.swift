import Foundation
import Testing

/// Command lines of many names (`roster remove $(cat names)`): the work
/// grows with the names given, not with their square. Before, `remove`
/// searched what it had collected for every name, so 100,000 unknown
/// names took minutes and 60,000 real ones most of a minute; the limits
/// below are many times what the linear work takes, even under load.
@Suite("Many names on one command line", .serialized)
struct ManyNamesTests {
    @Test("remove with 100,000 unknown names reports each once and removes nothing, in linear time",
          .timeLimit(.minutes(2)))
    func manyUnknownNames() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // Each name given twice: every missing name is still reported once.
        let names = (0..<50_000).map { "Nobody-\($0)" }
        let run = try sandbox.roster(["remove"] + names + names + ["--yes"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 50_001)
        #expect(lines.first == "roster: no monster is named `Nobody-0`")
        #expect(lines.last == "roster: nothing was removed")
        #expect(Set(lines).count == lines.count)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }

    @Test("remove with 60,000 names of monsters on the roster removes them all, in linear time",
          .timeLimit(.minutes(3)))
    func manyKnownNames() throws {
        let sandbox = try Sandbox()
        let names = (0..<60_000).map { "Bot-\($0)" }
        let lines = names.enumerated().map { index, name in
            "{\"id\":\(index + 1),\"name\":\"\(name)\",\"weapon\":\"sword\"}"
        }
        let file = sandbox.directory.appendingPathComponent("many.ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        #expect(try sandbox.roster("import", file.path, "--mode", "replace").status == 0)
        // A name given again, by its id this time, is one monster removed once.
        let dry = try sandbox.roster(["remove"] + names + ["#1", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr.prefix(300))")
        #expect(dry.stderr.hasPrefix("would remove Bot-0\nwould remove Bot-1\n"))
        #expect(dry.stderr.hasSuffix("\nwould remove Bot-59999\ndry run: would remove 60000 monsters; nothing was changed\n"))
        #expect(dry.stderr.split(separator: "\n").count == 60_001)
        let run = try sandbox.roster(["remove"] + names + ["#1", "--yes"])
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "0")
    }
}
