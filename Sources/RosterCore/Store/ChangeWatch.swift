/// How an open interface learns that someone else changed the roster,
/// as its store tells it: the run loop waits on what this says, and asks
/// `changeCounter()` when it says so.
///
/// A file says nothing by itself, so the interface asks it every so often
/// (SQLite's `PRAGMA data_version` costs no I/O). A server announces every
/// change (LISTEN/NOTIFY): the interface puts the connection's socket in
/// the same `poll()` as the terminal and asks only when the socket has
/// something, so a change shows as soon as it is announced and an idle
/// interface never wakes. A server that went away is tried again on a
/// back-off the store keeps; until then the interface says so and
/// refuses to write.
public enum ChangeWatch: Equatable, Sendable {
    /// Ask every so often: nothing announces a change.
    case everySoOften
    /// Ask when this descriptor can be read (or hangs up), and only then.
    case whenReadable(Int32)
    /// Something has arrived already, read with an answer to a query:
    /// ask now, as the descriptor will not say it again.
    case now
    /// The server was lost. Asking at or after `retryAt` (milliseconds
    /// on the monotonic clock) connects again; asking earlier is refused
    /// at once.
    case serverLost(retryAt: Int)
}

extension RosterStore {
    /// A file is asked every so often.
    public var changeWatch: ChangeWatch { .everySoOften }

    /// A file's waits end with the busy timeout: nothing to heed.
    public func heedWhileWaiting(descriptors: [Int32], shouldGiveUp: (() -> Bool)?,
                                 whileQuiet: ((_ seconds: Int, _ writing: Bool) -> Void)?) {}

    /// A file's waits are not stopped.
    public var interruption: String? { nil }

    /// A file that moved is `hasMoved`.
    public var noLongerThere: String? { nil }

    /// A file: a write it cannot make is refused as it is tried.
    public var mayOnlyRead: Bool { false }

    public func heedWhileWaiting(descriptors: [Int32], shouldGiveUp: (() -> Bool)?) {
        heedWhileWaiting(descriptors: descriptors, shouldGiveUp: shouldGiveUp, whileQuiet: nil)
    }

    /// A file is never lost.
    public func reconnectNow() {}
}
