import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A unix-socket proxy in front of the test PostgreSQL that loses a
/// connection around a COMMIT, as a network cut or a restarting proxy
/// does: armed, the first message holding `COMMIT` either goes to the
/// server, whose whole answer is then read and thrown away before both
/// ends are closed (the reply lost after the change was saved), or is
/// never sent (lost before COMMIT). Once it has cut, it may stop taking
/// connections, so that the server stays unreachable through it. Armed
/// to stall, the first message holding a given text goes to the server
/// and then nothing more passes either way, while both ends stay open:
/// a network that went silent, no FIN, no RST. The server's end closes
/// only when the server ends the session.
///
/// Bytes are passed as they come, on two threads per connection; the
/// armed match is on the text `COMMIT` with its terminating zero, as the
/// Parse or Query message carries it.
final class CommitLosingProxy: @unchecked Sendable {
    enum Cut {
        /// The server gets the COMMIT and answers; the client hears nothing more.
        case afterCommit
        /// Neither the COMMIT nor anything sent with it reaches the server.
        case beforeCommit
        /// The message goes to the server; then silence, both ends open.
        case stall
    }

    /// The folder of the proxy's socket: the URI's host, with the server's port.
    let folder: String
    private let socketPath: String
    private let serverPath: String
    private let listener: Int32
    private let lock = NSLock()
    private var armed: (cut: Cut, text: [UInt8])?
    private var closesAfterCut = false
    private(set) var cuts = 0
    /// `cuts`, read from another thread than the proxy's.
    var cutsSoFar: Int { lock.withLock { cuts } }
    private var stopped = false

    init(server: PostgresTestServer) throws {
        folder = "/tmp/roster-proxy-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        socketPath = folder + "/.s.PGSQL.\(server.port)"
        serverPath = server.folder + "/.s.PGSQL.\(server.port)"
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(socketPath)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        let listening = listener
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                serve(client)
            }
        }
    }

    deinit { stop() }

    /// `postgresql://postgres@/DB?host=PROXY&port=PORT`.
    func uri(database: String, server: PostgresTestServer, applicationName: String) -> String {
        "postgresql://postgres@/\(database)?host=\(folder)&port=\(server.port)&application_name=\(applicationName)"
    }

    /// Cuts the next connection that sends COMMIT; with `thenUnreachable`,
    /// takes no connection after that.
    /// `on`: the text of the message that is cut (COMMIT by default).
    func arm(_ cut: Cut, on text: String = "COMMIT\u{0}", thenUnreachable: Bool = false) {
        lock.withLock {
            armed = (cut, Array(text.utf8))
            closesAfterCut = thenUnreachable
        }
    }

    /// Takes no more connections; those open stay until their ends close.
    func stop() {
        // Once: a descriptor closed twice may close another's.
        guard lock.withLock({ () -> Bool in defer { stopped = true }; return !stopped }) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(socketPath)
        rmdir(folder)
    }

    private func serve(_ client: Int32) {
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(serverPath)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(client)
            close(server)
            return
        }
        let answerDropped = DispatchSemaphore(value: 0)
        let cut = Flag()
        let silent = Flag()
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(client, &buffer, buffer.count)
                guard count > 0 else { break }
                let chunk = Array(buffer[0..<count])
                if let how = takeArmed(matching: chunk) {
                    if how == .stall {
                        silent.set()
                        cut.set()
                        _ = Self.writeAll(server, chunk)
                        // Whatever the client sends is lost; its going is
                        // not passed on: the server's end stays open. Each
                        // thread then closes its own end.
                        while read(client, &buffer, buffer.count) > 0 {}
                        close(client)
                        return
                    }
                    if how == .afterCommit {
                        cut.set()
                        _ = Self.writeAll(server, chunk)
                        _ = answerDropped.wait(timeout: .now() + 10)
                    }
                    break
                }
                guard Self.writeAll(server, chunk) else { break }
            }
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            // ReadyForQuery: the server has answered the whole batch.
            let ready: [UInt8] = [0x5A, 0, 0, 0, 5]
            while true {
                let count = read(server, &buffer, buffer.count)
                guard count > 0 else { break }
                let chunk = Array(buffer[0..<count])
                if cut.isSet {
                    if chunk.firstRange(of: ready) != nil { answerDropped.signal() }
                    continue
                }
                guard Self.writeAll(client, chunk) else { break }
            }
            answerDropped.signal()
            if silent.isSet {
                // Nor is the server's going passed on.
                close(server)
                return
            }
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
            close(client)
            close(server)
        }
    }

    /// Set once by one thread, read by another.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    private func takeArmed(matching chunk: [UInt8]) -> Cut? {
        let (how, unreachable) = lock.withLock { () -> (Cut?, Bool) in
            guard let armed, chunk.firstRange(of: armed.text) != nil else { return (nil, false) }
            self.armed = nil
            cuts += 1
            return (armed.cut, closesAfterCut)
        }
        if how != nil, unreachable { stop() }
        return how
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
