import Foundation
import Testing

/// `set-weapon`, `edit` and `remove --where` act only on monsters that
/// match when the write holds the roster's lock. Each test holds that lock
/// itself (another program's transaction), starts the command, waits until
/// the command is waiting for the lock (so any match it read first is
/// read), then changes Ice-Bot from Fire to Sword and lets go. A command
/// meant for Fire monsters must leave the Sword-carrying Ice-Bot alone.
/// Before, the matches were read in one transaction and written by id in
/// another, and a hostile sweep's two loops found 132 `Ice-Bot: Sword →
/// Smoke` entries in 25 s.
@Suite("--where matches inside the write, on a file and on PostgreSQL", .serialized)
struct WhereInsideTheWriteTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case file, postgres
        var testDescription: String { self == .file ? "SQLite file" : "PostgreSQL" }
    }

    @Test("set-weapon --where leaves a monster that stopped matching while it waited", arguments: Store.allCases)
    func setWeapon(store: Store) throws {
        let race = try Race(store)
        let run = try race.run(["set-weapon", "--where", "weapon=fire", "smoke"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("no monsters match; nothing changed"), "\(run.stderr)")
        #expect(try race.iceBot() == "sword|blue")
        let history = try race.history()
        #expect(!history.contains("Smoke"), "\(history)")
    }

    @Test("edit --where leaves a monster that stopped matching while it waited", arguments: Store.allCases)
    func edit(store: Store) throws {
        let race = try Race(store)
        let run = try race.run(["edit", "--where", "weapon=fire", "--color", "red"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try race.iceBot() == "sword|blue")
        let history = try race.history()
        #expect(!history.contains("Ice-Bot"), "\(history)")
    }

    @Test("on PostgreSQL, a row another program (psql, which takes no roster lock) is changing is matched as that program leaves it")
    func otherProgramMidChange() throws {
        let race = try Race(.postgres)
        let run = try race.run(["set-weapon", "--where", "weapon=fire", "smoke"], otherProgramHoldsIceBot: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("no monsters match; nothing changed"), "\(run.stderr)")
        #expect(try race.iceBot() == "sword|blue")
    }

    @Test("on PostgreSQL, a name filter finds each monster by its current name after psql swapped two names")
    func swappedNamesOnPostgres() throws {
        let race = try Race(.postgres)
        _ = try race.sql("UPDATE roster.monster SET name = 'Kitty-Bot' WHERE id = 1; UPDATE roster.monster SET name = 'Cat-Bot' WHERE id = 2")
        let set = try race.roster(["set-weapon", "--where", "name=cat-bot", "smoke"])
        #expect(set.stderr == "changed Cat-Bot: Blowgun → Smoke\n", "\(set.stderr)")
        let kitty = try race.roster(["list", "--where", "name~kitty", "--format", "plain"])
        #expect(kitty.stdout.hasPrefix("1\tKitty-Bot\t"), "\(kitty.stdout) \(kitty.stderr)")
    }

    @Test("remove --where removes nothing when a match changed after it was read", arguments: Store.allCases)
    func remove(store: Store) throws {
        let race = try Race(store)
        let run = try race.run(["remove", "--where", "weapon=fire", "--yes"])
        #expect(run.status == 1, "\(run.stderr)")
        // Nobody was asked (--yes): the sentence does not say so.
        #expect(run.stderr.contains("Ice-Bot was not removed: another program changed it after roster looked it up"), "\(run.stderr)")
        #expect(try race.iceBot() == "sword|blue")
        #expect(try race.count() == "6")
    }
}

/// One roster (a file or a PostgreSQL database) holding the defaults, with
/// Ice-Bot (id 5) the only Fire monster, and the race the tests run on it.
private struct Race {
    let store: WhereInsideTheWriteTests.Store
    let sandbox: Sandbox
    let uri: String?

    init(_ store: WhereInsideTheWriteTests.Store) throws {
        self.store = store
        sandbox = try Sandbox()
        uri = store == .postgres ? try PostgresCluster.shared().makeDatabase() : nil
        let made = try roster(["list"])
        try #require(made.status == 0, "\(made.stderr)")
        try #require(try iceBot() == "fire|blue")
        try #require(try sql("SELECT count(*) FROM \(table) WHERE weapon = 'fire'") == "1")
    }

    private var table: String { store == .postgres ? "roster.monster" : "monster" }

    func roster(_ arguments: [String]) throws -> RosterRun {
        guard let uri else { return try sandbox.roster(arguments) }
        return try sandbox.roster(["--db", uri] + arguments, useDatabaseOption: false)
    }

    func sql(_ text: String) throws -> String {
        guard let uri else { return try sandbox.sqlite(text) }
        let database = String(uri.split(separator: "/")[2].split(separator: "?")[0])
        return try PostgresCluster.shared().sql(text, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func iceBot() throws -> String { try sql("SELECT weapon || '|' || name_color FROM \(table) WHERE id = 5") }
    func count() throws -> String { try sql("SELECT count(*) FROM \(table)") }
    func history() throws -> String { try roster(["history", "--format", "plain"]).stdout }

    /// Runs roster with `arguments` while another program holds the write
    /// lock; once roster waits for it, Ice-Bot's weapon becomes Sword and
    /// the lock is let go. What roster said.
    func run(_ arguments: [String], otherProgramHoldsIceBot: Bool = false) throws -> RosterRun {
        let holder = Process()
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        let begin: String
        if let uri {
            let cluster = try PostgresCluster.shared()
            let database = String(uri.split(separator: "/")[2].split(separator: "?")[0])
            holder.executableURL = URL(fileURLWithPath: PostgresCluster.psql)
            holder.arguments = ["-X", "-q", "-h", cluster.folder, "-p", String(cluster.port), "-U", "postgres", "-d", database]
            // roster's write lock: the history counter's table lock;
            // or, as psql would, no roster lock and Ice-Bot's row changing.
            begin = otherProgramHoldsIceBot ? "BEGIN; UPDATE roster.monster SET weapon = 'sword' WHERE id = 5;\n"
                                            : "BEGIN; LOCK TABLE roster.history_counter IN EXCLUSIVE MODE;\n"
        } else {
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            holder.arguments = [sandbox.databasePath]
            begin = "BEGIN IMMEDIATE;\n"
        }
        try holder.run()
        defer { if holder.isRunning { holder.terminate() }; holder.waitUntilExit() }
        input.fileHandleForWriting.write(Data(begin.utf8))
        if otherProgramHoldsIceBot {
            try #require(try waitFor { try sql("SELECT weapon FROM roster.monster WHERE id = 5") == "fire" && sql(
                "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction'") != "0" })
        } else {
            try #require(try waitUntilHeld(), "the test could not take the roster's write lock")
        }

        let command = Process()
        command.executableURL = Sandbox.binary
        command.arguments = (uri.map { ["--db", $0] } ?? ["--db", sandbox.databasePath]) + arguments
        command.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path, "LANG": "C.UTF-8"]
        let output = Pipe(), errors = Pipe()
        command.standardOutput = output
        command.standardError = errors
        command.standardInput = FileHandle.nullDevice
        try command.run()
        let waited = otherProgramHoldsIceBot
            ? try waitFor { try sql("SELECT count(*) FROM pg_locks WHERE NOT granted") != "0" }
            : try waitUntilWaiting(command)
        input.fileHandleForWriting.write(Data((otherProgramHoldsIceBot ? "COMMIT;\n"
            : "UPDATE \(table) SET weapon = 'sword' WHERE id = 5; COMMIT;\n").utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        command.waitUntilExit()
        try #require(waited, "roster never waited for the lock the test held")
        return RosterRun(status: command.terminationStatus, stdout: "", stderr: String(decoding: said, as: UTF8.self),
                         stdoutBytes: Data())
    }

    private func waitUntilHeld() throws -> Bool {
        guard uri != nil else { return try sandbox.waitUntilWriteLocked() }
        return try waitFor { try sql("SELECT count(*) FROM pg_locks WHERE locktype = 'relation' AND mode = 'ExclusiveLock' AND granted") != "0" }
    }

    /// Until `command` waits for the lock: on PostgreSQL the write lock
    /// not yet granted; on a file, the command asleep in SQLite's busy
    /// handler with the roster open.
    private func waitUntilWaiting(_ command: Process) throws -> Bool {
        if uri != nil {
            return try waitFor { try sql("SELECT count(*) FROM pg_locks WHERE locktype = 'relation' AND mode = 'ExclusiveLock' AND NOT granted") != "0" }
        }
        guard sandbox.waitUntilOpened(by: command) else { return false }
        return try waitFor {
            let sleeping = (try? String(contentsOfFile: "/proc/\(command.processIdentifier)/wchan", encoding: .utf8)) ?? ""
            return sleeping.contains("nanosleep")
        }
    }

    func waitFor(seconds: TimeInterval = 30, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(10_000)
        }
        return false
    }
}
