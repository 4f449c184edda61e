import Foundation
import Testing

/// A roster moved to PostgreSQL is the same roster: exported from a file,
/// imported into a database with `--mode replace`, it exports back byte
/// for byte in all five formats, and back into a file again; and many
/// people writing at once lose nothing and fail nothing.
@Suite("A roster shared on PostgreSQL")
struct PostgresSharingTests {
    static let formats = ["json", "ndjson", "csv", "markdown", "html"]

    @Test("a file's roster imported into PostgreSQL exports back byte-identical in all five formats, and back into a file")
    func movedBothWays() throws {
        let cluster = try DisposablePostgres.shared()
        let uri = cluster.uri(database: try cluster.makeDatabase())
        let sandbox = try Sandbox()
        // A file roster with awkward values: quotes, commas, newlines, tabs,
        // CJK, emoji, formula-like cells, unknown details, a gap in the ids.
        let awkward = sandbox.directory.appendingPathComponent("awkward.csv").path
        try Self.awkwardCSV.write(toFile: awkward, atomically: false, encoding: .utf8)
        #expect(try sandbox.roster("list").status == 0)
        #expect(try sandbox.roster("import", awkward, "--mode", "upsert").status == 0)
        #expect(try sandbox.roster("remove", "Ice-Bot", "--yes").status == 0)
        #expect(try sandbox.roster("add", "Late 🔥 Bot", "--weapon", "ninja star", "--description", "after the gap").status == 0)

        let json = try sandbox.roster("export", "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let moved = try sandbox.roster(uri: uri, ["import", "-", "--mode", "replace"], stdin: json.stdout)
        #expect(moved.status == 0, "\(moved.stderr)")
        for format in Self.formats {
            let fromFile = try sandbox.roster("export", "--format", format)
            let fromServer = try sandbox.roster(uri: uri, ["export", "--format", format])
            #expect(fromFile.status == 0 && fromServer.status == 0, "\(format): \(fromFile.stderr) \(fromServer.stderr)")
            #expect(fromServer.stdoutBytes == fromFile.stdoutBytes, "\(format) differs")
        }

        // And back: the server's roster into a new file, by the same pipe.
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "smoke"]).status == 0)
        let back = sandbox.directory.appendingPathComponent("back.db").path
        let fromServer = try sandbox.roster(uri: uri, ["export", "--format", "ndjson"])
        let imported = try sandbox.roster(["--db", back, "import", "-", "--mode", "replace"], stdin: fromServer.stdout,
                                          useDatabaseOption: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        for format in Self.formats {
            let server = try sandbox.roster(uri: uri, ["export", "--format", format])
            let file = try sandbox.roster(["--db", back, "export", "--format", format], useDatabaseOption: false)
            #expect(file.stdoutBytes == server.stdoutBytes, "\(format) differs on the way back")
        }
    }

    @Test("20 writers at once, each process one set-weapon: none lost, none failed, every change in the history")
    func manyWriters() throws {
        let writers = 20, rounds = 8
        let weapons = ["blowgun", "ninja-star", "fire", "sword", "smoke"]
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        for writer in 1...writers {
            let added = try sandbox.roster(uri: uri, ["add", "Writer-\(writer)", "--weapon", weapons[writer % 5]])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let historyBefore = Int(try cluster.psql("SELECT count(*) FROM roster.history", database: database)) ?? -1
        let failures = FailureLog()
        // Each writer only runs processes in the sandbox's folder, which nothing changes meanwhile.
        nonisolated(unsafe) let shared = sandbox
        DispatchQueue.concurrentPerform(iterations: writers) { index in
            let writer = index + 1
            for round in 1...rounds {
                let weapon = weapons[(writer + round) % 5]
                do {
                    let run = try shared.roster(uri: uri, ["set-weapon", "Writer-\(writer)", weapon])
                    if run.status != 0 { failures.add("Writer-\(writer) → \(weapon): \(run.status) \(run.stderr)") }
                } catch {
                    failures.add("Writer-\(writer): \(error)")
                }
            }
        }
        #expect(failures.entries.isEmpty, "\(failures.entries.count) failed: \(failures.entries.prefix(3))")
        let final = try cluster.psql("SELECT name, weapon FROM roster.monster WHERE name LIKE 'Writer-%' ORDER BY id",
                                     database: database)
        let expected = (1...writers).map { "Writer-\($0)|\(weapons[($0 + rounds) % 5])" }.joined(separator: "\n")
        #expect(final == expected, "a writer's last change was lost")
        let historyAfter = Int(try cluster.psql("SELECT count(*) FROM roster.history", database: database)) ?? -1
        #expect(historyAfter - historyBefore == writers * rounds, "changes recorded: \(historyAfter - historyBefore)")
        // History order is commit order: ids rise with the time of each change.
        #expect(try cluster.psql("""
            SELECT count(*) FROM (SELECT at < lag(at) OVER (ORDER BY id) AS earlier FROM roster.history) h WHERE earlier
            """, database: database) == "0")
    }

    /// Ten monsters with ids 101 …, each awkward in its own way.
    static let awkwardCSV = """
        id,name,description,icon,name_color,weapon,height,origin,activated\r
        101,Quote-Bot,"Says ""hello"", then leaves",meetcatbot.png,red,sword,2ft4in,JP,2019-03-14T09:30:00Z\r
        102,Lines-Bot,"Two lines:
        first\tand second",meetdogbot.png,green,fire,,,\r
        103,炎のロボット,炎のロボット 🔥,meetfirebot.png,blue,ninja-star,5ft11in,IS,\r
        104,Formula-Bot,=SUM(A1:A9) is not a formula here,meeticebot.png,default,smoke,,FI,2021-06-21T12:00:00Z\r
        105,Comma-Bot,"a, b, and c",meetexplodebot.png,blue,blowgun,0ft9in,,2000-01-01T00:00:00Z\r
        106,Émile-Bot,Accents: é è ê ë,meetminitomatobot.png,red,sword,6ft0in,FR,\r
        107,Plus-Bot,+1 for the team,meetcatbot.png,green,fire,,,\r
        108,Empty-Bot,,meetdogbot.png,default,smoke,,,\r
        109,Tab-Bot,"tab\there",meetfirebot.png,blue,blowgun,1ft1in,US,2015-01-01T01:00:07Z\r
        110,Pipe-Bot,a | b | c in a table,meeticebot.png,red,ninja-star,3ft3in,GB,2017-12-21T06:15:00Z\r

        """
}

/// Failures collected from many threads.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ entry: String) {
        lock.lock()
        list.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
