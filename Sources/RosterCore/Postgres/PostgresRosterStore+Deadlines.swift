import PostgresWire

/// How long the PostgreSQL store waits on a server that went silent.
///
/// A network that drops a connection without a word (a VPN gone down, a
/// NAT or Wi-Fi that forgot the flow) sends no FIN and no RST: a blocking
/// read would wait hours for the system's keepalive, holding the team's
/// write lock on the server all that time. So:
/// - every wait on the server may pass at most the busy timeout plus a
///   margin without a byte (`answerTimeoutMilliseconds`): a write's lock
///   waits the busy timeout, and the rest is the work. Then the write
///   ends with exit 75, saying whether the change was saved (a lost
///   COMMIT is looked up: `settleLostCommit`). An import, whose statements
///   work on every record at once, gets a wider margin;
/// - the socket probes a quiet link (`Transport.keepProbing`);
/// - the server drops a transaction of roster's left idle for as long
///   (`idle_in_transaction_session_timeout`), and probes the client too
///   (`tcp_keepalives_*`), so a vanished writer frees the write lock in
///   seconds rather than hours;
/// - an interface heeds the person meanwhile (`heedWhileWaiting`): Ctrl-C
///   and SIGTERM end the wait, and the program.
extension PostgresRosterStore {
    /// What a write may take beyond its lock wait before the server is
    /// taken for gone: roster's statements take milliseconds.
    static let defaultAnswerMarginMilliseconds = 10_000
    /// An import's statements handle every record at once (a million
    /// takes seconds on a busy server): a wider margin.
    static let importAnswerMarginMilliseconds = 120_000

    /// How long a wait on the server may pass in silence now.
    var answerTimeoutMilliseconds: Int { max(0, busyTimeoutMilliseconds) + answerMarginMilliseconds }

    /// The session parameters that go with the start-up packet: those
    /// roster assumes (`pinnedParameters`), with the server's watch on a
    /// vanished client.
    static func startupParameters() -> [String: String] {
        pinnedParameters.merging([
            "idle_in_transaction_session_timeout": "\(RosterLimits.busyTimeoutMilliseconds + defaultAnswerMarginMilliseconds)ms",
            "tcp_keepalives_idle": "10",
            "tcp_keepalives_interval": "5",
            "tcp_keepalives_count": "3",
        ]) { pinned, _ in pinned }
    }

    /// Gives a session (the first, or one made again) the store's limits.
    func configure(_ session: PostgresConnection) {
        session.answerTimeoutMilliseconds = answerTimeoutMilliseconds
        session.waitWatch = waitWatch
    }

    /// Runs `body` with the import's wider margin.
    func withImportMargin<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let kept = answerMarginMilliseconds
        answerMarginMilliseconds = Self.importAnswerMarginMilliseconds
        configure(connection)
        defer {
            answerMarginMilliseconds = kept
            configure(connection)
        }
        return try body()
    }

    public func heedWhileWaiting(descriptors: [Int32], shouldGiveUp: (() -> Bool)?,
                                 whileQuiet: ((_ seconds: Int, _ writing: Bool) -> Void)?) {
        let quiet = whileQuiet.map { told in { [weak self] (seconds: Int) in told(seconds, self?.isWriting ?? false) } }
        waitWatch = shouldGiveUp.map { WaitWatch(descriptors: descriptors, shouldGiveUp: $0, whileQuiet: quiet) }
        configure(connection)
    }
}
