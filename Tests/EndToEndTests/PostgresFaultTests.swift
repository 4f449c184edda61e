import Foundation
import Testing
import TestSupport

/// A shared roster's server going away is normal, not fatal: the built
/// binary, against a PostgreSQL the tests start themselves, answers 75
/// ("try again") in one sentence that names the server and never the
/// password, within connect_timeout, and leaves nothing half-applied,
/// even when the server dies in the middle of a replace import of
/// 200,000 monsters.
@Suite("A shared roster whose server goes away")
struct PostgresFaultTests {
    @Test("a server that accepts but never answers: 75 within connect_timeout, naming the host, never the password")
    func silentServer() throws {
        let sandbox = try Sandbox()
        let listener = try SilentListener()
        defer { listener.close() }
        let uri = "postgresql://alice:Opaque-Pw-4711@127.0.0.1:\(listener.port)/roster?connect_timeout=2&sslmode=disable"
        let started = Date()
        let run = try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(elapsed >= 1.9 && elapsed < 4, "waited \(elapsed) s for a connect_timeout of 2 s")
        #expect(run.stderr.contains("127.0.0.1:\(listener.port)"), "\(run.stderr)")
        #expect(!run.stderr.contains("Opaque-Pw-4711") && !run.stdout.contains("Opaque-Pw-4711"))
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test("no server on the socket or the port: 75 at once, naming where roster looked")
    func nobodyThere() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.directory.appendingPathComponent("no-server").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let socket = try sandbox.roster(uri: "postgresql://alice:Opaque-Pw-4711@/roster?host=\(folder)", ["list"])
        #expect(socket.status == 75, "\(socket.stderr)")
        #expect(socket.stderr.contains(folder), "\(socket.stderr)")
        #expect(!socket.stderr.contains("Opaque-Pw-4711"))
        // A closed port on loopback: the listener is made and closed again, so nothing listens there.
        let closed = try SilentListener()
        closed.close()
        let started = Date()
        let port = try sandbox.roster(uri: "postgresql://alice:Opaque-Pw-4711@127.0.0.1:\(closed.port)/roster?sslmode=disable",
                                      ["export"])
        #expect(port.status == 75, "\(port.stderr)")
        #expect(Date().timeIntervalSince(started) < 2, "a refused connection needs no timeout")
        #expect(port.stderr.contains("127.0.0.1:\(closed.port)"), "\(port.stderr)")
        #expect(!port.stderr.contains("Opaque-Pw-4711"))
        #expect(port.stdout.isEmpty)
    }

    /// A cluster of the test's own, to crash, with a database: the tests'
    /// clusters commit without waiting for the log (synchronous_commit
    /// off), so a crash may take back the last commits; this one waits,
    /// as a real server does.
    static func durableCluster() throws -> (DisposablePostgres, database: String, uri: String) {
        let cluster = try DisposablePostgres(ownedWith: [])
        try cluster.psql("ALTER SYSTEM SET synchronous_commit = on")
        try cluster.psql("SELECT pg_reload_conf()")
        let database = try cluster.makeDatabase()
        return (cluster, database, cluster.uri(database: database))
    }

    @Test("history numbers stay consecutive across a server crash: the counter is what committed, not a sequence logged ahead")
    func historyNumbersAfterCrash() throws {
        let (cluster, database, uri) = try Self.durableCluster()
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"]).status == 0)
        try cluster.crash()
        try cluster.restart()
        #expect(try sandbox.roster(uri: uri, ["set-weapon", "Dog-Bot", "smoke"]).status == 0)
        #expect(try cluster.psql("SELECT string_agg(id::text, ' ' ORDER BY id) FROM roster.history", database: database) == "1 2")
    }

