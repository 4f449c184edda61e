/// Which messages a connection may receive, and what each one means, at
/// every point of its life (see PostgresConnection's top comment for the
/// picture). The connection sends, reads and acts; this decides. Keeping
/// it apart makes every protocol rule one `switch` that the tests can
/// drive without a server, and a message out of place an error instead of
/// a silent misreading.
struct ConnectionStateMachine {
    /// How many requests (each ending in ReadyForQuery, one round trip)
    /// the session has started since start-up.
    private(set) var requestsStarted = 0
    enum State: Equatable {
        /// The start-up packet is sent; the server leads authentication.
        case authenticating
        /// AuthenticationOk came; parameters and the key follow, then ReadyForQuery.
        case settingUp
        /// Between queries. The server may still send notifications,
        /// notices, parameter changes, or a FATAL error before it closes.
        case idle(TransactionStatus)
        /// A query (simple, or an extended batch ending in one Sync) runs;
        /// results come until ReadyForQuery.
        case running
        /// The server waits for the client's COPY data.
        case copyingIn
        /// The server sends COPY data until CopyDone.
        case copyingOut
        /// The connection is unusable: lost, or closed.
        case closed
    }

    /// What a message means to the connection.
    enum Event: Equatable {
        case authentication(Authentication)
        case parameterStatus(name: String, value: String)
        case backendKey(BackendKeyData)
        case readyForQuery(TransactionStatus)
        case rowDescription(RowDescription)
        case row(DataRow)
        case commandComplete(String)
        case emptyQuery
        /// An ErrorResponse in a query: the query goes on to ReadyForQuery.
        case queryError(ServerError)
        /// An ErrorResponse outside a query (authentication, or FATAL while
        /// idle): the connection is over.
        case serverFatal(ServerError)
        case notice(ServerError)
        case notification(PostgresNotification)
        case copyInStarted
        case copyOutStarted
        case copyData(CopyData)
        case copyDone
        /// The answer to Describe of a statement: how many values it takes.
        case parameterDescription(parameterCount: Int)
        /// ParseComplete, BindComplete, CloseComplete, NoData,
        /// PortalSuspended, NegotiateProtocolVersion: steps of a batch that
        /// carry nothing the caller asked for.
        case acknowledged
    }

    private(set) var state: State = .authenticating

    var isIdle: Bool { if case .idle = state { true } else { false } }

    /// The client sends a Query, or a Parse…Sync batch.
    mutating func startQuery() throws(PostgresError) {
        switch state {
        case .idle:
            state = .running
            requestsStarted += 1
        case .closed: throw .misuse("The connection to PostgreSQL is closed.")
        default: throw .misuse("A query was started while another was still running on the same connection.")
        }
    }

    /// The client sent CopyDone or CopyFail.
    mutating func finishCopyIn() throws(PostgresError) {
        guard state == .copyingIn else { throw .misuse("COPY data was ended outside COPY FROM STDIN.") }
        state = .running
    }

    mutating func close() { state = .closed }

    mutating func receive(_ message: BackendMessage) throws(PostgresError) -> Event {
        // These may come at any time, whatever the state.
        switch message {
        case .noticeResponse(let notice): return .notice(notice.notice)
        case .notificationResponse(let notification): return .notification(notification.notification)
        case .parameterStatus(let status): return .parameterStatus(name: status.name, value: status.value)
        default: break
        }
        switch (state, message) {
        case (.authenticating, .authentication(let request)):
            if request == .ok { state = .settingUp }
            return .authentication(request)
        case (.authenticating, .negotiateProtocolVersion):
            return .acknowledged
        case (.authenticating, .errorResponse(let error)), (.settingUp, .errorResponse(let error)):
            state = .closed
            return .serverFatal(error.error)
        case (.settingUp, .backendKeyData(let key)):
            return .backendKey(key)
        case (.settingUp, .readyForQuery(let ready)), (.running, .readyForQuery(let ready)):
            state = .idle(ready.status)
            return .readyForQuery(ready.status)
        case (.idle, .errorResponse(let error)):
            // Only a FATAL error comes unasked, just before the server closes.
            state = .closed
            return .serverFatal(error.error)
        case (.running, .rowDescription(let description)): return .rowDescription(description)
        case (.running, .dataRow(let row)): return .row(row)
        case (.running, .commandComplete(let complete)): return .commandComplete(complete.tag)
        case (.running, .emptyQueryResponse): return .emptyQuery
        case (.running, .errorResponse(let error)), (.copyingIn, .errorResponse(let error)), (.copyingOut, .errorResponse(let error)):
            state = .running
            return .queryError(error.error)
        case (.running, .parameterDescription(let description)):
            return .parameterDescription(parameterCount: description.parameterTypes.count)
        case (.running, .parseComplete), (.running, .bindComplete), (.running, .closeComplete), (.running, .noData),
             (.running, .portalSuspended):
            return .acknowledged
        case (.running, .copyInResponse):
            state = .copyingIn
            return .copyInStarted
        case (.running, .copyOutResponse):
            state = .copyingOut
            return .copyOutStarted
        case (.copyingOut, .copyData(let data)): return .copyData(data)
        case (.copyingOut, .copyDone):
            state = .running
            return .copyDone
        default:
            throw .protocolViolation("it sent \(message.name) while the connection was \(stateName)")
        }
    }

    private var stateName: String {
        switch state {
        case .authenticating: "authenticating"
        case .settingUp: "starting the session"
        case .idle: "idle"
        case .running: "running a query"
        case .copyingIn: "sending COPY data"
        case .copyingOut: "receiving COPY data"
        case .closed: "closed"
        }
    }
}
