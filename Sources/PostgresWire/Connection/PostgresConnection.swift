/// One session with a PostgreSQL server, speaking protocol 3 over a
/// blocking socket. How the protocol's states go:
///
///     connect ── [SSLRequest → 'S' → TLS handshake | 'N'] ── StartupMessage
///        │
///     authenticating: the server asks (AuthenticationSASL, …MD5Password,
///        │            …CleartextPassword) and the client answers, until
///        │            AuthenticationOk, or an ErrorResponse ends it all
///     settingUp: ParameterStatus…, BackendKeyData, then ReadyForQuery
///        │
///     idle(I|T|E) ◀──────────────────────────────────────────────┐
///        │  Query, or Parse/Bind/Describe/Execute… then one Sync │
///     running: RowDescription, DataRow…, CommandComplete (per    │
///        │     statement), ErrorResponse (the rest is skipped)   │
///        ├── CopyInResponse → copyingIn: the client sends        │
///        │       CopyData… then CopyDone (or CopyFail)           │
///        ├── CopyOutResponse → copyingOut: CopyData… CopyDone    │
///        └── ReadyForQuery ──────────────────────────────────────┘
///
/// NoticeResponse, NotificationResponse and ParameterStatus may arrive in
/// any state; notifications are queued for `readPendingNotifications()`.
/// ConnectionStateMachine holds these rules; this class does the I/O and
/// the bookkeeping.
///
/// Errors: an ErrorResponse in a query is `.server` with its SQLSTATE, and
/// the connection stays usable; a socket that fails or closes, or a FATAL
/// error, is `.connectionLost`, a server silent for longer than
/// `answerTimeoutMilliseconds` is `.stoppedAnswering`, a wait given up is
/// `.interrupted`, and the connection is closed for good.
///
/// Not Sendable, like GRDB's Database: one thread uses a connection. A
/// caller that waits on the terminal and the server at once polls
/// `fileDescriptor` for input, then calls `readPendingNotifications()`.
public final class PostgresConnection {
    /// What this connection was made with; its description names the
    /// server, never the password.
    public let settings: ConnectionSettings
    /// Run-time parameters the server reported (server_version, TimeZone…).
    public internal(set) var serverParameters: [String: String] = [:]
    /// The server process serving this session (a notification's
    /// `processID` equals it when this session sent the NOTIFY).
    public internal(set) var processID: Int32 = 0
    var secretKey: Int32 = 0
    /// Set once the session has reached ReadyForQuery the first time.
    var isEstablished = false
    /// Called with every NoticeResponse (WARNING, NOTICE…). Untrusted text.
    public var noticeHandler: ((ServerError) -> Void)?

    var machine = ConnectionStateMachine()
    /// How many requests the session has sent since start-up, each one
    /// round trip (a batch of statements is one): for tests and benchmarks
    /// that count what a command costs.
    public var requestsSent: Int { machine.requestsStarted }
    var transport: Transport
    var outgoing = MessageWriter()
    /// Notifications not yet read, at most `keptNotifications` of them.
    var notifications: [PostgresNotification] = []
    /// How many older notifications made way for newer ones since the
    /// last read, and before it (what its caller missed).
    var droppedNotifications = 0
    public internal(set) var notificationsDroppedBeforeLastRead = 0
    /// Names prepared statements uniquely within the session.
    var preparedCount = 0

    private var readBuffer: [UInt8] = Array(repeating: 0, count: keptReadBuffer)
    /// The read buffer's usual size; it grows for a large message only
    /// while that message is in it.
    static let keptReadBuffer = 1 << 16
    var readBufferSize: Int { readBuffer.count }
    private var readStart = 0
    private var readEnd = 0
    /// Reads during start-up honour the connect timeout; later ones wait
    /// as `answerTimeoutMilliseconds` allows.
    var readDeadline = Deadline.never