    @Test("the server killed in the middle of a replace import of 200,000 monsters: 75, and the old roster is whole after a restart")
    func crashDuringImport() throws {
        let (cluster, database, uri) = try Self.durableCluster()
        let sandbox = try Sandbox()
        let old = sandbox.directory.appendingPathComponent("old.ndjson").path
        let new = sandbox.directory.appendingPathComponent("new.ndjson").path
        try Self.writeMonsters(named: "Old", count: 1_000, to: old)
        try Self.writeMonsters(named: "New", count: 200_000, to: new)
        let first = try sandbox.roster(uri: uri, ["import", old, "--mode", "replace"])
        #expect(first.status == 0, "\(first.stderr)")

        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var importRun: RosterRun?
        // Only this thread runs it until the semaphore says it is done.
        nonisolated(unsafe) let importer = sandbox
        DispatchQueue.global().async {
            importRun = try? importer.roster(uri: uri, ["import", new, "--mode", "replace"])
            finished.signal()
        }
        // Wait until the rows are streaming in (COPY), then kill the server as a crash would.
        let copying = """
            SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND state = 'active'
            AND query LIKE 'COPY import_rows%'
            """
        let deadline = Date().addingTimeInterval(60)
        while try cluster.psql(copying) == "0" {
            #expect(Date() < deadline, "the import never reached its COPY")
            if Date() >= deadline { break }
            usleep(5_000)
        }
        try cluster.crash()
        #expect(finished.wait(timeout: .now() + 30) == .success, "roster did not notice the server had gone")
        let run = try #require(importRun)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains(cluster.folder), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")

        try cluster.restart()
        let counts = try cluster.psql("""
            SELECT count(*), count(*) FILTER (WHERE name LIKE 'Old-%'), count(*) FILTER (WHERE name LIKE 'New-%') FROM roster.monster
            """, database: database)
        #expect(counts == "1000|1000|0" || counts == "200000|0|200000", "a mix of rosters: \(counts)")
        // roster reads and writes it as before.
        let list = try sandbox.roster(uri: uri, ["list", "--format", "ndjson"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == (counts.hasPrefix("1000|") ? 1_000 : 200_000))
        let again = try sandbox.roster(uri: uri, ["import", new, "--mode", "replace"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try cluster.psql("SELECT count(*) FROM roster.monster WHERE name LIKE 'New-%'", database: database) == "200000")
    }

    @Test("the plain roster, when the server goes: says the server is out of reach and keeps the chosen monster, never calling it gone; the first answer typed once it is back is saved, as the command tries the server itself")
    func plainRosterLosesServer() throws {
        let cluster = try DisposablePostgres(ownedWith: [])
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        let plain = try PlainRosterOnTerminal(uri: uri, sandbox: sandbox)
        #expect(plain.answer("1", until: "Command: ").contains("Cat-Bot is number 1"))
        try cluster.crash()
        let whileDown = plain.answer("weapon", until: "Weapon number: ")
        #expect(!whileDown.contains("no longer on the roster"), "\(whileDown)")
        #expect(whileDown.contains("Lost the connection to PostgreSQL") || whileDown.contains("Cannot connect to PostgreSQL at"),
                "\(whileDown)")
        #expect(whileDown.contains("Weapon for Cat-Bot"), "\(whileDown)")
        // Refused, in words that say what tries the server again: nothing
        // does by itself between the commands typed.
        let refused = plain.answer("3", until: "Weapon number: ")
        #expect(refused.contains("out of reach; roster tries it again with each command typed"), "\(refused)")
        #expect(!refused.contains("by itself"), "\(refused)")
        // Refused a second time, so that a try in the background would be further off.
        _ = plain.answer("3", until: "Weapon number: ")
        try cluster.restart()
        sleep(2)
        let back = plain.answer("3", until: "Command: ")
        #expect(back.contains("Cat-Bot now carries Fire"), "\(back)")
        _ = plain.answer("quit", until: "Goodbye.")
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "fire")
    }

    @Test("a write that waits on the write lock longer than the busy timeout answers 75, as a busy file does; reading goes on")
    func lockHeldTooLong() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        let before = try sandbox.roster(uri: uri, ["export", "--format", "ndjson"])
        #expect(before.status == 0, "\(before.stderr)")
        // Another session holds roster's write lock (the table lock every
        // write takes first, on the history counter) and keeps it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: DisposablePostgres.psqlBinary)
        holder.arguments = ["-X", "-q", "-h", cluster.folder, "-p", String(cluster.port), "-U", "postgres", "-d", database,
                            "-c", "BEGIN", "-c", "LOCK TABLE roster.history_counter IN EXCLUSIVE MODE", "-c", "SELECT pg_sleep(120)"]
        holder.environment = ["PGAPPNAME": "lock-holder", "PATH": "/usr/bin:/bin"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        holder.standardInput = FileHandle.nullDevice
        try holder.run()
        defer {
            _ = try? cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lock-holder'")
            holder.waitUntilExit()
        }
        let held = "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = '\(database)' AND l.locktype = 'relation' AND l.mode = 'ExclusiveLock' AND l.granted"
        let deadline = Date().addingTimeInterval(20)
        while try cluster.psql(held) == "0", Date() < deadline { usleep(10_000) }
        #expect(try cluster.psql(held) == "1", "the other session never took the lock")

        let started = Date()
        let write = try sandbox.roster(uri: uri, ["set-weapon", "Cat-Bot", "fire"])
        let waited = Date().timeIntervalSince(started)
        #expect(write.status == 75, "\(write.stderr)")
        #expect(write.stderr.contains("busy"), "\(write.stderr)")
        #expect(write.stderr.split(separator: "\n").count == 1, "\(write.stderr)")
        #expect(waited >= 4.5 && waited < 15, "waited \(waited) s for a busy timeout of 5 s")
        let read = try sandbox.roster(uri: uri, ["export", "--format", "ndjson"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == before.stdout, "the refused write changed the roster")
    }

    /// NDJSON of `count` monsters named `PREFIX-1` … with ids 1 … count.
    static func writeMonsters(named prefix: String, count: Int, to path: String) throws {
        let weapons = ["blowgun", "ninja-star", "fire", "sword", "smoke"]
        var text = ""
        text.reserveCapacity(count * 140)
        for index in 1...count {
            text += #"{"id":\#(index),"name":"\#(prefix)-\#(index)","description":"Made to be lost in a crash, number \#(index)","icon":"meetcatbot.png","name_color":"red","weapon":"\#(weapons[index % 5])"}"#
            text += "\n"
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }
}

/// A TCP socket on 127.0.0.1 that listens but never accepts: the kernel
/// completes connections to it, and whatever is sent is never answered,
/// as with a server that has hung.
final class SilentListener {
    private var descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { Glibc.close(descriptor); throw POSIXError(.EADDRNOTAVAIL) }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
