#if canImport(Glibc)
import Glibc
#endif

/// LISTEN/NOTIFY. The server sends a NotificationResponse whenever the
/// listening session is outside a transaction, including while it is idle
/// and nobody reads. A caller that waits on the terminal polls
/// `fileDescriptor` with it; when the socket is readable it calls
/// `readPendingNotifications()`, which reads what has arrived without
/// blocking. Notifications that came during a query are queued and
/// returned by the next call too. A server that went away shows here as
/// `connectionLost`, which is how an idle interface learns of it.
extension PostgresConnection {
    /// Starts listening on `channel` (quoted as an identifier here).
    public func listen(_ channel: String) throws(PostgresError) {
        try simpleQuery("LISTEN \(Self.quoteIdentifier(channel))")
    }

    public func unlisten(_ channel: String) throws(PostgresError) {
        try simpleQuery("UNLISTEN \(Self.quoteIdentifier(channel))")
    }

    /// Sends a notification through pg_notify, the payload as a parameter.
    public func notify(_ channel: String, payload: String = "") throws(PostgresError) {
        try query("SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// The notifications received so far, without waiting for more.
    public func readPendingNotifications() throws(PostgresError) -> [PostgresNotification] {
        guard machine.isIdle else {
            if isClosed { throw .connectionLost(server: settings.serverDescription, reason: "the connection was lost earlier") }
            throw .misuse("Notifications are read between queries.")
        }
        // Everything that has arrived, up to the end of the stream: a
        // server that sent a last notice and closed is lost now, not at
        // the next poll. A read at a time, each taken apart before the
        // next, so a flood passes through a buffer of one read; and a
        // bounded number of reads, so an endless one cannot hold the
        // caller (the socket stays readable for its next call).
        var reads = 0
        while true {
            while hasBufferedMessage {
                if let event = try nextMessageEvent() {
                    throw lose(.protocolViolation("it sent \(event) to an idle session"))
                }
            }
            reads += 1
            guard reads <= Self.readsPerCall, try readWithoutWaiting() > 0 else { break }
        }
        defer {
            notifications.removeAll()
            notificationsDroppedBeforeLastRead = droppedNotifications
            droppedNotifications = 0
        }
        return notifications
    }

    /// Queues a notification for the next read. Any role may NOTIFY any
    /// channel as often as it likes, so the queue is bounded: past
    /// `keptNotifications` the oldest makes way (counted in
    /// `notificationsDroppedBeforeLastRead`), and a payload is kept to its first
    /// `keptPayloadBytes` bytes, cut between characters.
    func keep(_ notification: PostgresNotification) {
        if notifications.count >= Self.keptNotifications {
            notifications.removeFirst()
            droppedNotifications += 1
        }
        var kept = notification
        let bytes = Array(kept.payload.utf8)
        if bytes.count > Self.keptPayloadBytes {
            // Back over continuation bytes (10xxxxxx) to a character's start.
            var end = Self.keptPayloadBytes
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            kept.payload = String(decoding: bytes[..<end], as: UTF8.self)
        }
        notifications.append(kept)
    }

    static let keptNotifications = 256
    static let keptPayloadBytes = 1024
    static let readsPerCall = 1024

    /// Whether notifications (or other unasked messages) were already read
    /// off the socket, with the answer to a query: a `poll()` of
    /// `fileDescriptor` would not show them, so call
    /// `readPendingNotifications()` before waiting on it.
    public var hasUnreadNotifications: Bool {
        !notifications.isEmpty || hasBufferedMessage || transport.tls?.hasPendingBytes == true
    }

    /// Waits up to `milliseconds` (-1: forever) for at least one
    /// notification, for callers with nothing else to poll.
    public func waitForNotifications(milliseconds: Int32) throws(PostgresError) -> [PostgresNotification] {
        let deadline = milliseconds < 0 ? UInt64.max : Deadline.now() + UInt64(milliseconds) * 1_000_000
        while true {
            let found = try readPendingNotifications()
            if !found.isEmpty { return found }
            let now = Deadline.now()
            if now >= deadline { return [] }
            let timeout = deadline == UInt64.max ? -1 : Int32(clamping: (deadline - now) / 1_000_000 + 1)
            var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, timeout)
        }
    }

    /// An identifier in double quotes, inner quotes doubled.
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingEvery("\"", with: "\"\"") + "\""
    }
}