    /// Once the session is up, how long any wait on the server (for its
    /// answer, or for room to send) may pass without a byte: then the
    /// connection is closed and the wait throws `.stoppedAnswering`. nil
    /// waits as long as it takes. It bounds the silence, not the round
    /// trip: a long result that keeps arriving is never cut. A caller
    /// whose statements wait on a lock gives at least that wait, with a
    /// margin for the work.
    public var answerTimeoutMilliseconds: Int? {
        get { transport.silenceLimitMilliseconds }
        set { transport.silenceLimitMilliseconds = newValue.map { max(1, $0) } }
    }

    /// What every wait on the server also heeds (see `WaitWatch`).
    public var waitWatch: WaitWatch? {
        get { transport.watch }
        set { transport.watch = newValue }
    }

    init(settings: ConnectionSettings, transport: Transport) {
        self.settings = settings
        self.transport = transport
    }

    deinit { close() }

    /// The socket, to poll() together with a terminal. Read only through
    /// this connection.
    public var fileDescriptor: Int32 { transport.fileDescriptor }

    /// The TLS version in use ("TLSv1.3"), or nil on a connection without TLS.
    public var tlsVersion: String? { transport.tls?.protocolVersion }

    /// Whether a transaction is open (or failed) between queries.
    public var transactionStatus: TransactionStatus {
        if case .idle(let status) = machine.state { return status }
        return .inTransaction
    }

    public var isClosed: Bool { machine.state == .closed }
    /// The SQLSTATE of the FATAL error with which the server ended this
    /// established session, if it did (a shutdown, a terminated backend,
    /// `idle_session_timeout`).
    public private(set) var endedByServer: SQLState?

    /// Ends the session politely (Terminate) and closes the socket. Safe
    /// to call more than once, and on a lost connection.
    public func close() {
        if machine.isIdle {
            var goodbye = MessageWriter()
            Terminate().encode(into: &goodbye)
            try? transport.write(goodbye.bytes)
        }
        machine.close()
        transport.close()
    }

    // MARK: Sending

    func send<M: WireMessage>(_ message: M) { message.encode(into: &outgoing) }

    /// Sends what is queued. The server's answers that arrive meanwhile
    /// (a large batch is answered while it is still being sent) are kept
    /// in the read buffer, where the reads that follow find them.
    func flush() throws(PostgresError) {
        guard !outgoing.bytes.isEmpty else { return }
        defer { outgoing.bytes.removeAll(keepingCapacity: outgoing.bytes.capacity <= 1 << 20) }
        do {
            try transport.write(outgoing.bytes, whileBlocked: { () throws(PostgresError) in _ = try self.readWithoutWaiting() })
        } catch {
            throw lose(error)
        }
    }

    // MARK: Receiving

    /// The next message's event, after the state machine has placed it.
    /// Notices, notifications and parameter changes are handled here, so
    /// callers see only what belongs to their query.
    func nextEvent() throws(PostgresError) -> ConnectionStateMachine.Event {
        while true {
            if let event = try nextMessageEvent() { return event }
        }
    }

    /// Reads one message; handles it and returns nil if it is a notice, a
    /// notification or a parameter change, else returns its event.
    func nextMessageEvent() throws(PostgresError) -> ConnectionStateMachine.Event? {
        let (type, body) = try nextMessage(deadline: readDeadline)
        let event = try placed(type: type, body: body)
        switch event {
        case .notice(let notice): noticeHandler?(notice)
        case .notification(let notification): keep(notification)
        case .parameterStatus(let name, let value): serverParameters[name] = value
        case .serverFatal(let error) where machine.state == .closed && isEstablished:
            // A FATAL error on an established session: the server is
            // going away (shutdown, crash, terminated backend).
            endedByServer = error.sqlState
            throw lose(.connectionLost(server: settings.serverDescription,
                                       reason: "the server ended the session (SQLSTATE \(error.sqlState.code))"))
        default: return event
        }
        return nil
    }

