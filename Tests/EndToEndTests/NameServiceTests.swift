import Foundation
import Testing

/// roster ships as one static executable, and a static glibc that loads a
/// name service module (`libnss_systemd.so.2`, which Debian's
/// `nsswitch.conf` names for `passwd`) crashes. A user missing from
/// `/etc/passwd` (LDAP, SSSD, a container's uid) made every write to a
/// shared roster crash with SIGSEGV. These runs trace the files roster
/// opens: it must never ask the name service switch.
@Suite("Users missing from /etc/passwd", .enabled(if: runsAsRoot, "needs root to make files as other users (setpriv)"))
struct NameServiceTests {
    /// Runs roster as `uid` under strace; returns the run and the files it opened.
    private func traced(_ sandbox: Sandbox, uid: Int, _ arguments: [String], environment: [String: String] = [:])
        throws -> (run: RosterRun, opened: String) {
        let log = sandbox.directory.appendingPathComponent("trace-\(UUID().uuidString).log").path
        let run = try sandbox.run("/usr/bin/strace", ["-f", "-o", log, "-e", "trace=open,openat,execve",
                                                       "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups",
                                                       Sandbox.binary.path] + arguments, environment: environment)
        let trace = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        // setpriv looks the user up itself: only what roster opened counts.
        let lines = trace.split(separator: "\n")
        let start = lines.lastIndex { $0.contains("execve(\"\(Sandbox.binary.path)\"") } ?? lines.startIndex
        #expect(start != lines.startIndex, "the trace shows roster starting")
        return (run, lines[start...].joined(separator: "\n"))
    }

    @Test("a log that belongs to an unlisted user is named by its number, without the name service switch")
    func unlistedOwnerOfTheLog() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        for path in [sandbox.directory.path, sandbox.databasePath] {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
        }
        for suffix in ["-wal", "-shm"] {
            try FileManager.default.setAttributes([.ownerAccountID: 4242, .groupOwnerAccountID: 4242],
                                                  ofItemAtPath: sandbox.databasePath + suffix)
        }
        let (run, opened) = try traced(sandbox, uid: 65534, ["--db", sandbox.databasePath, "set-weapon", "Cat-Bot", "fire"])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.hasSuffix(": its write-ahead log \(sandbox.databasePath)-wal belongs to user 4242, and this user cannot write it\n"),
                "\(run.stderr)")
        #expect(!opened.contains("nsswitch.conf"), "\(opened)")
        #expect(!opened.contains("libnss_"), "\(opened)")
    }

    @Test("with HOME unset, an unlisted user is told what to set, without the name service switch")
    func unlistedUserWithoutHome() throws {
        let sandbox = try Sandbox()
        let (run, opened) = try traced(sandbox, uid: 4242, ["list"], environment: ["HOME": ""])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("neither --db, $ROSTER_DB nor $HOME is set"), "\(run.stderr)")
        #expect(!opened.contains("nsswitch.conf"), "\(opened)")
        #expect(!opened.contains("libnss_"), "\(opened)")
    }
}
