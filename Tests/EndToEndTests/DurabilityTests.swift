import Foundation
import Testing

/// What a script running many commands in a row relies on: each change is
/// on disk before roster reports it, and the file alone holds it once the
/// command has ended: the WAL is copied into it and left empty, in place
/// rather than rebuilt by every command.
@Suite("The WAL between commands", .serialized)
struct DurabilityTests {
    /// Runs roster under strace, recording the syscalls that make data
    /// durable and the writes that report to the user.
    private func traced(_ sandbox: Sandbox, _ arguments: [String]) throws -> (status: Int32, trace: [String]) {
        let log = sandbox.directory.appendingPathComponent("strace-\(UUID().uuidString).log").path
        let run = try sandbox.run("/usr/bin/strace", ["-f", "-o", log, "-e", "trace=openat,fsync,fdatasync,write",
                                                      Sandbox.binary.path, "--db", sandbox.databasePath] + arguments)
        let trace = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return (run.status, trace)
    }

    /// The descriptor a traced `openat` of `suffix` returned.
    private func descriptor(opening suffix: String, in trace: [String]) -> String? {
        for line in trace where line.contains("openat(") && line.contains(suffix + "\"") {
            if let result = line.split(separator: "=").last?.trimmingCharacters(in: .whitespaces), Int(result) != nil {
                return result
            }
        }
        return nil
    }

