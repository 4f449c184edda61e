import Foundation
import Testing
import TestSupport

/// Another program may write a history entry of any length: the sqlite3
/// shell on a file, a writer role on a server (sharing.md). `history`
/// prints no more of it than roster reads (`HistoryText`), marked as
/// cut, and the plain roster starts at once: a 16 MB summary once made
/// `history --limit 3` print 18 MB in 9 s, and the plain roster say
/// nothing for more than 20 s.
@Suite("A long history entry another program wrote, on the command line and in the plain roster")
struct LongHistoryTextTests {
    static let cut = "… (cut: longer than 32768 characters)"

    /// The run's output holds the planted entry cut, and little else.
    func expectCut(_ run: RosterRun, within bytes: Int = 40_000) {
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.utf8.count < bytes, "\(run.stdout.utf8.count) bytes")
        #expect(run.stdout.contains(String(repeating: "a", count: 100) ) && run.stdout.contains(Self.cut), "\(run.stdout.prefix(200))")
    }

    @Test("on a file: history --limit 3 prints the entry cut at its bound")
    func fileHistory() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("set-weapon", "Cat-Bot", "fire").status == 0)
        try sandbox.sqlite("""
            INSERT INTO history (id, at, surface, command, summary, kind)
            VALUES ((SELECT max(id) + 1 FROM history), '2026-01-01T00:00:00Z', 'command line', 'edit',
                    replace(hex(zeroblob(8000000)), '0', 'a'), 'rows')
            """)
        let history = try sandbox.roster("history", "--limit", "3")
        expectCut(history)
        #expect(history.stdout.contains("Cat-Bot: Sword → Fire"))
    }

    /// A roster in a new database on the shared cluster, and a way to
    /// write there as another role could: an entry of 16 MB, announced.
    struct ServerRoster {
        let uri: String
        let sandbox: Sandbox
        let plantEntry: () throws -> Void

        init() throws {
            let cluster = try PostgresCluster.shared()
            let uri = try cluster.makeDatabase()
            let database = try #require(uri.split(separator: "@/").last?.split(separator: "?").first.map(String.init))
            self.uri = uri
            sandbox = try Sandbox()
            plantEntry = {
                try cluster.sql("""
                    INSERT INTO roster.history (client, surface, command, summary, kind)
                    VALUES ('x', 'command line', 'edit', repeat('a', 16000000), 'rows');
                    NOTIFY roster;
                    """, database: database)
            }
        }

        func roster(_ arguments: [String], stdin: String? = nil) throws -> RosterRun {
            try sandbox.roster(["--db", uri] + arguments, stdin: stdin, useDatabaseOption: false)
        }
    }

    @Test("on a server: history --limit 3 prints it cut, and the plain roster starts and tells it at once")
    func serverHistoryAndPlain() throws {
        let server = try ServerRoster()
        func roster(_ arguments: [String], stdin: String? = nil) throws -> RosterRun { try server.roster(arguments, stdin: stdin) }
        #expect(try roster(["set-weapon", "Cat-Bot", "fire"]).status == 0)
        try server.plantEntry()
        expectCut(try roster(["history", "--limit", "3"]))
        // The plain roster reads the newest entry as it starts.
        let started = Date()
        let plain = try roster(["browse", "--plain"], stdin: "q\n")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("Roster in plain mode"), "\(plain.stdout.prefix(200))")
        #expect(plain.stdout.utf8.count < 10_000)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("the plain roster on a terminal tells another role's long entry cut, and ends when its terminal goes")
    func plainOnTerminal() throws {
        let server = try ServerRoster()
        #expect(try server.roster(["list"]).status == 0)
        try server.plantEntry()
        let plain = try PlainRosterOnTerminal(uri: server.uri, sandbox: server.sandbox)
        // The notification arrives in its own time: asked again until it is
        // told. One that lands while a command runs is told without its
        // words (the session reads the newest entry after each command),
        // so another entry is written then.
        var said = ""
        var planted = false
        for _ in 0..<30 where !said.contains("Another program changed the roster: edit") {
            if !planted || said.contains("Another program changed the roster.") {
                try server.plantEntry()
                planted = true
            }
            said = plain.answer("list", until: "Command: ")
        }
        #expect(said.contains("Another program changed the roster: edit aaaa"), "\(said.prefix(300))")
        #expect(said.contains("… (cut; history shows more)."), "\(said.suffix(300))")
        #expect(said.utf8.count < 10_000)
        // The window closed: the roster ends by itself.
        plain.terminal.closeMaster()
        #expect(plain.program.waitForChange(seconds: 10) != .running)
    }
}
