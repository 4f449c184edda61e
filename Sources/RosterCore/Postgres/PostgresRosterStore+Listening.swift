import PostgresWire

/// How an open interface hears of other people's changes on a server.
///
/// Every write through roster ends with `NOTIFY roster, '<history id>'`,
/// and a trigger sends `NOTIFY roster, 'outside'` for rows changed
/// straight in SQL. The first `changeCounter()` starts listening; from
/// then on the server pushes each notification down the idle
/// connection's socket. The interface waits on that socket in the same
/// `poll()` as the terminal (`changeWatch`), and when it can be read asks
/// `changeCounter()` again, which reads what has arrived without a round
/// trip. An idle interface therefore never wakes, and a change shows as
/// soon as it is announced.
///
/// The socket ending (the server stopped, crashed or was cut off) is how
/// an idle interface learns it lost the server: `changeCounter()` then
/// throws `serverUnavailable`, `changeWatch` says when the store will
/// try again (its back-off), and asking then connects and listens anew.
extension PostgresRosterStore {
    /// A number that moves with every change anyone else makes: the
    /// newest history id when listening began, stepped (wrapping) once for
    /// each read that brought another session's notification. The first call (and the first after
    /// a reconnect) reads the history sequence and starts listening on
    /// the channel every write notifies; later calls only read the
    /// notifications that have arrived, without a round trip. This
    /// connection's own notifications are not counted: the interface
    /// knows its own changes, as a file's `data_version` does not move
    /// for its own commits.
    public func changeCounter() throws(RosterError) -> Int64 {
        try guarded {
            guard isListening else {
                try connection.listen(Self.notificationChannel)
                isListening = true
                // The newest entry, which every schema version has (a
                // reader may be on one older than the counter's).
                announcedChange = try integer("SELECT coalesce(max(id), 0) FROM roster.history") ?? 0
                return announcedChange
            }
            // Only whether the number moved matters. The payload is
            // anyone's text (any role may NOTIFY), so it is not read: a
            // payload of Int64.max once made the next step trap.
            let own = connection.processID
            let announced = try connection.readPendingNotifications()
                .contains { $0.channel == Self.notificationChannel && $0.processID != own }
            // A flood's older notifications made way for newer ones
            // (the connection keeps a bounded number): something moved.
            if announced || connection.notificationsDroppedBeforeLastRead > 0 { announcedChange &+= 1 }
            return announcedChange
        }
    }

    /// The socket while listening; now, when a notification was read
    /// with a query's answer (the socket will not say it again); the
    /// time of the next try while the server is lost, and the try's own
    /// descriptor while the interface connects in the background.
    public var changeWatch: ChangeWatch {
        if connection.isClosed {
            // A try in the background says when it ends, through its pipe.
            if let attempt = reconnecting { return .whenReadable(attempt.fileDescriptor) }
            return .serverLost(retryAt: nextReconnect)
        }
        guard isListening else { return .now }
        return connection.hasUnreadNotifications ? .now : .whenReadable(connection.fileDescriptor)
    }
}
