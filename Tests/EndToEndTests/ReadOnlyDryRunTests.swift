import Foundation
import Testing

/// A dry run on a roster the user may only read rehearses on a copy: a
/// temporary file, so that memory stays small however large the roster.
@Suite("Dry runs on a large read-only roster", .serialized)
struct ReadOnlyDryRunTests {
    func asNobody(_ sandbox: Sandbox, _ script: String, _ arguments: [String] = []) throws -> RosterRun {
        try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c", script, "sh"] + arguments,
                        environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path, "TMPDIR": "/tmp"])
    }

    @Test("a read-only roster of 100,000 monsters (about 40 MB) is previewed under a ulimit -v that holds only a few MB more than reading it")
    func boundedMemory() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.sqlite("""
            WITH RECURSIVE n(i) AS (SELECT 7 UNION ALL SELECT i + 1 FROM n WHERE i < 100006)
            INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon)
            SELECT i, 'Bot-' || i, 'bot-' || i, printf('%.300c', 'x'), 'meetcatbot.png', 'default', 'sword' FROM n;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        // Someone else's roster: readable, in a folder nobody may write.
        chmod(sandbox.directory.path, 0o755)
        chmod(sandbox.databasePath, 0o644)
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        #expect(before.count > 35 << 20, "\(before.count)")
        // The smallest limit under which nobody can read one monster of it.
        var low = 4_096, high = 1 << 20
        while high - low > 256 {
            let middle = (low + high) / 2
            let run = try asNobody(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" show Bot-100", [String(middle)])
            if run.status == 0 { high = middle } else { low = middle }
        }
        // 16 MiB more: far less than a copy of the roster in memory.
        let limit = String(high + (16 << 10))
        for command in ["set-weapon Bot-100 fire --dry-run", "remove Bot-100 --dry-run", "edit Bot-100 --color red --dry-run"] {
            let run = try asNobody(sandbox, "ulimit -v $1; exec \"$ROSTER\" --db \"$DIR/roster.db\" $2", [limit, command])
            #expect(run.status == 0, "\(command) under ulimit -v \(limit): \(run.status) \(run.stderr.prefix(300))")
            #expect(run.stderr.contains("would"), "\(command): \(run.stderr.prefix(300))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before)
    }
}
