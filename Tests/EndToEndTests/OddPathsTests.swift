import Foundation
import Testing

/// The paths nobody planned for: references written oddly, names that
/// read as another's, dry runs without write access, arguments that are
/// not text, and files that only look like files.
@Suite("Odd paths through the command line")
struct OddPathsTests {
    @Test("an id with leading zeros is that id; an id below 1 is pointed to its # form")
    func idsAsWritten() throws {
        let sandbox = try Sandbox()
        let show = try sandbox.roster("show", "01", "--format", "json")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(#""name":"Cat-Bot""#))
        #expect(try sandbox.roster("set-weapon", "001", "fire").status == 0)
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE id = 1") == "fire")
        #expect(try sandbox.roster("show", "099").stderr == "roster: no monster has id 99\n")
        let option = try sandbox.roster("show", "-5")
        #expect(option.status == 64)
        #expect(option.stderr.contains("(an id below 1 is written with #: #-5)"), "\(option.stderr)")
        // An empty argument is a usage error, as everywhere else.
        let empty = try sandbox.roster("show", "")
        #expect(empty.status == 64)
        #expect(empty.stderr == "roster: an empty name names no monster; give a name or an id\n")
        let name = try sandbox.roster("show", "--", "-5")
        #expect(name.status == 1)
        #expect(name.stderr == "roster: no monster is named `-5` (an id below 1 is written with #: #-5)\n")
    }

    @Test("a name that reads as a stored one is refused, naming the stored one")
    func lookAlikeNames() throws {
        let sandbox = try Sandbox()
        for name in ["ＣＡＴ-ＢＯＴ", "\u{421}at-Bot", "Cat\u{2010}Bot", "CAT-BOT"] {
            let run = try sandbox.roster("add", name, "--weapon", "fire")
            #expect(run.status == 1, "\(name): \(run.stderr)")
            #expect(run.stderr.hasPrefix("roster: `"), "\(run.stderr)")
            #expect(run.stderr.contains("reads as `Cat-Bot`, which is already on the roster"), "\(run.stderr)")
        }
        #expect(try sandbox.roster("add", "Caf\u{E9}", "--weapon", "fire").status == 0)
        let decomposed = try sandbox.roster("add", "Cafe\u{301}", "--weapon", "fire")
        #expect(decomposed.status == 1, "\(decomposed.stderr)")
        #expect(try sandbox.roster("show", "CAFE\u{301}", "--format", "json").stdout.contains(#""id":7"#))
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "7")
    }

