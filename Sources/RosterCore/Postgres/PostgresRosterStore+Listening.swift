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
/// A notification is a hint to look, never a fact: any role that may
/// connect can send `NOTIFY roster`. So when another session's arrives,
/// the store reads what would show a change (one round trip): an entry
/// newer than the newest seen that this store did not write (its own are
/// known by their write tokens, schema 9), the count of outside writes
/// moved (schema 6), or the newest entry gone (a cleared history). Only
/// then does the number move; a notification that nothing in the data
/// bears out is dropped unseen.
///
/// The socket ending (the server stopped, crashed or was cut off) is how
/// an idle interface learns it lost the server: `changeCounter()` then
/// throws `serverUnavailable`, `changeWatch` says when the store will
/// try again (its back-off), and asking then connects and listens anew.
/// A server that answers but refuses the roster when listening begins
/// again (the role's grants revoked meanwhile) is asked on the same
/// back-off, and its refusal is what the interface tells.
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
        if !isListening, !connection.isClosed, let refused = listeningRefused, MonotonicMilliseconds.now() < refused.retryAt {
            throw refused.error
        }
        do {
            let counter: Int64
            do {
                counter = try readChangeCounter()
            } catch .serverUnavailable where isListening && connection.endedByServer == .idleSessionTimeout {
                // The server ended the idle session (`idle_session_timeout`,
                // set for a role or database): it is there, so a new session
                // is made at once, unseen, and listening goes on where it was.
                counter = try resumeAfterIdleTimeout()
            }
            if listeningRefused != nil { (listeningRefused, reconnectDelay) = (nil, 250) }
            return counter
        } catch {
            // The server answered, and refused: its grants changed while
            // the interface was away. Asked again after a growing delay.
            switch error {
            case .serverUnavailable, .rosterGone, .interrupted: break
            default:
                if !isListening, !connection.isClosed {
                    listeningRefused = (error, MonotonicMilliseconds.now() + reconnectDelay)
                    reconnectDelay = min(reconnectDelay * 2, 10_000)
                }
            }
            throw error
        }
    }

    private func readChangeCounter() throws(RosterError) -> Int64 {
        try guarded {
            guard isListening else {
                try checkSameRoster()
                // No change a role may make to a monster: it may only read.
                mayOnlyRead = try run("""
                    SELECT NOT (has_any_column_privilege('roster.monster', 'INSERT') OR has_any_column_privilege('roster.monster', 'UPDATE')
                                OR has_table_privilege('roster.monster', 'DELETE'))
                    """).firstValue == "t"
                try connection.listen(Self.notificationChannel)
                isListening = true
                // The newest entry, which every schema version has (a
                // reader may be on one older than the counter's). Resumed,
                // its own writes since the last look are still its own.
                if !resuming { ownTokensSinceSeen = [] }
                let moved = try dataMoved()
                // Resumed after an idle timeout: the number goes on, and
                // moves only if others changed the roster meanwhile.
                if resuming {
                    resuming = false
                    if moved { announcedChange &+= 1 }
                    return announcedChange
                }
                announcedChange = seenNewestEntry
                return announcedChange
            }
            // Only whether the number moved matters. The payload is
            // anyone's text (any role may NOTIFY), so it is not read: a
            // payload of Int64.max once made the next step trap.
            let own = connection.processID
            let announced = try connection.readPendingNotifications()
                .contains { $0.channel == Self.notificationChannel && $0.processID != own }
            // A flood's older notifications made way for newer ones
            // (the connection keeps a bounded number): something may have moved.
            // A look the server refused (the role's grants revoked for a
            // while) is taken again at the next poll: the news it was for
            // is not lost with the notification already read.
            if announced || connection.notificationsDroppedBeforeLastRead > 0 || lookRefused {
                lookRefused = true
                let moved = try dataMoved()
                lookRefused = false
                if moved { announcedChange &+= 1 }
            }
            return announcedChange
        }
    }

    /// A new session in place of one the server ended for its idleness,
    /// made at once (within connect_timeout): the counter as it would have
    /// gone on. A failed try is a lost server, as ever.
    private func resumeAfterIdleTimeout() throws(RosterError) -> Int64 {
        reconnectNow()
        guard !connection.isClosed else { throw .serverUnavailable("lost the connection to PostgreSQL at \(name); trying again shortly") }
        resuming = true
        defer { resuming = false }
        return try readChangeCounter()
    }

    /// Reads what shows a change by others since the last look, and
    /// remembers it: whether anything moved.
    private func dataMoved() throws -> Bool {
        let tokens = Self.arrayLiteral(ownTokensSinceSeen)
        // Who made the latest outside write (schema 13): read through
        // `to_jsonb` too, so that an older roster answers NULL; no more
        // than a name's 63 bytes, whatever the owner wrote there.
        let row = try run("""
            SELECT (SELECT coalesce(max(id), 0) FROM roster.history),
                   (SELECT to_jsonb(s) ->> 'outside_writes' FROM roster.roster_schema s),
                   (SELECT count(*) FROM roster.history h WHERE h.id > $1
                      AND (to_jsonb(h) ->> 'write_token' IS NULL OR to_jsonb(h) ->> 'write_token' <> ALL($2::text[]))),
                   (SELECT left(to_jsonb(s) ->> 'outside_writer', 63) FROM roster.roster_schema s),
                   (SELECT left(to_jsonb(s) ->> 'outside_program', 63) FROM roster.roster_schema s),
                   (SELECT to_jsonb(s) ->> 'roster_id' FROM roster.roster_schema s),
                   (SELECT \(Self.entryMoment) FROM roster.history h ORDER BY h.id DESC LIMIT 1)
            """, [String(seenNewestEntry), tokens]).rows.first
        let newest = row?[0].flatMap { Int64($0) } ?? 0
        let outside = row?[1] ?? nil
        let othersWrote = (row?[2].flatMap { Int64($0) } ?? 0) > 0
        let moved = othersWrote || newest < seenNewestEntry || outside != seenOutsideWrites
        // A history gone back (cleared) holds none of the changes made here.
        if newest < seenNewestEntry { lastOwnEntry = nil }
        if outside != seenOutsideWrites, seenOutsideWrites != nil {
            outsideWriter = (row?[3] ?? nil).map { OutsideWriter(role: $0, program: row?[4] ?? nil) }
            outsideWritesFound += 1
        }
        seenNewestEntry = newest
        seenNewestMoment = row?[6] ?? nil
        seenOutsideWrites = outside
        // Upgraded to schema 21 while open (its owner's roster says so on
        // the channel): the roster's own id, from now on part of its identity.
        if let id = row?[5] ?? nil, !id.isEmpty, let known = rosterIdentity, known.hasSuffix("/") { rosterIdentity = known + id }
        ownTokensSinceSeen = []
        return moved
    }

    /// A write of this store's own has committed: its entry, found by its
    /// token, is not another's change (see `dataMoved`).
    func noteOwnWrite(entry: Int64? = nil) {
        // A write went through: the role may write (granted since it opened).
        mayOnlyRead = false
        if recordsEntry, let entry { lastOwnEntry = (entry, writeToken) }
        guard isListening, recordsEntry else { return }
        // Bounded: past it, an own entry forgotten is only looked at again.
        if ownTokensSinceSeen.count >= 1_000 { ownTokensSinceSeen.removeFirst() }
        ownTokensSinceSeen.append(writeToken)
    }

    /// Connects again at once if the server was lost, waiting for the try
    /// (within connect_timeout) whatever the back-off says: for the plain
    /// roster, where nothing tries by itself between the commands a person
    /// types, so a command typed once the server is back finds it.
    /// Between requests only. A try that fails counts for the back-off,
    /// and the request after it is refused as ever.
    public func reconnectNow() {
        guard connection.isClosed else { return }
        let attempt = reconnecting
        reconnecting = nil
        pending = []
        try? adopt(attempt?.waitForOutcome() ?? Result { () throws(PostgresError) in try PostgresConnection.connect(settings) })
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
        // Nothing is asked of a roster no longer there: the footer says so.
        guard noLongerThere == nil else { return .everySoOften }
        // A look refused: asked again every so often, not only at the next notification.
        if lookRefused { return .everySoOften }
        guard isListening else {
            // Refused when it last began: asked again on the back-off.
            if let refused = listeningRefused { return .serverLost(retryAt: refused.retryAt) }
            return .now
        }
        return connection.hasUnreadNotifications ? .now : .whenReadable(connection.fileDescriptor)
    }
}
