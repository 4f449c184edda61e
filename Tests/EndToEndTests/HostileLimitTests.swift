import Foundation
import Testing

/// Limits the hostile sweep hit beyond HostileFileTests: too little
/// address space (`ulimit -v`), a `-shm` that cannot grow, and an import
/// killed while it built a new roster. Each ends with one sentence and a
/// meaningful exit status, and leaves the roster exactly as it was.
@Suite("Hostile limits", .serialized)
struct HostileLimitTests {
    func shell(_ sandbox: Sandbox, _ script: String, _ arguments: [String] = []) throws -> RosterRun {
        try sandbox.run("/bin/sh", ["-c", script, "sh"] + arguments,
                        environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path])
    }

    /// The smallest `ulimit -v` (KiB) under which `roster list` still runs
    /// on the sandbox's roster: the binary starts and reads.
    func smallestLimitForList(_ sandbox: Sandbox) throws -> Int {
        var low = 4_096, high = 1 << 20
        while high - low > 256 {
            let middle = (low + high) / 2
            let run = try shell(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" list", [String(middle)])
            if run.status == 0 { high = middle } else { low = middle }
        }
        return high
    }

    @Test("finding 17: under a ulimit -v that lets roster start but not hold an import, the import exits 71 with one sentence and the roster is byte for byte as it was")
    func importUnderMemoryLimit() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // A file of 100,000 monsters (17 MB), more than such a limit holds.
        var lines = ""
        for index in 0..<100_000 {
            lines += "{\"id\":\(index + 1),\"name\":\"Bot-\(index)\",\"weapon\":\"sword\",\"description\":\"\(String(repeating: "x", count: 100))\"}\n"
        }
        try Data(lines.utf8).write(to: sandbox.directory.appendingPathComponent("big.ndjson"))
        // No WAL beside the file: its bytes are the whole roster.
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        let start = try smallestLimitForList(sandbox)
        for extra in [0, 4 << 10, 12 << 10] {
            let run = try shell(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" import \"$DIR/big.ndjson\" --mode replace",
                                [String(start + extra)])
            #expect(run.status == 71, "ulimit -v \(start + extra): status \(run.status), \(run.stderr.prefix(400))")
            #expect(run.stderr == "roster: there is not enough memory to finish (is ulimit -v too small?); nothing was changed\n",
                    "ulimit -v \(start + extra): \(run.stderr.prefix(400))")
            _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before, "ulimit -v \(start + extra)")
        }
        #expect(try sandbox.sqlite("PRAGMA integrity_check; SELECT count(*) FROM monster") == "ok\n6")
        // With room enough the same import succeeds.
        let roomy = try shell(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" import \"$DIR/big.ndjson\" --mode replace",
                              [String(start + (256 << 10))])
        #expect(roomy.status == 0, "\(roomy.stderr.prefix(400))")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "100000")
    }

    @Test("a replace import of monsters without ids under a tight ulimit -v exits 71 with one sentence or succeeds, and never crashes: the records that wait for their ids wait on disk, not in memory")
    func replaceWithoutIDsUnderMemoryLimit() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // 200,000 monsters without ids: each waits for the id of the old
        // monster with its name, or a fresh one, until the end.
        var lines = ""
        for index in 0..<200_000 {
            lines += "{\"name\":\"Bot-\(index)\",\"weapon\":\"sword\",\"icon\":\"meetcatbot.png\"}\n"
        }
        try Data(lines.utf8).write(to: sandbox.directory.appendingPathComponent("big.ndjson"))
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        let start = try smallestLimitForList(sandbox)
        var succeeded = false
        for extra in [0, 8 << 10, 16 << 10, 24 << 10, 32 << 10, 48 << 10, 64 << 10] {
            let run = try shell(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" import \"$DIR/big.ndjson\" --mode replace",
                                [String(start + extra)])
            #expect(run.status == 0 || run.status == 71, "ulimit -v \(start + extra): status \(run.status), \(run.stderr.prefix(400))")
            if run.status == 0 {
                succeeded = true
                break
            }
            #expect(run.stderr == "roster: there is not enough memory to finish (is ulimit -v too small?); nothing was changed\n",
                    "ulimit -v \(start + extra): \(run.stderr.prefix(400))")
            _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before, "ulimit -v \(start + extra)")
        }
        if !succeeded {
            let roomy = try shell(sandbox, "exec \"$ROSTER\" --db \"$DIR/roster.db\" import \"$DIR/big.ndjson\" --mode replace")
            #expect(roomy.status == 0, "\(roomy.stderr.prefix(400))")
        }
        #expect(try sandbox.sqlite("PRAGMA integrity_check; SELECT count(*), count(DISTINCT id), max(id) > 6 FROM monster") == "ok\n200000|200000|1")
    }

    @Test("finding 17: a -shm that cannot grow on a full tmpfs is named as such, for a read and a write alike, with exit 74",
          .enabled(if: runsAsRoot, "needs root to mount a tmpfs in a private mount namespace (unshare -m)"))
    func sharedMemoryCannotGrow() throws {
        let sandbox = try Sandbox()
        // A WAL of 3,000 pages needs a -shm of more than one 32 KiB
        // region; the -shm is then removed and the disk filled, so that
        // SQLite cannot build it again.
        let run = try shell(sandbox, """
            unshare -m sh -c '
              mkdir -p "$DIR/mnt" && mount -t tmpfs -o size=40m tmpfs "$DIR/mnt" || exit 77
              db="$DIR/mnt/roster.db"
              "$ROSTER" --db "$db" list > /dev/null 2>&1 || exit 1
              sqlite3 "$db" ".dbconfig no_ckpt_on_close on" "PRAGMA wal_autocheckpoint = 0" "
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                SELECT \\"Bot-\\" || i, \\"bot-\\" || i, hex(randomblob(60)), \\"unknown.png\\", \\"default\\", \\"sword\\" FROM n;" > /dev/null
              rm -f "$db-shm"
              dd if=/dev/zero of="$DIR/mnt/filler" bs=1M count=64 2>/dev/null
              "$ROSTER" --db "$db" list > /dev/null; echo "list $?"
              "$ROSTER" --db "$db" set-weapon Cat-Bot fire; echo "set-weapon $?"
              rm -f "$DIR/mnt/filler"
              "$ROSTER" --db "$db" list --format ndjson | wc -l
            '
            """)
        try #require(run.status != 77, "tmpfs could not be mounted: \(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["list 74", "set-weapon 74", "60006"], "\(run.stdout) \(run.stderr)")
        let sentences = run.stderr.split(separator: "\n")
        #expect(sentences.count == 2, "\(run.stderr)")
        for sentence in sentences {
            #expect(sentence.hasSuffix("roster.db-shm cannot grow (the disk may be full)"), "\(sentence)")
        }
        #expect(!run.stderr.contains("did not fit"), "\(run.stderr)")
    }

    @Test("an import killed while building a new roster leaves PATH.importing-PID, which the next import removes, but never a running import's")
    func killedImportLeftovers() throws {
        let sandbox = try Sandbox()
        let path = sandbox.directory.appendingPathComponent("new.db").path
        var lines = ""
        for index in 0..<200_000 { lines += "{\"name\":\"Bot-\(index)\",\"weapon\":\"sword\"}\n" }
        let big = sandbox.directory.appendingPathComponent("big.ndjson")
        try Data(lines.utf8).write(to: big)
        // An import into a roster that does not exist yet, killed while it builds.
        let importing = Process()
        importing.executableURL = Sandbox.binary
        importing.arguments = ["--db", path, "import", big.path]
        importing.standardError = FileHandle.nullDevice
        try importing.run()
        let leftover = path + ".importing-\(importing.processIdentifier)"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: leftover) && Date() < deadline { usleep(2_000) }
        kill(importing.processIdentifier, SIGKILL)
        importing.waitUntilExit()
        try #require(FileManager.default.fileExists(atPath: leftover), "the import finished before it could be killed")
        #expect(!FileManager.default.fileExists(atPath: path))
        // A running process's build (this test's own id stands in) is kept.
        let running = path + ".importing-\(getpid())"
        try Data("in progress".utf8).write(to: URL(fileURLWithPath: running))
        let small = sandbox.directory.appendingPathComponent("small.ndjson")
        try Data("{\"name\":\"Bat-Bot\",\"weapon\":\"smoke\"}\n".utf8).write(to: small)
        let next = try sandbox.run(Sandbox.binary.path, ["--db", path, "import", small.path])
        #expect(next.status == 0, "\(next.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.contains(".importing-") }
        #expect(left == ["new.db.importing-\(getpid())"], "\(left)")
        #expect(try sandbox.sqlite("SELECT group_concat(name) FROM monster", path: path) == "Bat-Bot")
    }
}