    private func placed(type: UInt8, body: ArraySlice<UInt8>) throws(PostgresError) -> ConnectionStateMachine.Event {
        do {
            return try machine.receive(try BackendMessage.decode(type: type, body: body))
        } catch {
            if case .protocolViolation = error { _ = lose(error) }
            throw error
        }
    }

    /// Reads one whole message: its type and body. `deadline` bounds the
    /// wait while connecting.
    func nextMessage(deadline: Deadline) throws(PostgresError) -> (type: UInt8, body: ArraySlice<UInt8>) {
        try fill(atLeast: 5, deadline: deadline)
        let type = readBuffer[readStart]
        let length = try bufferedFrameLength(atLeast: 4)
        try fill(atLeast: 1 + length, deadline: deadline)
        let body = Array(readBuffer[(readStart + 5)..<(readStart + 1 + length)])
        readStart += 1 + length
        return (type, body[...])
    }

    /// The next message only if it is CopyData, handed to `body` straight
    /// from the read buffer: COPY TO's rows arrive without a copy each.
    /// Returns false, consuming nothing, at any other message.
    func nextCopyData(_ body: (ArraySlice<UInt8>) throws -> Void) throws -> Bool {
        try fill(atLeast: 5, deadline: readDeadline)
        guard readBuffer[readStart] == CopyData.typeCode else { return false }
        let length = try bufferedFrameLength(atLeast: 4)
        try fill(atLeast: 1 + length, deadline: readDeadline)
        let start = readStart + 5
        readStart += 1 + length
        try body(readBuffer[start..<(start + length - 4)])
        return true
    }

    /// Whether bytes that arrived unasked (notifications while idle) are
    /// waiting, reading them without blocking. Whole messages are then
    /// taken by `hasBufferedMessage`/`nextMessage`.
    @discardableResult
    func readWithoutWaiting() throws(PostgresError) -> Int {
        makeRoom(for: 1 << 14)
        var failure: PostgresError?
        let count = readBuffer.withUnsafeMutableBytes { buffer -> Int in
            do throws(PostgresError) {
                return try transport.readAvailable(into: UnsafeMutableRawBufferPointer(rebasing: buffer[readEnd...]))
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw lose(failure) }
        readEnd += count
        return count
    }

    /// Whether a whole message is already in the buffer.
    var hasBufferedMessage: Bool {
        guard readEnd - readStart >= 5 else { return false }
        return readEnd - readStart >= 1 + bufferedLength
    }

    /// The length field of the message at the front of the buffer (its
    /// type byte and length must be there): it counts itself and the body.
    private var bufferedLength: Int {
        Int(readBuffer[readStart + 1]) << 24 | Int(readBuffer[readStart + 2]) << 16
            | Int(readBuffer[readStart + 3]) << 8 | Int(readBuffer[readStart + 4])
    }

    /// The same length, checked: shorter than the message's fixed part, or
    /// past a gigabyte (the server's own limit), is a protocol violation
    /// that ends the connection.
    func bufferedFrameLength(atLeast minimum: Int) throws(PostgresError) -> Int {
        let length = bufferedLength
        guard length >= minimum, length < 1 << 30 else {
            throw lose(.protocolViolation("it sent a message claiming \(length) bytes"))
        }
        return length
    }

    private func fill(atLeast count: Int, deadline: Deadline) throws(PostgresError) {
        while readEnd - readStart < count {
            makeRoom(for: count - (readEnd - readStart))
            var failure: PostgresError?
            let received = readBuffer.withUnsafeMutableBytes { buffer -> Int in
                do throws(PostgresError) {
                    return try transport.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[readEnd...]), deadline: deadline)
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw lose(failure) }
            readEnd += received
        }
    }

