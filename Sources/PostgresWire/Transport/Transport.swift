#if canImport(Glibc)
import Glibc
#endif

/// One connected socket, unix or TCP, and the TLS session on it once one
/// is started. Blocking: roster is synchronous, and a blocking read is
/// the cheapest wait. Waits that have a deadline (the connect timeout)
/// poll first; a caller that wants to wait on the terminal and the server
/// together polls `fileDescriptor` itself, then reads what is pending
/// without blocking. A send never waits on the server alone: while the
/// socket cannot take more, the server's answers are read meanwhile
/// (see `write`), so no batch is too large to send.
///
/// Every failure is thrown as `connectionLost`; while connecting, the
/// connection turns it into `unreachable`.
final class Transport {
    let fileDescriptor: Int32
    let server: String
    private(set) var tls: TLSSession?

    private init(fileDescriptor: Int32, server: String) {
        self.fileDescriptor = fileDescriptor
        self.server = server
    }

    deinit { close() }

    /// Connects to the first of the settings' addresses that answers
    /// before the deadline.
    static func connect(_ settings: ConnectionSettings, deadline: Deadline) throws(PostgresError) -> Transport {
        let server = settings.serverDescription
        if settings.isUnixSocket {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array(settings.socketPath.utf8)
            guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
                throw .invalidSettings("The socket path \(settings.socketPath) is too long for a unix socket.")
            }
            withUnsafeMutableBytes(of: &address.sun_path) { target in
                target.copyBytes(from: path)
                target[path.count] = 0
            }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: address) { target.copyMemory(from: $0) }
            }
            let target = HostResolver.Address(storage: storage, length: socklen_t(MemoryLayout<sockaddr_un>.size), family: AF_UNIX)
            return try connect(to: target, server: server, deadline: deadline)
        }
        let addresses = try HostResolver.addresses(host: settings.host, port: settings.port)
        var lastError = PostgresError.unreachable(server: server, reason: "the host name has no address")
        for address in addresses {
            do {
                return try connect(to: address, server: server, deadline: deadline)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private static func connect(to address: HostResolver.Address, server: String, deadline: Deadline) throws(PostgresError) -> Transport {
        let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .unreachable(server: server, reason: systemReason()) }
        let transport = Transport(fileDescriptor: descriptor, server: server)
        var storage = address.storage
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, address.length) }
        }
        if status != 0 {
            guard errno == EINPROGRESS || errno == EAGAIN else { throw .unreachable(server: server, reason: systemReason()) }
            guard try transport.wait(for: Int16(POLLOUT), deadline: deadline) else {
                throw .unreachable(server: server, reason: "no answer within the connect timeout")
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            if socketError != 0 { throw .unreachable(server: server, reason: String(cString: strerror(socketError))) }
        }
        transport.setBlocking(true)
        if address.family != AF_UNIX {
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
            keepProbing(descriptor)
        }
        return transport
    }

    /// A network that drops the connection without a word (no FIN, no
    /// RST) is found in about `keepAliveIdle + keepAliveCount ×
    /// keepAliveInterval` seconds, rather than the system's two hours and
    /// more: probes after 10 s of quiet, every 5 s, 3 unanswered end it;
    /// and data the server does not acknowledge within as long ends it too
    /// (TCP_USER_TIMEOUT). The server acknowledges probes while it works
    /// on a long statement, so a slow answer is never taken for a dead link.
    static let keepAliveIdle: Int32 = 10
    static let keepAliveInterval: Int32 = 5
    static let keepAliveCount: Int32 = 3

    private static func keepProbing(_ descriptor: Int32) {
        let size = socklen_t(MemoryLayout<Int32>.size)
        var idle = keepAliveIdle, interval = keepAliveInterval, count = keepAliveCount
        var unacknowledged = UInt32((keepAliveIdle + keepAliveInterval * keepAliveCount) * 1000)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, size)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPINTVL, &interval, size)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPCNT, &count, size)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT, &unacknowledged, socklen_t(MemoryLayout<UInt32>.size))
    }

    /// Once the session is up: how long a wait on the server may pass
    /// without a byte (nil: as long as it takes), and what it heeds
    /// meanwhile (see `PostgresConnection.answerTimeoutMilliseconds`).
    var silenceLimitMilliseconds: Int?
    var watch: WaitWatch?

    /// The deadline of a wait starting now: `given` while connecting (the
    /// connect timeout), else the silence limit's.
    private func waitDeadline(_ given: Deadline) -> Deadline {
        guard given.isNever, let silenceLimitMilliseconds else { return given }
        return .after(milliseconds: silenceLimitMilliseconds)
    }

    /// What a wait that passed `given` (or the silence limit) throws.
    private func silence(_ given: Deadline) -> PostgresError {
        guard given.isNever, let silenceLimitMilliseconds else { return lost("no answer within the connect timeout") }
        return .stoppedAnswering(server: server, milliseconds: silenceLimitMilliseconds)
    }

    func startTLS(_ session: TLSSession) { tls = session }

    /// Sends every byte, or throws: a short write is never left half-done.
    ///
    /// The server answers a batch while it is still arriving and stops
    /// reading once its answers fill the socket the other way; a client
    /// that only wrote would then wait on the server for ever, and the
    /// server on it. So whenever the socket cannot take more, this waits
    /// for either direction, and when the server has sent something,
    /// `readAnswers` reads and keeps it (libpq's pqSendSome does the same).
    /// Without `readAnswers` (a goodbye, a few bytes) it only waits.
    func write(_ bytes: [UInt8], whileBlocked readAnswers: (() throws(PostgresError) -> Void)? = nil) throws(PostgresError) {
        if let tls {
            let wasBlocking = isBlocking
            setBlocking(false)
            defer { setBlocking(wasBlocking) }
            try tls.write(bytes) { (events) throws(PostgresError) in try waitToSend(events, readAnswers) }
            return
        }
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(fileDescriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent >= 0 {
                offset += sent
                continue
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw lost(systemReason()) }
            try waitToSend(Int16(POLLOUT), readAnswers)
        }
    }

    /// Waits until `events` (POLLOUT, or POLLIN when TLS must read before
    /// it can write) or the server's answers arrive; reads the answers.
    private func waitToSend(_ events: Int16, _ readAnswers: (() throws(PostgresError) -> Void)?) throws(PostgresError) {
        let readsToo = readAnswers != nil
        guard let revents = try poll(events | (readsToo ? Int16(POLLIN) : 0), deadline: waitDeadline(.never)) else {
            throw silence(.never)
        }
        if let readAnswers, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { try readAnswers() }
    }

    /// Reads at least one byte into `buffer`, waiting until the deadline.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(PostgresError) -> Int {
        let limit = waitDeadline(deadline)
        if limit.pollTimeout >= 0 || watch != nil, !(tls?.hasPendingBytes ?? false) {
            guard try wait(for: Int16(POLLIN), deadline: limit) else { throw silence(deadline) }
        }
        if let tls { return try tls.read(into: buffer) }
        while true {
            let count = recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return count }
            if count == 0 { throw lost("the server closed the connection") }
            if errno == EINTR { continue }
            throw lost(systemReason())
        }
    }

    /// Reads whatever has already arrived, without waiting: 0 when nothing has.
    func readAvailable(into buffer: UnsafeMutableRawBufferPointer) throws(PostgresError) -> Int {
        if let tls {
            let wasBlocking = isBlocking
            setBlocking(false)
            defer { setBlocking(wasBlocking) }
            return try tls.read(into: buffer, mayWouldBlock: true)
        }
        while true {
            let count = recv(fileDescriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { return count }
            if count == 0 { throw lost("the server closed the connection") }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw lost(systemReason())
        }
    }

    /// Reads one byte outside any message: the server's answer to SSLRequest.
    func readByte(deadline: Deadline) throws(PostgresError) -> UInt8 {
        var byte: UInt8 = 0
        _ = try withUnsafeMutableBytes(of: &byte) { (buffer) throws(PostgresError) -> Int in
            try read(into: buffer, deadline: deadline)
        }
        return byte
    }

    /// Polls for `events`; false when the deadline passed first.
    func wait(for events: Int16, deadline: Deadline) throws(PostgresError) -> Bool {
        try poll(events, deadline: deadline) != nil
    }

    /// Polls the socket for `events`, and the watch's descriptors beside
    /// it: the socket's revents, or nil when the deadline passed first.
    /// Throws `.interrupted` when the watch gives up.
    private func poll(_ events: Int16, deadline: Deadline) throws(PostgresError) -> Int16? {
        var entries = [pollfd(fd: fileDescriptor, events: events, revents: 0)]
            + (watch?.descriptors ?? []).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Each whole second of silence is told to `whileQuiet`.
        let started = Deadline.now()
        var toldSeconds = 0
        while true {
            for index in entries.indices { entries[index].revents = 0 }
            var timeout = deadline.pollTimeout
            if watch?.whileQuiet != nil, timeout != 0 {
                let elapsed = Int((Deadline.now() - started) / 1_000_000)
                let untilNext = Int32(clamping: max(1, (toldSeconds + 1) * 1000 - elapsed))
                timeout = timeout < 0 ? untilNext : min(timeout, untilNext)
            }
            let ready = Glibc.poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0 {
                if errno != EINTR { throw lost(systemReason()) }
                continue
            }
            if ready == 0 {
                guard let whileQuiet = watch?.whileQuiet, !deadline.hasPassed else { return nil }
                let seconds = Int((Deadline.now() - started) / 1_000_000_000)
                if seconds > toldSeconds {
                    toldSeconds = seconds
                    whileQuiet(seconds)
                }
                continue
            }
            if entries[0].revents != 0 { return entries[0].revents }
            if let watch, watch.shouldGiveUp() { throw .interrupted(server: server) }
        }
    }

    /// Whether the socket blocks: made non-blocking to connect with a
    /// timeout, then blocking but for stretches that need it not to
    /// (TLS's handshake and sends), kept so that nested stretches restore it.
    private var isBlocking = false

    func setBlocking(_ blocking: Bool) {
        guard blocking != isBlocking, !isClosed else { return }
        isBlocking = blocking
        let flags = fcntl(fileDescriptor, F_GETFL)
        _ = fcntl(fileDescriptor, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }

    private var isClosed = false

    /// Closes at once, throwing away what was sent but not delivered
    /// (SO_LINGER 0: a reset, not a FIN after the data): for a connection
    /// given up on, whose last request must not reach the server later,
    /// after roster has looked whether it was saved.
    func abort() {
        guard !isClosed else { return }
        var immediately = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fileDescriptor, SOL_SOCKET, SO_LINGER, &immediately, socklen_t(MemoryLayout<linger>.size))
        tls = nil
        close()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        tls?.shutDown()
        tls = nil
        Glibc.close(fileDescriptor)
    }

    func lost(_ reason: String) -> PostgresError { .connectionLost(server: server, reason: reason) }
}

func systemReason() -> String { String(cString: strerror(errno)) }
