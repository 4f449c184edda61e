import Foundation
import Testing

/// Fills the sandbox's roster with `count` extra monsters named `Bot-N`,
/// written with the sqlite3 shell so that set-up is fast.
func addBots(_ sandbox: Sandbox, count: Int) throws {
    _ = try sandbox.roster("list")
    _ = try sandbox.sqlite("""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
        SELECT 'Bot-' || i, 'bot-' || i, 'made for a test', 'unknown.png', 'default', 'sword' FROM n
        """)
}

@Suite("Faults, bad files and concurrency", .serialized)
struct FaultTests {
    @Test("files that are not rosters are refused with a clear message and left byte for byte as they were")
    func refusedFiles() throws {
        let sandbox = try Sandbox()
        let cases: [(name: String, make: (String) throws -> Void, status: Int32, message: String)] = [
            ("text.db", { path in try Data(String(repeating: "hello\n", count: 100).utf8).write(to: URL(fileURLWithPath: path)) },
             74, "is not a roster database (it is not a SQLite file at all)"),
            ("random.db", { path in try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path)) },
             74, "not a SQLite file"),
            ("foreign.db", { path in _ = try sandbox.sqlite("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('x')", path: path) },
             1, "is a SQLite database, but not a roster"),
            ("newer.db", { path in
                _ = try sandbox.run(Sandbox.binary.path, ["--db", path, "list"])
                _ = try sandbox.sqlite("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE)", path: path)
             }, 1, "was written by a newer version of roster (schema 99)"),
            ("truncated.db", { path in
                let full = sandbox.directory.appendingPathComponent("full.db").path
                _ = try sandbox.run(Sandbox.binary.path, ["--db", full, "list"])
                _ = try sandbox.sqlite("""
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                    INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                    SELECT 'Bot-' || i, 'bot-' || i, 'padding padding padding', 'unknown.png', 'default', 'sword' FROM n;
                    PRAGMA wal_checkpoint(TRUNCATE);
                    """, path: full)
                let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
             }, 74, "is damaged (truncated or corrupt)"),
        ]
        for item in cases {
            let path = sandbox.directory.appendingPathComponent(item.name).path
            try item.make(path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for arguments in [["list"], ["set-weapon", "Cat-Bot", "fire"], ["add", "X", "--weapon", "fire"]] {
                let run = try sandbox.run(Sandbox.binary.path, ["--db", path] + arguments)
                #expect(run.status == item.status, "\(item.name) \(arguments): \(run.stderr)")
                #expect(run.stderr.contains(item.message), "\(item.name): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(item.name): \(run.stderr)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(item.name) was modified")
        }
    }

    @Test("a name index that disagrees with its rows is reported as damage, not as a missing monster, and nothing is written")
    func damagedIndex() throws {
        let sandbox = try Sandbox()
        let path = sandbox.databasePath
        // A write first, which notes every name's key as checked: a lookup
        // in a roster never written since it was made notes that once (a
        // row of its own), and each command now ends by copying what it
        // wrote into the file.
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let root = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE); SELECT rootpage FROM sqlite_master WHERE name = 'monster_name_key'")
            .split(separator: "\n").last.flatMap { Int($0) }
        let page = try #require(root)
        // Scribble over the index page's cells, as a bad disk or copy would.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * 4096 + 8))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 192))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [["show", "Ice-Bot"], ["set-weapon", "Ice-Bot", "fire"], ["edit", "Ice-Bot", "--color", "red"]] {
            let run = try sandbox.roster(arguments)
            #expect(run.status == 74, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("is damaged"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("did you mean"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("two processes running 500 set-weapon commands each all succeed and lose nothing")
    func concurrentWriters() throws {
        let sandbox = try Sandbox()
        try addBots(sandbox, count: 1000)
        let binary = Sandbox.binary.path
        // Process A gives bots 1–500 fire; process B gives bots 501–1000 smoke.
        let script = """
            run() { for i in $(seq $1 $2); do "\(binary)" --db "\(sandbox.databasePath)" set-weapon "Bot-$i" $3 2>>"$4" || echo "failed Bot-$i $?" >>"$4"; done; }
            run 1 500 fire "\(sandbox.directory.path)/a.log" &
            run 501 1000 smoke "\(sandbox.directory.path)/b.log" &
            wait
            cat "\(sandbox.directory.path)/a.log" "\(sandbox.directory.path)/b.log" | grep -v '^changed ' || true
            """
        let run = try sandbox.run("/bin/bash", ["-c", script])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "unexpected output: \(run.stdout.prefix(500))")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name LIKE 'Bot-%' AND weapon = 'fire'") == "500")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name LIKE 'Bot-%' AND weapon = 'smoke'") == "500")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test("a writer that holds the lock too long makes a write give up as busy, with exit status 75")
    func busy() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let script = """
            # The other writer waits for its lock: a probe below (or its
            # checkpoint of the WAL when it closes) may hold it for a moment.
            { echo '.timeout 5000'; echo 'BEGIN IMMEDIATE;'; echo "UPDATE monster SET weapon = 'fire' WHERE id = 2;"; sleep 6; echo 'ROLLBACK;'; } | sqlite3 "\(sandbox.databasePath)" &
            # Wait until the other writer really holds the lock (for at most 5 s).
            for attempt in $(seq 100); do
                sqlite3 "\(sandbox.databasePath)" 'BEGIN IMMEDIATE; ROLLBACK;' 2>/dev/null || break
                sleep 0.05
            done
            "\(Sandbox.binary.path)" --db "\(sandbox.databasePath)" set-weapon Cat-Bot smoke
            echo "status $?"
            wait
            """
        let run = try sandbox.run("/bin/bash", ["-c", script])
        #expect(run.stdout.contains("status 75"), "\(run.stdout)")
        #expect(run.stderr == "roster: the roster database is busy: another program is writing; try again\n")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "sword")
    }

    @Test("a set-weapon that changes nothing needs no write lock: it answers at once while another program writes")
    func unchangedNeedsNoWriteLock() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let script = """
            { echo '.timeout 5000'; echo 'BEGIN IMMEDIATE;'; echo "UPDATE monster SET weapon = 'fire' WHERE id = 2;"; sleep 6; echo 'ROLLBACK;'; } | sqlite3 "\(sandbox.databasePath)" &
            for attempt in $(seq 100); do
                sqlite3 "\(sandbox.databasePath)" 'BEGIN IMMEDIATE; ROLLBACK;' 2>/dev/null || break
                sleep 0.05
            done
            start=$(date +%s%N)
            "\(Sandbox.binary.path)" --db "\(sandbox.databasePath)" set-weapon Cat-Bot sword
            echo "status $? after $(( ($(date +%s%N) - start) / 1000000 )) ms"
            wait
            """
        let run = try sandbox.run("/bin/bash", ["-c", script])
        // Waiting for the lock would take the 5 s busy timeout and end in 75.
        #expect(run.stdout.contains("status 0 after"), "\(run.stdout)")
        let waited = run.stdout.split(separator: " ").dropLast().last.flatMap { Int($0) } ?? .max
        #expect(waited < 2500, "\(run.stdout)")
        #expect(run.stderr == "Cat-Bot already carries Sword; nothing changed\n")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "sword")
    }

    @Test("several processes creating the same new roster at once all succeed with one default roster, and only its maker says it made it")
    func concurrentCreation() throws {
        // The race is narrow: try it many times. Every process finds the
        // file missing; only the one whose transaction built it made it.
        for round in 0..<15 {
            let sandbox = try Sandbox()
            let script = (0..<6).map { _ in "\"\(Sandbox.binary.path)\" --db \"\(sandbox.databasePath)\" list >/dev/null &" }
                .joined(separator: "\n") + "\nfor job in $(jobs -p); do wait $job || echo failed; done"
            let run = try sandbox.run("/bin/bash", ["-c", script])
            #expect(run.stdout.isEmpty, "round \(round): \(run.stdout) \(run.stderr)")
            #expect(try sandbox.sqlite("SELECT count(*), max(height) FROM monster") == "6|5ft9in")
            let made = run.stderr.split(separator: "\n").filter { $0 == "roster: made a new roster at \(sandbox.databasePath)" }
            #expect(made.count == 1, "round \(round): \(run.stderr)")
        }
    }

    @Test("a roster another process is still writing is waited for, not called damaged")
    func halfWrittenWhileLocked() throws {
        let sandbox = try Sandbox()
        let full = sandbox.directory.appendingPathComponent("full.db").path
        _ = try sandbox.run(Sandbox.binary.path, ["--db", full, "list"])
        _ = try sandbox.sqlite("PRAGMA journal_mode = DELETE", path: full)
        let target = sandbox.directory.appendingPathComponent("new.db").path
        // A writer holds SQLite's lock byte while the file has its first
        // page only, then writes the rest and lets go, as SQLite creating
        // a database does.
        let writer = """
            import fcntl, os, sys, time
            data = open(sys.argv[1], 'rb').read()
            fd = os.open(sys.argv[2], os.O_RDWR | os.O_CREAT, 0o644)
            os.write(fd, data[:4096])
            fcntl.lockf(fd, fcntl.LOCK_EX, 1, 0x40000000)
            print('locked', flush=True)
            time.sleep(0.4)
            os.pwrite(fd, data[4096:], 4096)
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, 0x40000000)
            """
        let script = """
            python3 -c "$WRITER" '\(full)' '\(target)' | { read line; "\(Sandbox.binary.path)" --db '\(target)' list; echo "status $?"; }
            """
        let run = try sandbox.run("/bin/bash", ["-c", script], environment: ["WRITER": writer])
        #expect(run.stdout.contains("Cat-Bot") && run.stdout.hasSuffix("status 0\n"), "\(run.stdout) \(run.stderr)")
    }

    @Test("a batch killed part-way leaves an intact database with all of it or none of it")
    func killedBatch() throws {
        let sandbox = try Sandbox()
        let count = 60_000
        try addBots(sandbox, count: count)
        let batch = (1...count).map { "Bot-\($0)\tsmoke\n" }.joined()
        let batchFile = sandbox.directory.appendingPathComponent("batch.tsv")
        try batch.write(to: batchFile, atomically: true, encoding: .utf8)
        var outcomes: Set<String> = []
        for delay in ["0.05", "0.15", "0.3", "0.6", "1.2"] {
            let script = """
                "\(Sandbox.binary.path)" --db "\(sandbox.databasePath)" set-weapon --stdin < "\(batchFile.path)" 2>/dev/null &
                sleep \(delay); kill -KILL $! 2>/dev/null; wait
                true
                """
            _ = try sandbox.run("/bin/bash", ["-c", script])
            #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
            let smoked = try sandbox.sqlite("SELECT count(*) FROM monster WHERE name LIKE 'Bot-%' AND weapon = 'smoke'")
            #expect(smoked == "0" || smoked == String(count), "half a batch was applied: \(smoked)")
            outcomes.insert(smoked)
            if smoked != "0" {
                _ = try sandbox.sqlite("UPDATE monster SET weapon = 'sword' WHERE name LIKE 'Bot-%'")
            }
        }
        // The batch itself is good: run to the end, it applies in full.
        let finished = try sandbox.run("/bin/bash", ["-c", "\"\(Sandbox.binary.path)\" --db \"\(sandbox.databasePath)\" set-weapon --stdin < \"\(batchFile.path)\" >/dev/null 2>&1"])
        #expect(finished.status == 0)
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE weapon = 'smoke'") == String(count + 1))
        #expect(outcomes.contains("0"), "no kill landed before the commit; the test proved nothing")
    }

    @Test("a database that cannot be written gives a clear error and exit status 74", .enabled(if: getuid() == 0, "needs root to switch to an unprivileged user"))
    func readOnly() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
        func asNobody(_ arguments: [String]) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", sandbox.databasePath] + arguments)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        // The file and folder belong to root: nobody may read but not write.
        for path in [sandbox.databasePath, sandbox.databasePath + "-wal", sandbox.databasePath + "-shm"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        let write = try asNobody(["set-weapon", "Cat-Bot", "fire"])
        #expect(write.status == 74, "\(write.stderr)")
        #expect(write.stderr.contains("cannot be written"), "\(write.stderr)")
        #expect(write.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before)
        // Reading still works.
        let read = try asNobody(["list", "--format", "ndjson"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.split(separator: "\n").count == 6)
        // A new roster in a folder nobody may write to.
        let lockedFolder = sandbox.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: lockedFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o555])
        let create = try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                           "--db", lockedFolder.appendingPathComponent("r.db").path, "list"])
        #expect(create.status == 74, "\(create.stderr)")
        #expect(create.stderr.contains("read-only") || create.stderr.contains("cannot be written"), "\(create.stderr)")
    }
}
