import PostgresWire

/// Connecting again after the server went away: see `reconnectIfLost`.
extension PostgresRosterStore {
    /// A session whose server went away (a restart, a crash, a network
    /// cut) is made again on the next request, so that an interface left
    /// open carries on when the server is back: tried at once, then after
    /// a growing delay, so that a poll every half second does not knock
    /// on a closed door every time. Only between requests: a transaction
    /// that lost its server is over, and the server has rolled it back.
    ///
    /// An interface (`surface` is the interactive roster) connects on a
    /// thread of its own (`PendingConnection`): a host that does not
    /// answer would otherwise hold the screen for the whole connect
    /// timeout. Until the try ends every request is refused at once, and
    /// `changeWatch` says to wait on the try; the request after it ends
    /// takes the new session. A command waits for its try, as it must.
    func reconnectIfLost() throws(RosterError) {
        if let noLongerThere { throw .rosterGone(noLongerThere) }
        guard connection.isClosed else { return }
        pending = []
        if let attempt = reconnecting {
            guard let outcome = attempt.take() else {
                throw .serverUnavailable("lost the connection to PostgreSQL at \(name); connecting again")
            }
            reconnecting = nil
            return try adopt(outcome)
        }
        guard MonotonicMilliseconds.now() >= nextReconnect else {
            throw .serverUnavailable("lost the connection to PostgreSQL at \(name); trying again shortly")
        }
        if surface == .interactiveRoster {
            reconnecting = PendingConnection(settings)
            if let outcome = reconnecting?.take() {
                // No thread to be had: it connected here, and is done.
                reconnecting = nil
                return try adopt(outcome)
            }
            throw .serverUnavailable("lost the connection to PostgreSQL at \(name); connecting again")
        }
        try adopt(Result { () throws(PostgresError) in try PostgresConnection.connect(settings) })
    }

    /// Takes a try's new session, or counts the failed try for the back-off.
    func adopt(_ outcome: Result<PostgresConnection, PostgresError>) throws(RosterError) {
        switch outcome {
        case .success(let session):
            configure(session)
            connection = session
            reconnectDelay = 250
            isListening = false
            listeningRefused = nil
            lookRefused = false
        case .failure(let error):
            nextReconnect = MonotonicMilliseconds.now() + reconnectDelay
            reconnectDelay = min(reconnectDelay * 2, 10_000)
            throw refusedReconnect(error)
        }
    }
}
