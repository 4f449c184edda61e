import Foundation
import Testing

/// An import listed its first 10,000 problems but held every one in
/// memory: a 56 MB file of duplicate names took 2.27 GB, and an endless
/// stream grew until the kernel killed it. Past the listed ones, problems
/// are only counted.
@Suite("An import with a great many problems")
struct ImportProblemMemoryTests {
    @Test("400,000 duplicate names: all counted, 10,000 listed, in flat memory (before: 175 MB)")
    func duplicateNamesInFlatMemory() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        let file = sandbox.directory.appendingPathComponent("dups.csv")
        try Data(("name,weapon\n" + String(repeating: "Dup-Bot,fire\n", count: 400_000)).utf8).write(to: file)
        let run = try sandbox.run("/usr/bin/time", ["-f", "peak %M KB", Sandbox.binary.path, "--db", sandbox.databasePath,
                                                    "import", file.path, "--mode", "insert", "--errors", "json"])
        #expect(run.status == 65, "\(run.stderr.suffix(300))")
        #expect(run.stderr.contains("\"total\":399999") || run.stderr.contains("\"total\": 399999"), "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains("\"capped\":true") || run.stderr.contains("\"capped\": true"))
        let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
            .flatMap { Int($0.dropFirst(5).split(separator: " ")[0]) }
        let kilobytes = try #require(peak)
        #expect(kilobytes < 80_000, "peak \(kilobytes) KB")
    }
}

@Suite("An import's activation past the years kept")
struct ImportActivationRangeTests {
    @Test("is a located problem saying the range, exit 65, not the database's CHECK")
    func located() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["import", "-"], stdin: "name,weapon,activated\nX-Bot,fire,9999-12-31T23:59:00-01:00\n")
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("stdin:2:12: activated: `9999-12-31T23:59:00-01:00` is outside the years roster keeps: from 1000 to 9999, in UTC\n"),
                "\(run.stderr)")
    }
}
