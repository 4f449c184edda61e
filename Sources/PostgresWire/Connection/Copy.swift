/// COPY streams many rows without a round trip per row. COPY FROM STDIN:
/// the caller writes chunks (any split, rows need not align), which leave
/// in CopyData messages of about 256 KiB; CopyDone ends it, and the
/// server's answer says how many rows it took. Should the server refuse
/// the data part way (a bad row, a broken constraint), its ErrorResponse
/// is noticed at the next chunk and the rest is not sent. Should the
/// caller throw, CopyFail tells the server to take nothing. COPY TO STDOUT:
/// each CopyData (one row, in PostgreSQL's text and CSV formats) is handed
/// to the caller straight from the read buffer.
extension PostgresConnection {
    /// Runs `sql` (a COPY … FROM STDIN) and lets `write` send the data.
    /// Returns the number of rows copied. All or nothing: a server error
    /// or a throw from `write` leaves the table as it was.
    @discardableResult
    public func copyIn(_ sql: String, _ write: (CopyInWriter) throws -> Void) throws -> Int {
        try refuseNUL(in: sql)
        try machine.startQuery()
        send(Query(sql: sql))
        try flush()
        var failure: PostgresError?
        started: while true {
            switch try nextEvent() {
            case .copyInStarted: break started
            case .queryError(let error): failure = failure ?? .server(error)
            case .readyForQuery: throw failure ?? .misuse("The statement given to copyIn is not a COPY … FROM STDIN.")
            case .copyOutStarted: failure = .misuse("The statement given to copyIn is a COPY … TO STDOUT.")
            default: continue
            }
        }
        let writer = CopyInWriter(connection: self)
        do {
            try write(writer)
            try writer.sendBuffered()
        } catch {
            if isClosed { throw error }
            // The server may already have left COPY (writer.serverError);
            // CopyFail is then dropped, as the protocol says.
            if writer.serverError == nil {
                send(CopyFail(reason: "the client stopped the copy"))
                try machine.finishCopyIn()
                try flush()
            }
            // The server's answer to CopyFail is an error the caller
            // caused; only a lost connection matters more than theirs.
            do {
                try collectResults { _ in }
            } catch let lost where lost.isConnectionProblem {
                throw lost
            } catch {}
            throw error
        }
        if writer.serverError == nil {
            send(CopyDone())
            try machine.finishCopyIn()
            try flush()
        }
        var tag = ""
        try collectResults { (event) throws(PostgresError) in
            if case .commandComplete(let completed) = event { tag = completed }
        }
        return QueryResult.rowCount(inTag: tag) ?? 0
    }

    /// Runs `sql` (a COPY … TO STDOUT) and hands each chunk of data, one
    /// row per chunk for PostgreSQL's text and CSV formats, to `chunk`.
    /// Returns the number of rows copied. If `chunk` throws, the rest of
    /// the data is read and dropped, then its error is rethrown.
    @discardableResult
    public func copyOut(_ sql: String, _ chunk: (ArraySlice<UInt8>) throws -> Void) throws -> Int {
        try refuseNUL(in: sql)
        try machine.startQuery()
        send(Query(sql: sql))
        try flush()
        var callerError: (any Error)?
        var failure: PostgresError?
        var tag = ""
        while true {
            if machine.state == .copyingOut {
                let wasData = try nextCopyData { data in
                    guard callerError == nil else { return }
                    do { try chunk(data) } catch { callerError = error }
                }
                if wasData { continue }
            }
            switch try nextEvent() {
            case .commandComplete(let completed): tag = completed
            case .queryError(let error): failure = failure ?? .server(error)
            case .copyInStarted:
                send(CopyFail(reason: "COPY FROM STDIN must be run with copyIn"))
                try machine.finishCopyIn()
                try flush()
                failure = failure ?? .misuse("The statement given to copyOut is a COPY … FROM STDIN.")
            case .copyData(let data):
                if callerError == nil {
                    do { try chunk(data.data[...]) } catch { callerError = error }
                }
            case .readyForQuery:
                if let callerError { throw callerError }
                if let failure { throw failure }
                return QueryResult.rowCount(inTag: tag) ?? 0
            default: continue
            }
        }
    }
}

/// Where copyIn's caller writes its data. Valid only inside the closure.
public final class CopyInWriter {
    private unowned let connection: PostgresConnection
    private var pending: [UInt8] = []
    /// The server's refusal, once it has sent one mid-copy.
    private(set) var serverError: ServerError?

    static let chunkSize = 1 << 18

    init(connection: PostgresConnection) {
        self.connection = connection
        pending.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Adds bytes to the copy; they leave when about 256 KiB have gathered.
    public func write<Bytes: Collection>(_ bytes: Bytes) throws(PostgresError) where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.chunkSize { try sendBuffered() }
    }

    public func write(_ text: String) throws(PostgresError) {
        try write(text.utf8)
    }

    func sendBuffered() throws(PostgresError) {
        if let serverError { throw .server(serverError) }
        guard !pending.isEmpty else { return }
        connection.outgoing.message(CopyData.typeCode) { $0.raw(pending) }
        pending.removeAll(keepingCapacity: true)
        try connection.flush()
        try checkForRefusal()
    }

    /// The server answers nothing during COPY unless it refuses: a message
    /// waiting now is (with notices aside) its ErrorResponse.
    private func checkForRefusal() throws(PostgresError) {
        try connection.readWithoutWaiting()
        while connection.hasBufferedMessage {
            if case .queryError(let error) = try connection.nextMessageEvent() {
                serverError = error
                throw .server(error)
            }
        }
    }
}