    @Test("a weapon argument holding bytes that are not UTF-8, or a zero-width space, sets nothing")
    func weaponThatIsNotText() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let before = try sandbox.sqlite("SELECT * FROM monster")
        for weapon in [#"$'fi\xffre'"#, #"$'fi\u200bre'"#] {
            let run = try sandbox.run("/bin/bash", ["-c", "\"\(Sandbox.binary.path)\" --db \"\(sandbox.databasePath)\" set-weapon Cat-Bot \(weapon)"])
            #expect(run.status == 64, "\(weapon): \(run.stderr)")
            #expect(run.stderr.contains("unknown weapon"), "\(run.stderr)")
            #expect(run.stderr.contains("did you mean `fire`?"), "\(run.stderr)")
        }
        #expect(try sandbox.sqlite("SELECT * FROM monster") == before)
    }

    @Test("a dry run works on a roster the user may read but not write, and changes no byte",
          .enabled(if: getuid() == 0, "needs root to switch to an unprivileged user"))
    func dryRunReadOnly() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        let upsert = sandbox.directory.appendingPathComponent("up.ndjson")
        try Data(#"{"name":"Dog-Bot","weapon":"smoke"}"#.utf8).write(to: upsert)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: upsert.path)
        let files = [sandbox.databasePath, sandbox.databasePath + "-wal", sandbox.databasePath + "-shm"]
        for path in files { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let before = files.map { FileManager.default.contents(atPath: $0) }
        func asNobody(_ arguments: String...) throws -> RosterRun {
            try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path,
                                                  "--db", sandbox.databasePath] + arguments)
        }
        let setWeapon = try asNobody("set-weapon", "Ice-Bot", "sword", "--dry-run")
        #expect(setWeapon.status == 0, "\(setWeapon.stderr)")
        #expect(setWeapon.stderr.contains("Ice-Bot"), "\(setWeapon.stderr)")
        let importing = try asNobody("import", upsert.path, "--mode", "upsert", "--dry-run")
        #expect(importing.status == 0, "\(importing.stderr)")
        #expect(importing.stderr.contains("Dog-Bot"), "\(importing.stderr)")
        #expect(try asNobody("add", "Bat-Bot", "--weapon", "smoke", "--dry-run").status == 0)
        #expect(try asNobody("edit", "Fire-Bot", "--description", "Warm", "--dry-run").status == 0)
        #expect(try asNobody("remove", "Dog-Bot", "--yes", "--dry-run").status == 0)
        let undo = try asNobody("undo", "--dry-run")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr.contains("Cat-Bot"), "\(undo.stderr)")
        // The real change is still refused, as read-only.
        #expect(try asNobody("set-weapon", "Ice-Bot", "sword").status == 74)
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before)
    }

    @Test("a roster on a read-only mount reads, previews a change, and says why it cannot be written",
          .enabled(if: getuid() == 0, "needs root to mount a tmpfs in a private mount namespace (unshare -m)"))
    func readOnlyMount() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", """
            unshare -m sh -c '
              mkdir -p "$DIR/mnt" && mount -t tmpfs -o size=4m tmpfs "$DIR/mnt" || exit 77
              db="$DIR/mnt/roster.db"
              "$ROSTER" --db "$db" list > /dev/null || exit 1
              mount -o remount,ro "$DIR/mnt" || exit 77
              "$ROSTER" --db "$db" list --format ndjson | wc -l
              "$ROSTER" --db "$db" set-weapon Cat-Bot fire --dry-run 2>/dev/null; echo "dry $?"
              "$ROSTER" --db "$db" set-weapon Cat-Bot fire; echo "write $?"
            '
            """], environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path])
        try #require(run.status != 77, "tmpfs could not be mounted: \(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["6", "dry 0", "write 74"], "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.hasSuffix("roster.db cannot be written: it is on a read-only file system\n"), "\(run.stderr)")
    }

    @Test("the name-folding table is what its script makes from Unicode's data",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func foldingTableIsCurrent() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("script/make-name-folding")
        let run = try Sandbox().run("/usr/bin/python3", [script.path, "--check"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("--db - is refused rather than making a roster named - in the current folder")
    func databaseDash() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", "cd \"$DIR\" && \"$ROSTER\" --db - list"],
                                  environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path])
        #expect(run.status == 74)
        #expect(run.stderr == "roster: cannot open the roster database -: `-` means standard input, which cannot hold a roster (for a file named -, write ./-)\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("-").path))
    }

    @Test("export -o /dev/stdout writes to whatever stdout is, a pipe included; -o DIR/ makes no folder")
    func exportToStandardOutputByName() throws {
        let sandbox = try Sandbox()
        let piped = try sandbox.run("/bin/sh", ["-c", "\"$ROSTER\" --db \"$DIR/r.db\" export -o /dev/stdout --format ndjson | wc -l"],
                                    environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "6", "\(piped.stdout) \(piped.stderr)")
        // The only message is the one a new roster gives.
        #expect(piped.stderr == "roster: made a new roster at \(sandbox.directory.path)/r.db\n", "\(piped.stderr)")
        let folder = sandbox.directory.appendingPathComponent("out").path + "/"
        let slash = try sandbox.roster("export", "-o", folder)
        #expect(slash.status == 73)
        #expect(slash.stderr == "roster: cannot write \(folder): it names a folder; give the file's name (\(folder)roster.json, say)\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("a file of /proc or /sys as the roster is refused in one sentence that says what it is")
    func kernelFiles() throws {
        let sandbox = try Sandbox()
        for path in ["/proc/self/mem", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"]
        where FileManager.default.fileExists(atPath: path) {
            let run = try sandbox.run(Sandbox.binary.path, ["--db", path, "list"])
            #expect(run.status == 74, "\(path): \(run.stderr)")
            #expect(run.stderr == "roster: cannot open the roster database \(path): it is one of the kernel's files in /proc or /sys, not a file that can hold a roster\n")
        }
    }
}

/// Paths longer than about 500 bytes failed with wrong reasons ("no such
/// file", "file exists"): SQLite's names hold 512 bytes, `-journal` included.
@Suite("A roster path longer than SQLite opens")
struct LongPathTests {
    @Test("is refused saying why, and nothing is made; 504 bytes still work")
    func longPath() throws {
        let sandbox = try Sandbox()
        let base = sandbox.directory.path + "/"
        func path(_ length: Int) -> String {
            let rest = length - base.utf8.count - "/r.db".utf8.count
            return base + String(repeating: "a", count: 200) + "/" + String(repeating: "b", count: rest - 201) + "/r.db"
        }
        let fits = try sandbox.roster(["--db", path(504), "list"], useDatabaseOption: false)
        #expect(fits.status == 0, "\(fits.stderr)")
        let long = path(505)
        let run = try sandbox.roster(["--db", long, "list"], useDatabaseOption: false)
        #expect(run.status == 74)
        #expect(run.stderr == "roster: cannot open the roster database \(long): its full path is 505 bytes long, and SQLite opens a database only at a path of at most 504 bytes; give a shorter path\n")
        #expect(!FileManager.default.fileExists(atPath: long))
    }
}

/// A -wal that is a folder was told as "read-only", a -shm that is a FIFO
/// as "disk I/O error", and a file size limit below 32 KiB as a full disk.
@Suite("The roster's log and index, when they cannot be")
struct CompanionKindTests {
    @Test("a folder or a FIFO in their place is named as what it is", arguments: [("-wal", "write-ahead log", "a folder"), ("-shm", "shared-memory file", "a FIFO (a named pipe)")])
    func notAFile(_ suffix: String, _ role: String, _ kind: String) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        let companion = sandbox.databasePath + suffix
        for name in ["-wal", "-shm"] { unlink(sandbox.databasePath + name) }
        #expect((kind == "a folder" ? mkdir(companion, 0o755) : mkfifo(companion, 0o644)) == 0)
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(run.status == 74)
        #expect(run.stderr == "roster: cannot open the roster database \(sandbox.databasePath): its \(role) \(companion) is \(kind), not a file SQLite can use; remove it, or use another path\n")
    }

    @Test("a file size limit below the index's 32 KiB is named")
    func smallFileSizeLimit() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("/bin/sh", ["-c", "ulimit -f 16; exec \"$0\" --db \"$1\" list", Sandbox.binary.path, sandbox.databasePath])
        #expect(run.status == 74)
        #expect(run.stderr.hasSuffix("-shm needs 32 KiB, more than the file size limit allows (ulimit -f)\n"), "\(run.stderr)")
    }
}

/// Found in this sweep: a roster made at `r.db-wal`, beside another
/// roster `r.db` whose log had been folded in and removed, acknowledged
/// its changes, and `r.db`'s next change overwrote it whole.
@Suite("A roster at the name of another database's log")
struct RosterAtCompanionNameTests {
    @Test("is refused before anything is made, and a roster made there before is not overwritten by the other's writes")
    func refused() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        unlink(sandbox.databasePath + "-wal")
        unlink(sandbox.databasePath + "-shm")
        let log = sandbox.databasePath + "-wal"
        let run = try sandbox.roster(["--db", log, "add", "X-Bot", "--weapon", "fire"], useDatabaseOption: false)
        #expect(run.status == 74)
        #expect(run.stderr == "roster: cannot open the roster database \(log): it is the name SQLite gives the write-ahead log of \(sandbox.databasePath), whose next change would overwrite a roster there; give the roster another name\n")
        #expect(!FileManager.default.fileExists(atPath: log))
        // One made there by another program (or an older roster) stops the other's writes.
        _ = try sandbox.sqlite("CREATE TABLE t (x); INSERT INTO t VALUES (1);", path: log)
        unlink(log + "-wal")
        let write = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(write.status == 74)
        #expect(write.stderr.hasSuffix(": its write-ahead log \(log) is a SQLite database of its own, not a log; SQLite would overwrite it: move it away first\n"),
                "\(write.stderr)")
        #expect(try sandbox.sqlite("SELECT x FROM t", path: log) == "1")
    }

    @Test("spelled through a folder that does not exist yet and `..`, it is refused too, and the folder made for it goes again",
          arguments: ["nosuch/../", "./nosuch/deeper/../../"])
    func spelledThroughMissingFolders(_ detour: String) throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster("list").status == 0)
        let folder = (sandbox.databasePath as NSString).deletingLastPathComponent
        let name = (sandbox.databasePath as NSString).lastPathComponent
        let log = sandbox.databasePath + "-wal"
        let before = FileManager.default.contents(atPath: log)
        let run = try sandbox.roster(["--db", "\(folder)/\(detour)\(name)-wal", "add", "Rogue-Bot", "--weapon", "fire"],
                                     useDatabaseOption: false)
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("it is the name SQLite gives the write-ahead log of"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: log) == before)
        #expect(!FileManager.default.fileExists(atPath: folder + "/nosuch"))
        #expect(!FileManager.default.fileExists(atPath: log + "-wal"))
        #expect(try sandbox.roster("add", "Pre-Bot", "--weapon", "fire").status == 0)
    }
}
