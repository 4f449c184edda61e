import Foundation
import Testing

/// One write to tens of thousands of monsters on PostgreSQL finishes,
/// whole, and one undo takes it back. Before, roster sent a whole change
/// (an UPDATE and history rows for each monster) before reading any
/// answer; the server's answers filled the socket, it stopped reading,
/// and from about 8,000 monsters both waited on each other for ever,
/// roster holding the roster's write lock. Each command runs under
/// `timeout`, so a deadlock fails the test instead of hanging it.
@Suite("Writes to many monsters on PostgreSQL", .serialized)
struct PostgresLargeWriteTests {
    static let monsters = 20_000
    static let limitSeconds = 180

    @Test("set-weapon --where, edit --where, edit of 8,000 names and set-weapon --stdin of 12,000 lines on 20,000 monsters")
    func largeWritesFinishWholeAndUndo() throws {
        let roster = try LargeRoster()
        // An import into a new database starts from an empty roster.
        let fire = Self.monsters

        let armed = try roster.run(["set-weapon", "--where", "weapon=fire", "smoke"])
        #expect(armed.status == 0, "\(armed.stderr)")
        #expect(try roster.sql("SELECT count(*) FROM roster.monster WHERE weapon = 'smoke'") == String(fire))
        #expect(try roster.latestChangeRows() == fire, "one history entry holds every monster")
        try roster.undoRestores()

        let painted = try roster.run(["edit", "--where", "weapon=fire", "--color", "red"])
        #expect(painted.status == 0, "\(painted.stderr)")
        #expect(try roster.sql("SELECT count(*) FROM roster.monster WHERE name_color = 'red'") == String(fire))
        #expect(try roster.latestChangeRows() == fire)
        try roster.undoRestores()

        let named = (1...8_000).map { "Bulk-\($0)" }
        let blue = try roster.run(["edit"] + named + ["--color", "blue"])
        #expect(blue.status == 0, "\(blue.stderr)")
        #expect(try roster.sql("SELECT count(*) FROM roster.monster WHERE name_color = 'blue' AND name LIKE 'Bulk-%'") == "8000")
        #expect(try roster.latestChangeRows() == 8_000)
        try roster.undoRestores()

        let lines = (1...12_000).map { "Bulk-\($0)\t\($0.isMultiple(of: 2) ? "sword" : "smoke")\n" }.joined()
        let batch = try roster.run(["set-weapon", "--stdin"], stdin: lines)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try roster.sql("SELECT count(*) FROM roster.monster WHERE weapon = 'sword' AND name LIKE 'Bulk-%'") == "6000")
        #expect(try roster.sql("SELECT count(*) FROM roster.monster WHERE weapon = 'smoke'") == "6000")
        #expect(try roster.latestChangeRows() == 12_000)
        try roster.undoRestores()
    }
}

/// A PostgreSQL roster of 20,000 Fire monsters `Bulk-1`…, imported into
/// a new database, and what a test asks of it.
private struct LargeRoster {
    let sandbox: Sandbox
    let cluster: PostgresCluster
    let uri: String
    let database: String
    /// Every field of every monster as the import left them.
    private(set) var imported = ""

    init() throws {
        sandbox = try Sandbox()
        cluster = try PostgresCluster.shared()
        uri = try cluster.makeDatabase()
        // postgresql://postgres@/NAME?host=…
        database = String(uri.components(separatedBy: "@/").last?.prefix { $0 != "?" } ?? "")
        let csv = "name,weapon\n" + (1...PostgresLargeWriteTests.monsters).map { "Bulk-\($0),fire\n" }.joined()
        let importing = try run(["import", "-", "--mode", "upsert"], stdin: csv)
        guard importing.status == 0 else { throw PostgresCluster.Failure(description: "the import failed: \(importing.stderr)") }
        self.imported = try snapshot()
    }

    /// `roster --db URI ARGS…`, ended by `timeout` should it not finish.
    func run(_ arguments: [String], stdin: String? = nil) throws -> RosterRun {
        let limit = PostgresLargeWriteTests.limitSeconds
        let run = try sandbox.run("/usr/bin/timeout", ["--kill-after=5", String(limit), Sandbox.binary.path, "--db", uri] + arguments,
                                  stdin: stdin.map { Data($0.utf8) })
        #expect(run.status != 124 && run.status != 137, "\(arguments.prefix(3)) did not finish within \(limit) s: deadlocked")
        return run
    }

    func sql(_ text: String) throws -> String {
        try cluster.sql(text, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every field of every monster, in order of id.
    func snapshot() throws -> String {
        try sql("SELECT md5(string_agg(m::text, ',' ORDER BY id)) FROM roster.monster m")
    }

    /// How many monsters the latest history entry records.
    func latestChangeRows() throws -> Int {
        Int(try sql("SELECT count(*) FROM roster.history_row WHERE change = (SELECT max(id) FROM roster.history)")) ?? -1
    }

    /// One undo takes the latest change back: every monster as it was
    /// before it, which is as the import left them.
    func undoRestores() throws {
        let undone = try run(["undo"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try snapshot() == imported, "the undo left some monsters changed")
    }
}