    @Test("a change is synced to the WAL before roster says it is made, and the database only after (the checkpoint as roster ends)")
    func syncedBeforeAcknowledged() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let (status, trace) = try traced(sandbox, ["set-weapon", "Cat-Bot", "smoke"])
        #expect(status == 0)
        // Read-only opens are roster's own look at the files before SQLite's.
        let wal = try #require(descriptor(opening: "roster.db-wal", in: trace.filter { !$0.contains("O_RDONLY") }),
                               "the WAL was not opened: \(trace)")
        let database = try #require(descriptor(opening: "roster.db", in: trace.filter { !$0.contains("O_RDONLY") }))
        let acknowledgement = try #require(trace.firstIndex { $0.contains("write(2,") && $0.contains("changed Cat-Bot") },
                                           "no acknowledgement in \(trace)")
        let walSyncs = trace.indices.filter { trace[$0].contains("sync(\(wal))") }
        #expect(walSyncs.first.map { $0 < acknowledgement } == true, "the WAL was not synced before the change was reported")
        // The commit's sync, and the sync of the WAL's header that a
        // WAL emptied by the last command's checkpoint starts with.
        #expect((1...2).contains(walSyncs.filter { $0 < acknowledgement }.count), "\(walSyncs.count) syncs of the WAL: \(trace)")
        let databaseSyncs = trace.indices.filter { trace[$0].contains("sync(\(database))") }
        #expect(databaseSyncs.allSatisfy { $0 > acknowledgement }, "the database was synced before the change was reported (a checkpoint on the critical path)")
        #expect(!databaseSyncs.isEmpty, "the WAL was not copied into the database as roster ended")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name_key = 'cat-bot'") == "smoke")
    }

    @Test("the WAL is kept, empty, after a command; the file alone holds what it acknowledged, and other programs read it")
    func walKept() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let wal = sandbox.databasePath + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal), "the WAL was deleted when the command ended")
        #expect((try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) == 0)
        // A copy of the database file alone has the change.
        let copy = sandbox.directory.appendingPathComponent("copy.db").path
        try FileManager.default.copyItem(atPath: sandbox.databasePath, toPath: copy)
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name_key = 'cat-bot'", path: copy) == "fire")
        let listed = try sandbox.roster("list", "--format", "ndjson")
        #expect(listed.stdout.split(separator: "\n").first?.contains("\"weapon\":\"fire\"") == true)
    }

    @Test("many changes in a row each leave the WAL emptied into the file, so it never grows, and nothing is lost")
    func walStaysShort() throws {
        let sandbox = try Sandbox()
        let wal = sandbox.databasePath + "-wal"
        var largest = 0
        var emptied = false
        for index in 0..<150 {
            let weapon = index % 2 == 0 ? "fire" : "sword"
            let run = try sandbox.roster("set-weapon", "Cat-Bot", weapon)
            #expect(run.status == 0, "\(run.stderr)")
            let size = (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            largest = max(largest, size)
            if size == 0 { emptied = true }
        }
        #expect(emptied, "the WAL was never checkpointed")
        #expect(largest == 0, "the WAL was left with \(largest) bytes")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name_key = 'cat-bot'") == "sword")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test("a command that changes nothing, after another program left a long WAL, copies it into the file as it ends")
    func unchangedCommandCheckpointsWhatOthersLeft() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        // Another program leaves a WAL past roster's threshold behind,
        // without checkpointing it when it closes.
        let padding = """
            CREATE TABLE padding (x);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
            INSERT INTO padding SELECT randomblob(1000) FROM n;
            DROP TABLE padding;
            """
        let long = try sandbox.run("/usr/bin/sqlite3", ["-cmd", ".dbconfig no_ckpt_on_close on",
                                                        "-cmd", "PRAGMA wal_autocheckpoint = 0",
                                                        sandbox.databasePath, padding])
        #expect(long.status == 0, "\(long.stderr)")
        let wal = sandbox.databasePath + "-wal"
        let walSize = { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0 }
        let before = walSize()
        try #require(before > 128 << 10, "the WAL holds only \(before) bytes")

        let unchanged = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(walSize() == 0, "the WAL another program left was not copied into the file")

        let changed = try sandbox.roster("set-weapon", "Cat-Bot", "sword")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(walSize() == 0, "a change left a \(walSize())-byte WAL")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name_key = 'cat-bot'") == "sword")
    }

    @Test("a large write leaves no large WAL behind")
    func largeWriteCheckpointed() throws {
        let sandbox = try Sandbox()
        // Into an existing roster: one the import made itself starts empty.
        #expect(try sandbox.roster("list").status == 0)
        var lines = ""
        for index in 1...3000 {
            lines += #"{"name":"Bulk-\#(index)","description":"padding padding padding padding","icon":"meetcatbot.png","name_color":"red","weapon":"fire"}"# + "\n"
        }
        let run = try sandbox.roster(["import", "-", "--format", "ndjson"], stdin: lines)
        #expect(run.status == 0, "\(run.stderr)")
        let size = ((try? FileManager.default.attributesOfItem(atPath: sandbox.databasePath + "-wal"))?[.size] as? Int) ?? 0
        #expect(size <= 128 << 10, "a \(size)-byte WAL was left behind")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "3006")
    }

    @Test("a command killed right after acknowledging a change leaves the change in place")
    func killedAfterAcknowledging() throws {
        let sandbox = try Sandbox()
        try addBots(sandbox, count: 2000)
        // Each command is killed as soon as it has said "changed": whatever
        // it was still doing (closing, checkpointing) must not matter.
        for (index, weapon) in ["fire", "smoke", "blowgun", "sword"].enumerated() {
            let script = """
                out="$1.out-\(index)"
                "$0" --db "$1" set-weapon Bot-\(index + 1) \(weapon) 2>"$out" &
                pid=$!
                while ! grep -q changed "$out" 2>/dev/null; do kill -0 $pid 2>/dev/null || break; done
                kill -KILL $pid 2>/dev/null; wait $pid
                grep -c changed "$out"
                """
            let run = try sandbox.run("/bin/sh", ["-c", script, Sandbox.binary.path, sandbox.databasePath])
            #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(run.stdout) \(run.stderr)")
            let found = try sandbox.run("/usr/bin/sqlite3", [sandbox.databasePath, "SELECT weapon FROM monster WHERE name_key = 'bot-\(index + 1)'"])
            #expect(found.stdout == weapon + "\n", "\(found.stdout) \(found.stderr)")
        }
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }
}