    /// Moves unread bytes to the front, and grows the buffer for a large
    /// message, so that `count` more bytes fit.
    private func makeRoom(for count: Int) {
        if readStart == readEnd {
            readStart = 0
            readEnd = 0
            // A large answer's buffer is given back once it is read.
            if readBuffer.count > Self.keptReadBuffer, count <= Self.keptReadBuffer {
                readBuffer = Array(repeating: 0, count: Self.keptReadBuffer)
            }
        }
        if readBuffer.count - readEnd >= max(count, 1 << 12) { return }
        if readStart > 0 {
            let unread = readEnd - readStart
            readBuffer.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                base.copyMemory(from: base + readStart, byteCount: unread)
            }
            readStart = 0
            readEnd = unread
        }
        if readBuffer.count - readEnd < max(count, 1 << 12) {
            readBuffer.append(contentsOf: repeatElement(0, count: max(count, readBuffer.count)))
        }
    }

    /// How long a cancel of the statement given up on may take (see `lose`).
    static let cancelPatienceSeconds = 2

    /// Closes the connection after an I/O failure and returns the error to
    /// throw. While connecting, a lost connection is an unreachable server.
    func lose(_ error: PostgresError) -> PostgresError {
        machine.close()
        switch error {
        case .stoppedAnswering, .interrupted:
            transport.abort()
            // The server may be busy, not gone: a statement roster stopped
            // waiting for would run on, holding its locks, until it next
            // wrote to the closed socket (an import's query for hours).
            // Cancelled, at once if the server is there, within a moment if not.
            if isEstablished { try? cancelToken.cancel(within: Self.cancelPatienceSeconds) }
        default: transport.close()
        }
        if !isEstablished, case .connectionLost(let server, let reason) = error {
            return .unreachable(server: server, reason: reason)
        }
        return error
    }
}

extension PostgresConnection {
    /// The next message only if it is a DataRow, handed to `body` as
    /// column offsets into the read buffer: large results arrive without
    /// a copy or a value per row. Returns false, consuming nothing, at any
    /// other message. A row whose lengths overrun its message is a
    /// protocol violation.
    func nextDataRow(into columns: inout DataRowColumns, _ body: (DataRowBytes) throws -> Void) throws -> Bool {
        try fill(atLeast: 5, deadline: readDeadline)
        guard readBuffer[readStart] == DataRow.typeCode else { return false }
        let length = try bufferedFrameLength(atLeast: 6)
        try fill(atLeast: 1 + length, deadline: readDeadline)
        let end = readStart + 1 + length
        let first = readStart + 5
        readStart = end
        // One access to the buffer for the whole row, rather than a
        // checked access per byte: this runs once per row of a million.
        do {
            try readRow(from: first, to: end, into: &columns, body)
        } catch let violation as PostgresError {
            if case .protocolViolation = violation { throw lose(violation) }
            throw violation
        }
        return true
    }

    private func readRow(from first: Int, to end: Int, into columns: inout DataRowColumns,
                         _ body: (DataRowBytes) throws -> Void) throws {
        try readBuffer.withUnsafeBufferPointer { (buffer) throws in
            guard let base = buffer.baseAddress else { return }
            var position = first
            let count = Int(base[position]) << 8 | Int(base[position + 1])
            position += 2
            columns.starts.removeAll(keepingCapacity: true)
            columns.lengths.removeAll(keepingCapacity: true)
            columns.starts.reserveCapacity(count)
            columns.lengths.reserveCapacity(count)
            for _ in 0..<count {
                guard end - position >= 4 else { throw PostgresError.protocolViolation("a message from the server ended before its fields did") }
                let size = Int(Int32(bitPattern: UInt32(base[position]) << 24 | UInt32(base[position + 1]) << 16
                    | UInt32(base[position + 2]) << 8 | UInt32(base[position + 3])))
                position += 4
                guard size <= end - position else { throw PostgresError.protocolViolation("a message from the server ended before its fields did") }
                columns.starts.append(position)
                columns.lengths.append(size)
                position += max(0, size)
            }
            try columns.starts.withUnsafeBufferPointer { starts in
                try columns.lengths.withUnsafeBufferPointer { lengths in
                    try body(DataRowBytes(base: base, starts: starts, lengths: lengths))
                }
            }
        }
    }
}
