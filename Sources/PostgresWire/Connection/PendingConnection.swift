#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A session being made on a thread of its own, for a caller that must
/// not wait for it: an interface a person is typing into while the server
/// is away, where a try to connect to a host that does not answer would
/// otherwise hold the screen for the whole connect timeout.
///
/// The thread runs `PostgresConnection.connect` (with its own deadline)
/// and then writes one byte to a pipe. The caller puts the pipe's read
/// end (`fileDescriptor`) in the same `poll()` as whatever else it waits
/// on, and once it can be read takes the outcome (`take()`). The
/// connection is handed over whole: the thread never touches it after
/// the byte is written, so one thread uses it at a time, as ever.
///
/// Let go before it ends, the attempt finishes by itself; its pipe and
/// any session it made are closed when the thread lets go of it.
public final class PendingConnection: @unchecked Sendable {
    /// The outcome, boxed so that it crosses from the thread as one value.
    private final class Outcome: @unchecked Sendable {
        let result: Result<PostgresConnection, PostgresError>
        init(_ result: Result<PostgresConnection, PostgresError>) { self.result = result }
    }

    private let outcome = Mutex<Outcome?>(nil)
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Readable once the attempt has ended (well or not).
    public var fileDescriptor: Int32 { readEnd }

    /// Starts connecting with `settings`. Without a pipe or a thread to be
    /// had, connects here instead: the outcome is then ready at once.
    public init(_ settings: ConnectionSettings) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        } else {
            ends = [-1, -1]
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        guard readEnd >= 0, Self.onNewThread({ [self] in connect(settings) }) else {
            connect(settings)
            return
        }
    }

    deinit {
        if readEnd >= 0 { Glibc.close(readEnd) }
        if writeEnd >= 0 { Glibc.close(writeEnd) }
    }

    /// The session, or why it could not be made; nil while still trying.
    /// Given once: later calls return nil.
    public func take() -> Result<PostgresConnection, PostgresError>? {
        outcome.withLock { box -> Outcome? in
            defer { box = nil }
            return box
        }?.result
    }

    /// Waits for the attempt to end (its connect has a deadline of its
    /// own: connect_timeout) and takes its outcome. Only while `take()`
    /// has not yet given it.
    public func waitForOutcome() -> Result<PostgresConnection, PostgresError> {
        while true {
            if let outcome = take() { return outcome }
            var ended = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ended, 1, 100)
        }
    }

    private func connect(_ settings: ConnectionSettings) {
        let result = Result { () throws(PostgresError) in try PostgresConnection.connect(settings) }
        outcome.withLock { $0 = Outcome(result) }
        if writeEnd >= 0 {
            var ready: UInt8 = 1
            _ = write(writeEnd, &ready, 1)
        }
    }

    /// Runs `work` on a detached POSIX thread (not Dispatch, which would
    /// start with every command); false when no thread could be had.
    private static func onNewThread(_ work: @escaping @Sendable () -> Void) -> Bool {
        final class Work: Sendable {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
