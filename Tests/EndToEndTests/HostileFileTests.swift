import Foundation
import Testing

/// Whether the tests run as root, which the ones that make devices, switch
/// users or mount file systems need. CI runs as root on the same kind of
/// machine, so there they all run.
let runsAsRoot = getuid() == 0

/// Files that are not what they seem: FIFOs, devices, links planted by
/// another user, set-id modes, a WAL a checkpoint did not finish, a size
/// limit. Each one is refused, written as a stream, or read, with one
/// clear sentence, and nothing beside it is created or replaced.
@Suite("Hostile files", .serialized)
struct HostileFileTests {
    /// Runs `script` with `sh -c`, roster's binary as `$ROSTER`.
    func shell(_ sandbox: Sandbox, _ script: String) throws -> RosterRun {
        try sandbox.run("/bin/sh", ["-c", script], environment: ["ROSTER": Sandbox.binary.path, "DIR": sandbox.directory.path])
    }

    func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    func entries(_ sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).sorted()
    }

    /// Makes a character device like `/dev/null` (1, 3) at `path`; false
    /// when this machine does not allow it (no CAP_MKNOD).
    func makeDevice(_ path: String, major: UInt32, minor: UInt32) -> Bool {
        mknod(path, S_IFCHR | 0o666, dev_t(major) << 8 | dev_t(minor)) == 0
    }

    // MARK: Finding 3: a checkpoint cut short

    /// A roster whose newest pages are only in its WAL, with the main
    /// file's first page already from the WAL, as a checkpoint cut short
    /// after writing page 1 leaves it (SIGKILL, a full disk).
    func rosterWithUnfinishedCheckpoint(_ sandbox: Sandbox, monsters: Int) throws {
        let path = sandbox.databasePath
        _ = try sandbox.roster("list")
        _ = try sandbox.run("/usr/bin/sqlite3", [path, ".dbconfig no_ckpt_on_close on", "PRAGMA wal_autocheckpoint = 0", """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(monsters))
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
            SELECT 'Bot-' || i, 'bot-' || i, 'padding padding padding', 'unknown.png', 'default', 'sword' FROM n;
            """])
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let pageSize = Int(wal[8]) << 24 | Int(wal[9]) << 16 | Int(wal[10]) << 8 | Int(wal[11])
        var offset = 32
        var firstPage: Data?
        while offset + 24 + pageSize <= wal.count {
            let page = Int(wal[offset]) << 24 | Int(wal[offset + 1]) << 16 | Int(wal[offset + 2]) << 8 | Int(wal[offset + 3])
            if page == 1 { firstPage = wal.subdata(in: (offset + 24)..<(offset + 24 + pageSize)) }
            offset += 24 + pageSize
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.write(contentsOf: try #require(firstPage))
        try handle.close()
    }

    @Test("finding 3: a roster whose checkpoint was cut short is read through its WAL, not called damaged")
    func unfinishedCheckpoint() throws {
        let sandbox = try Sandbox()
        try rosterWithUnfinishedCheckpoint(sandbox, monsters: 3000)
        let list = try sandbox.roster("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 3006)
        let change = try sandbox.roster("set-weapon", "Bot-2999", "fire")
        #expect(change.status == 0, "\(change.stderr)")
        #expect(try sandbox.sqlite("PRAGMA integrity_check; SELECT weapon FROM monster WHERE name = 'Bot-2999'") == "ok\nfire")
    }

    /// The main file's header counts more pages than the file holds:
    /// a checkpoint has written page 1 but not yet the pages after it.
    func checkpointIsHalfWay(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 32)
        guard pread(descriptor, &header, 32, 0) == 32 else { return false }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        let pages = Int(header[28]) << 24 | Int(header[29]) << 16 | Int(header[30]) << 8 | Int(header[31])
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return pages * pageSize > Int(status.st_size)
    }

    @Test("finding 3: SIGKILL during PRAGMA wal_checkpoint leaves a roster every command still reads")
    func killedCheckpoint() throws {
        let sandbox = try Sandbox()
        let path = sandbox.databasePath
        _ = try sandbox.roster("list")
        var total = 6
        var caught = 0
        // The kill lands while the checkpoint is half-way: page 1 (with
        // the new page count) is written, the pages after it are not.
        for round in 0..<5 where caught < 2 {
            _ = try sandbox.run("/usr/bin/sqlite3", [path, ".dbconfig no_ckpt_on_close on", "PRAGMA wal_autocheckpoint = 0", """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                SELECT 'R\(round)-' || i, 'r\(round)-' || i, hex(randomblob(60)), 'unknown.png', 'default', 'sword' FROM n;
                """])
            total += 40000
            let checkpoint = Process()
            checkpoint.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            checkpoint.arguments = [path, "PRAGMA wal_checkpoint(TRUNCATE)"]
            checkpoint.standardOutput = FileHandle.nullDevice
            try checkpoint.run()
            while checkpoint.isRunning {
                if checkpointIsHalfWay(path) {
                    kill(checkpoint.processIdentifier, SIGKILL)
                    caught += 1
                    break
                }
            }
            checkpoint.waitUntilExit()
            let list = try sandbox.roster("list", "--format", "ndjson")
            #expect(list.status == 0, "round \(round): \(list.stderr)")
            #expect(list.stdout.split(separator: "\n").count == total, "round \(round)")
        }
        #expect(caught > 0, "no checkpoint was caught half-way")
        #expect(try sandbox.sqlite("PRAGMA integrity_check", path: path) == "ok")
    }

    @Test("finding 3: an import whose closing checkpoint fills a small tmpfs leaves a roster that reads once space is freed",
          .enabled(if: runsAsRoot, "needs root to mount a tmpfs in a private mount namespace (unshare -m)"))
    func checkpointOnFullDisk() throws {
        let sandbox = try Sandbox()
        // Rows that go to the WAL (an upsert into a roster with
        // monsters), then a disk too full for the checkpoint to copy them
        // into the main file; the filler is removed afterwards.
        var lines = ""
        for index in 0..<3000 { lines += "{\"name\":\"Big-\(index)\",\"weapon\":\"sword\",\"description\":\"\(String(repeating: "x", count: 200))\"}\n" }
        try Data(lines.utf8).write(to: sandbox.directory.appendingPathComponent("big.ndjson"))
        let run = try shell(sandbox, """
            unshare -m sh -c '
              mkdir -p "$DIR/mnt" && mount -t tmpfs -o size=2400k tmpfs "$DIR/mnt" || exit 77
              db="$DIR/mnt/roster.db"
              "$ROSTER" --db "$db" list > /dev/null || exit 1
              # Leave room for the WAL but not for the checkpoint as well.
              dd if=/dev/zero of="$DIR/mnt/filler" bs=1k count=900 2>/dev/null
              "$ROSTER" --db "$db" import "$DIR/big.ndjson" --mode upsert; echo "import $?"
              rm -f "$DIR/mnt/filler"
              "$ROSTER" --db "$db" list --format ndjson | wc -l
              sqlite3 "file:$db?mode=ro" "PRAGMA integrity_check"
            '
            """)
        try #require(run.status != 77, "tmpfs could not be mounted: \(run.stderr)")
        let output = run.stdout.split(separator: "\n").map(String.init)
        #expect(!run.stderr.contains("damaged"), "\(run.stderr)")
        // Either the import fit (3006 monsters) or it said it did not fit
        // and changed nothing (6); both leave a roster that reads.
        #expect(output.count == 3, "\(run.stdout) \(run.stderr)")
        if output.count == 3 {
            #expect(output[0] == "import 0" ? output[1] == "3006" : output[1] == "6", "\(output)")
            #expect(output[2] == "ok")
        }
    }

    // MARK: Findings 5–7, 10: export -o

    @Test("finding 5: export -o does not follow another user's symbolic link in a sticky shared folder",
          .enabled(if: runsAsRoot, "needs root to plant a link as another user (setpriv)"))
    func othersLinkInStickyFolder() throws {
        let sandbox = try Sandbox()
        let shared = sandbox.directory.appendingPathComponent("shared").path
        let privateFile = sandbox.directory.appendingPathComponent("important.conf").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: privateFile))
        let link = shared + "/report.json"
        let plant = try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/ln", "-s", privateFile, link])
        try #require(plant.status == 0, "\(plant.stderr)")
        let run = try sandbox.roster("export", "-o", link)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("symbolic link another user made in a shared folder"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: privateFile)), as: UTF8.self) == "precious\n")
        #expect(fileType(link) == S_IFLNK)
        // The user's own link there, and any link outside a sticky folder, is still written through.
        let own = shared + "/mine.json"
        let mine = sandbox.directory.appendingPathComponent("mine-target.json").path
        symlink(mine, own)
        #expect(try sandbox.roster("export", "-o", own).status == 0)
        #expect(FileManager.default.contents(atPath: mine)?.starts(with: Data("{".utf8)) == true)
        #expect(fileType(own) == S_IFLNK)
    }

    @Test("N3: export -o refuses another user's file in a sticky shared folder, and never lends another user's mode",
          .enabled(if: runsAsRoot, "needs root to plant a file as another user (setpriv)"))
    func othersFileInStickyFolder() throws {
        let sandbox = try Sandbox()
        let shared = sandbox.directory.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        let planted = shared + "/r2.json"
        let plant = try sandbox.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                         "/bin/sh", "-c", "echo theirs > '\(planted)'; chmod 666 '\(planted)'"])
        try #require(plant.status == 0, "\(plant.stderr)")
        let run = try sandbox.roster("export", "-o", planted)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("a file another user made in a shared folder"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: planted)), as: UTF8.self) == "theirs\n")
        var status = stat()
        #expect(stat(planted, &status) == 0 && status.st_uid == 65534 && status.st_mode & 0o777 == 0o666)
        #expect(try entries(sandbox).contains("shared"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["r2.json"])
        // Outside a sticky folder another user's 0666 file is replaced, but
        // the export gets a new file's mode, not one anyone may write.
        let elsewhere = sandbox.directory.appendingPathComponent("theirs.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: elsewhere))
        #expect(chown(elsewhere, 65534, 65534) == 0 && chmod(elsewhere, 0o666) == 0)
        #expect(try sandbox.roster("export", "-o", elsewhere).status == 0)
        let mask = umask(0)
        umask(mask)
        #expect(stat(elsewhere, &status) == 0 && status.st_uid == 0)
        #expect(status.st_mode & 0o777 == 0o666 & ~mask && status.st_mode & S_IWOTH == 0)
    }

    @Test("N6: a temporary file left by SIGKILL during export -o is removed by the next export, and a live one's is kept")
    func killedExportLeftovers() throws {
        let sandbox = try Sandbox()
        var lines = ""
        for index in 0..<30_000 { lines += "{\"name\":\"Mon-\(index)\",\"weapon\":\"sword\",\"description\":\"a long enough description to make the export take a while\"}\n" }
        let input = sandbox.directory.appendingPathComponent("many.ndjson")
        try Data(lines.utf8).write(to: input)
        try #require(try sandbox.roster("import", input.path, "--mode", "replace").status == 0)
        let folder = sandbox.directory.appendingPathComponent("ex")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func temporaries() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".out.json.roster-") }
        }
        var killed: pid_t = 0
        for _ in 0..<20 where killed == 0 {
            let export = Process()
            export.executableURL = Sandbox.binary
            export.arguments = ["--db", sandbox.databasePath, "export", "-o", folder.appendingPathComponent("out.json").path]
            try export.run()
            while export.isRunning, try temporaries().isEmpty { usleep(500) }
            if export.isRunning {
                kill(export.processIdentifier, SIGKILL)
                killed = export.processIdentifier
            }
            export.waitUntilExit()
        }
        try #require(killed != 0, "no export was caught writing its temporary file")
        let left = try temporaries()
        #expect(left.count == 1 && left[0].hasPrefix(".out.json.roster-\(killed)-"), "\(left)")
        // One of a process that is still running (this test) must stay.
        let live = ".out.json.roster-\(getpid())-AbCdEf"
        try Data("in progress".utf8).write(to: folder.appendingPathComponent(live))
        let again = try sandbox.roster("export", "-o", folder.appendingPathComponent("other.json").path)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try temporaries() == [live])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other.json").path))
    }

    @Test("finding 6: export -o over a file with set-id bits keeps its permissions but never setuid or setgid")
    func setIDBitsNotCopied() throws {
        let sandbox = try Sandbox()
        let target = sandbox.directory.appendingPathComponent("out.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o6775) == 0)
        let run = try sandbox.roster("export", "-o", target)
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(stat(target, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o775)
    }

    @Test("finding 7: export -o into a FIFO writes to its reader and leaves the FIFO in place")
    func exportIntoFIFO() throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try shell(sandbox, """
            timeout -s KILL 10 cat "$DIR/pipe" > "$DIR/received" & reader=$!
            "$ROSTER" --db "$DIR/roster.db" export --format ndjson -o "$DIR/pipe"; status=$?
            wait $reader; exit $status
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileType(fifo) == S_IFIFO)
        let received = String(decoding: FileManager.default.contents(atPath: sandbox.directory.appendingPathComponent("received").path) ?? Data(), as: UTF8.self)
        #expect(received.split(separator: "\n").count == 6)
        #expect(try entries(sandbox).allSatisfy { !$0.contains(".roster-") })
    }

    @Test("finding 7: export -o to copies of /dev/null and /dev/full writes to the device, reports its errors, and never replaces it",
          .enabled(if: runsAsRoot, "needs root to make device nodes (mknod)"))
    func exportIntoDevices() throws {
        let sandbox = try Sandbox()
        let null = sandbox.directory.appendingPathComponent("null").path
        let full = sandbox.directory.appendingPathComponent("full").path
        try #require(makeDevice(null, major: 1, minor: 3) && makeDevice(full, major: 1, minor: 7), "mknod is not allowed here")
        let toNull = try sandbox.roster("export", "-o", null)
        #expect(toNull.status == 0, "\(toNull.stderr)")
        #expect(fileType(null) == S_IFCHR)
        let toFull = try sandbox.roster("export", "-o", full)
        #expect(toFull.status == 74, "\(toFull.stderr)")
        #expect(toFull.stderr.contains("no space left on device"), "\(toFull.stderr)")
        #expect(toFull.stderr.split(separator: "\n").count == 1, "\(toFull.stderr)")
        #expect(fileType(full) == S_IFCHR)
        #expect(try entries(sandbox).allSatisfy { !$0.contains(".roster-") })
    }

    @Test("finding 10: past ulimit -f, export -o says the size limit was reached and leaves no temporary file")
    func fileSizeLimit() throws {
        let sandbox = try Sandbox()
        // A roster of about 280 KB whose export is about 520 KB, and a
        // limit between the two (sh counts 512-byte blocks).
        try addBots(sandbox, count: 3000)
        let run = try shell(sandbox, """
            ulimit -f 600
            exec "$ROSTER" --db "$DIR/roster.db" export -o "$DIR/out.json"
            """)
        #expect(run.status == 74, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("the file size limit was reached"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        let left = try entries(sandbox)
        #expect(left.allSatisfy { !$0.contains(".roster-") && $0 != "out.json" }, "\(left)")
        // Standard output past the limit is reported the same way.
        let piped = try shell(sandbox, """
            ulimit -f 600
            exec "$ROSTER" --db "$DIR/roster.db" export > "$DIR/stdout.json"
            """)
        #expect(piped.status == 74, "\(piped.status) \(piped.stderr)")
        #expect(piped.stderr.contains("the file size limit was reached"), "\(piped.stderr)")
        // An export that fails takes away the folders it made for the file.
        let deep = try shell(sandbox, """
            ulimit -f 600
            exec "$ROSTER" --db "$DIR/roster.db" export -o "$DIR/new/folders/out.json"
            """)
        #expect(deep.status == 74, "\(deep.status) \(deep.stderr)")
        let afterDeep = try entries(sandbox)
        #expect(!afterDeep.contains("new"), "\(afterDeep)")
    }

    // MARK: Findings 8, 9: --db that is not a file

    @Test("finding 8: --db naming a FIFO is refused at once, without waiting for a writer")
    func databaseIsFIFO() throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.directory.appendingPathComponent("fifo.db").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // `timeout` turns a hang into a killed run rather than a stuck suite.
        let run = try sandbox.run("/usr/bin/timeout", ["-s", "KILL", "10", Sandbox.binary.path, "--db", fifo, "list"])
        #expect(run.status == 74, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("it is a FIFO (a named pipe), not a file"), "\(run.stderr)")
        #expect(try entries(sandbox) == ["fifo.db"])
    }

    @Test("finding 9: --db naming a character device is refused before anything is created beside it",
          .enabled(if: runsAsRoot, "needs root to make device nodes (mknod)"))
    func databaseIsDevice() throws {
        let sandbox = try Sandbox()
        for (name, minor) in [("zero", UInt32(5)), ("full", 7), ("null", 3)] {
            let device = sandbox.directory.appendingPathComponent(name).path
            try #require(makeDevice(device, major: 1, minor: minor), "mknod is not allowed here")
            for arguments in [["list"], ["set-weapon", "Cat-Bot", "fire"], ["import", "-", "--mode", "replace"]] {
                let run = try sandbox.run(Sandbox.binary.path, ["--db", device] + arguments, stdin: Data("name,weapon\nA,fire\n".utf8))
                #expect(run.status == 74, "\(name) \(arguments): \(run.stderr)")
                #expect(run.stderr.contains("it is a character device, not a file"), "\(name): \(run.stderr)")
            }
            #expect(fileType(device) == S_IFCHR)
        }
        #expect(try entries(sandbox) == ["full", "null", "zero"])
    }

    // MARK: Finding 17: messages under tight limits

    @Test("finding 17: with ulimit -n 4 a roster still reads, and a write names the descriptor limit, not read-only")
    func fewDescriptors() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // roster keeps its WAL between commands; the sqlite3 shell, the last
        // to close, checkpoints and removes it: a file with no WAL beside it.
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + "-wal"))
        // No redirections under the limit: the shell needs spare descriptors for them.
        let list = try shell(sandbox, "ulimit -n 4; exec \"$ROSTER\" --db \"$DIR/roster.db\" list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 6)
        let run = try shell(sandbox, "ulimit -n 4; exec \"$ROSTER\" --db \"$DIR/roster.db\" set-weapon Cat-Bot fire")
        #expect(run.status == 74)
        #expect(run.stderr.contains("too many files are open (ulimit -n is too small)"), "\(run.stderr)")
        #expect(!run.stderr.contains("read-only"), "\(run.stderr)")
    }

    @Test("finding 17: a symbolic link in place of the -wal file is named as such, not called read-only")
    func symlinkedWriteAheadLog() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // The kept WAL is folded into the file and removed by the sqlite3
        // shell, the last to close, so that the link can take its place.
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(symlink(sandbox.directory.appendingPathComponent("elsewhere").path, sandbox.databasePath + "-wal") == 0)
        #expect(try sandbox.roster("list").status == 0)
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(run.status == 74)
        #expect(run.stderr.contains("roster.db-wal is a symbolic link"), "\(run.stderr)")
        #expect(!run.stderr.contains("read-only"), "\(run.stderr)")
    }

    @Test("a symbolic link in place of the -shm file is named as such, not called read-only")
    func symlinkedSharedMemory() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        unlink(sandbox.databasePath + "-shm")
        unlink(sandbox.databasePath + "-wal")
        #expect(symlink(sandbox.directory.appendingPathComponent("elsewhere").path, sandbox.databasePath + "-shm") == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        #expect(try sandbox.roster("list").status == 0)
        let run = try sandbox.roster("set-weapon", "Cat-Bot", "fire")
        #expect(run.status == 74)
        #expect(run.stderr.contains("roster.db-shm is a symbolic link"), "\(run.stderr)")
        #expect(!run.stderr.contains("read-only"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before)
    }

    @Test("finding 17: an import that fills the disk says the change did not fit and nothing changed, not \"cannot open\"",
          .enabled(if: runsAsRoot, "needs root to mount a tmpfs in a private mount namespace (unshare -m)"))
    func importOnFullDisk() throws {
        let sandbox = try Sandbox()
        var lines = ""
        for index in 0..<3000 { lines += "{\"name\":\"Big-\(index)\",\"weapon\":\"sword\",\"description\":\"\(String(repeating: "x", count: 200))\"}\n" }
        try Data(lines.utf8).write(to: sandbox.directory.appendingPathComponent("big.ndjson"))
        let run = try shell(sandbox, """
            unshare -m sh -c '
              mkdir -p "$DIR/mnt" && mount -t tmpfs -o size=1200k tmpfs "$DIR/mnt" || exit 77
              db="$DIR/mnt/roster.db"
              "$ROSTER" --db "$db" list > /dev/null || exit 1
              dd if=/dev/zero of="$DIR/mnt/filler" bs=1k count=900 2>/dev/null
              "$ROSTER" --db "$db" import "$DIR/big.ndjson" --mode upsert; echo "import $?"
              rm -f "$DIR/mnt/filler"
              "$ROSTER" --db "$db" list | wc -l
            '
            """)
        try #require(run.status != 77, "tmpfs could not be mounted: \(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["import 74", "6"], "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("the change did not fit in the roster database"), "\(run.stderr)")
        #expect(run.stderr.contains("the disk is full; nothing was changed"), "\(run.stderr)")
        #expect(!run.stderr.contains("cannot open"), "\(run.stderr)")
    }
}
