import Foundation
import Testing

/// The full-screen roster while its server does not answer, in tmux.
///
/// The interface reaches the cluster through a symbolic link to the
/// cluster's socket folder. Pointing the link at a socket that takes
/// connections and never answers (`SilentServer`), and ending the
/// interface's session on the server, makes a server that hangs, as a
/// host that has gone off the network does: each try to connect waits
/// the whole connect timeout. Meanwhile the roster must answer keys at
/// once; other people, on the real path, change the roster; when the
/// link points back, the footer says once that it reconnected and how
/// many changes were made meanwhile.
@Suite("The interface while its server does not answer")
struct PostgresAwayTests {
    let interface = PostgresInterfaceTests()

    /// A symbolic link standing for the server's socket folder, that a
    /// test points elsewhere and back.
    final class SocketLink {
        let path = "/tmp/roster-e2e-link-\(UUID().uuidString.prefix(8))"

        init(to folder: String) throws {
            try point(at: folder)
        }

        /// Points the link at `folder` in one step (a new link renamed over the old).
        func point(at folder: String) throws {
            let next = path + ".next"
            unlink(next)
            guard symlink(folder, next) == 0, rename(next, path) == 0 else { throw POSIXError(.EIO) }
        }

        deinit { unlink(path) }
    }

    /// A unix socket that takes connections and never answers.
    final class SilentServer {
        let folder = "/tmp/roster-e2e-silent-\(UUID().uuidString.prefix(8))"
        private let descriptor: Int32

        init(port: UInt16) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array("\(folder)/.s.PGSQL.\(port)".utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { target in
                target.copyBytes(from: path)
                target[path.count] = 0
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard descriptor >= 0, bound == 0, listen(descriptor, 128) == 0 else { throw POSIXError(.EADDRINUSE) }
        }

        deinit {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Ends the sessions `person`'s roster has on the server (as an
    /// administrator's `pg_terminate_backend`, or a server restart, would).
    func cutOff(_ person: String, on cluster: DisposablePostgres) throws {
        try cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(person)'")
    }

    /// Presses `key` and says how long the screen took to show `answer`
    /// (nil: not within `patience` seconds).
    func answerTime(_ screen: TmuxDriver, _ key: String, shows answer: @escaping (String) -> Bool,
                    patience: TimeInterval = 3) throws -> TimeInterval? {
        let pressed = Date()
        try screen.press(key)
        return screen.waitUntil(timeout: patience, answer) ? Date().timeIntervalSince(pressed) : nil
    }

    @Test("keys are answered at once while every try to connect hangs, and when the server is back the footer says so once, counting the changes made meanwhile")
    func keysWhileTheServerHangs() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: cluster.uri(database: database), ["list"]).status == 0)
        let link = try SocketLink(to: cluster.folder)
        let silent = try SilentServer(port: cluster.port)
        let connectTimeout = 4
        let uri = "postgresql://postgres@/\(database)?host=\(link.path)&port=\(cluster.port)&connect_timeout=\(connectTimeout)"
        let screen = try interface.open(uri, as: "alice@away")
        #expect(screen.waitFor("Monsters · 6"))

        try link.point(at: silent.folder)
        try cutOff("alice@away", on: cluster)
        let server = "\(link.path)/.s.PGSQL.\(cluster.port) (database \(database), user postgres)"
        #expect(interface.says(screen, "Lost the server at \(server); reconnecting…"), "\(screen.screen)")

        // Each try now waits the whole connect timeout; keys do not.
        var slowest: TimeInterval = 0
        for (key, answer) in [("j", "BOW-WOW"), ("k", "MEE-OW"), ("?", "roster keys (")] {
            let took = try answerTime(screen, key) { $0.contains(answer) }
            #expect(took != nil, "\(key) was not answered: \(screen.screen)")
            slowest = max(slowest, took ?? 99)
        }
        let closed = try answerTime(screen, "Escape") { !$0.contains("roster keys (") }
        slowest = max(slowest, closed ?? 99)
        #expect(slowest < 1, "a key took \(slowest) s with the connect timeout \(connectTimeout) s")

        // Two changes by someone else, on the server's real path, while away.
        let bob = ["PGAPPNAME": "bob@laptop"]
        #expect(try sandbox.roster(uri: cluster.uri(database: database), ["set-weapon", "Cat-Bot", "fire"], environment: bob).status == 0)
        #expect(try sandbox.roster(uri: cluster.uri(database: database), ["set-weapon", "Dog-Bot", "smoke"], environment: bob).status == 0)

        try link.point(at: cluster.folder)
        let told = "Reconnected to \(server); 2 changes were made meanwhile, the latest by postgres on bob@laptop: set-weapon Dog-Bot: Blowgun → Smoke; history lists them."
        #expect(interface.says(screen, told, timeout: Double(connectTimeout) + 10), "\(screen.screen)")
        #expect(screen.screen.contains("≋ Dog-Bot") && screen.screen.contains("♨ Cat-Bot"), "\(screen.screen)")
        // Said once: the next key takes it away, and nothing says "lost".
        try screen.press("j")
        #expect(screen.waitUntil { !PostgresInterfaceTests.flowing($0).contains("Reconnected to") }, "\(screen.screen)")
        #expect(!screen.screen.contains("reconnecting"), "\(screen.screen)")

        // Away again: Ctrl-C ends the roster at once, mid-try.
        try link.point(at: silent.folder)
        try cutOff("alice@away", on: cluster)
        #expect(screen.waitFor("reconnecting…"), "\(screen.screen)")
        Thread.sleep(forTimeInterval: 0.3)
        let interrupted = Date()
        try screen.press("C-c")
        #expect(screen.waitForExit(timeout: 3) == 0, "Ctrl-C, read as a key, quits as q does: \(screen.screen)")
        #expect(Date().timeIntervalSince(interrupted) < 1.5)
    }
}
