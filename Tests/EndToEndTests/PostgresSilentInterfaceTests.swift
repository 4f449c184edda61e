import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The interface while its server is silent (its session's process
/// stopped with SIGSTOP: the socket stays open and the kernel answers,
/// but nothing comes, as over a network that dropped the connection
/// without a word): Ctrl-C and SIGTERM still end it, and a write that
/// waits past the answer timeout is told in the footer. And a change made
/// without roster while the server was away is told on reconnecting.
extension PostgresInterfaceTests {
    /// Stops (SIGSTOP) the server processes serving `person`'s sessions;
    /// the returned closure lets them go on (SIGCONT).
    func silence(_ person: String, on cluster: DisposablePostgres, database: String) throws -> () -> Void {
        let listed = try cluster.psql("SELECT pid FROM pg_stat_activity WHERE application_name = '\(person)' AND datname = current_database()", database: database)
        let processes = listed.split(separator: "\n").compactMap { Int32($0) }
        #expect(!processes.isEmpty, "no session of \(person)")
        for process in processes { kill(process, SIGSTOP) }
        return { for process in processes { kill(process, SIGCONT) } }
    }

    /// bob's interface on a new roster, its server silenced, with `w`
    /// then `3` pressed: a write waiting on the silent server.
    /// `errors`: a file the interface's standard error goes to.
    func writeWaitingOnSilentServer(errors: String? = nil) throws -> (screen: TmuxDriver, cluster: DisposablePostgres, database: String,
                                                                      resume: () -> Void) {
        let (cluster, database, uri, _) = try newRoster()
        let screen = try open(uri, as: "bob@laptop", errors: errors)
        #expect(screen.waitFor("Monsters · 6"))
        let resume = try silence("bob@laptop", on: cluster, database: database)
        try screen.press("w")
        #expect(screen.waitFor("✕ Close"), "\(screen.screen)")
        try screen.press("3")
        return (screen, cluster, database, resume)
    }

    @Test("a write waiting on a silent server: the footer says so and how to stop; Ctrl-C quits at once, saying that nothing was changed")
    func silentServerCtrlC() throws {
        let errors = NSTemporaryDirectory() + "roster-silent-\(UUID().uuidString.prefix(8)).err"
        defer { unlink(errors) }
        let (screen, _, _, resume) = try writeWaitingOnSilentServer(errors: errors)
        defer { resume() }
        #expect(says(screen, "has not answered for 2 s; Ctrl-C stops waiting", timeout: 4), "\(screen.screen)")
        #expect(Self.flowing(screen.screen).contains("Saving: the server at "), "\(screen.screen)")
        try screen.press("C-c")
        #expect(screen.waitForExit(timeout: 3) == 0, "\(screen.screen)")
        // Told once the terminal is restored: the COMMIT was never sent.
        let told = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(told.hasPrefix("roster: stopped waiting for PostgreSQL at "), "\(told)")
        #expect(told.hasSuffix("(interrupted); nothing was changed\n"), "\(told)")
    }

    @Test("a write waiting on a silent server: SIGTERM ends the interface at once")
    func silentServerTerminate() throws {
        let (screen, _, _, resume) = try writeWaitingOnSilentServer()
        defer { resume() }
        let process = try rosterProcess(in: screen)
        Thread.sleep(forTimeInterval: 0.5)
        kill(process, SIGTERM)
        #expect(screen.waitForExit(timeout: 3) == 143, "\(screen.screen)")
    }

    @Test("a write waiting on a silent server, left alone: the footer says the server stopped answering and that nothing was changed")
    func silentServerTold() throws {
        let (screen, cluster, database, resume) = try writeWaitingOnSilentServer()
        defer { resume() }
        // 0.4 s busy timeout + 10 s: the interface's answer timeout.
        #expect(says(screen, "stopped answering: nothing came for 10.4 s", timeout: 16), "\(screen.screen)")
        #expect(says(screen, "nothing was changed"), "\(screen.screen)")
        // The stalled process goes on: it was ended before the look-up, so
        // the request it had not read yet (COMMIT with it) saves nothing.
        resume()
        Thread.sleep(forTimeInterval: 1)
        #expect(try cluster.psql("SELECT weapon FROM roster.monster WHERE name = 'Cat-Bot'", database: database) == "sword")
        try screen.press("C-c")
        #expect(screen.waitForExit(timeout: 5) == 0, "\(screen.screen)")
    }

    @Test("a change made without roster while the server was away is told on reconnecting, with who made it")
    func outsideChangeWhileAway() throws {
        let cluster = try DisposablePostgres(ownedWith: [])
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        let screen = try open(uri, as: "bob@laptop")
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.crash()
        #expect(screen.waitFor("reconnecting…", timeout: 2), "\(screen.screen)")
        // Long enough that the interface's next try is seconds away.
        Thread.sleep(forTimeInterval: 4)
        try cluster.restart()
        try cluster.psql("UPDATE roster.monster SET name = 'Wolf-Bot' WHERE name = 'Dog-Bot'", database: database)
        let server = "\(cluster.folder)/.s.PGSQL.\(cluster.port) (database \(database), user postgres)"
        // Told as made meanwhile, or as news after the reconnect, whichever it was; never "no change".
        #expect(screen.waitUntil(timeout: 20) {
            Self.flowing($0).contains("Reconnected to \(server); another program (`psql`, logged in as postgres) changed the roster meanwhile")
                || Self.flowing($0).contains("Another program (`psql`, logged in as postgres) changed the roster.")
        }, "\(screen.screen)")
        #expect(!Self.flowing(screen.screen).contains("no change made meanwhile"), "\(screen.screen)")
        #expect(screen.screen.contains("Wolf-Bot"), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
