#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a command's write waits on a server: without a handler
/// SIGINT ends the program at once, and nobody learns whether the change
/// was saved (its COMMIT may have been sent). While a write runs, SIGINT
/// only writes a byte into a pipe, which the waits on the server heed
/// (`heedWhileWaiting`): the wait ends as interrupted, and the write says
/// what it knows (nothing was changed, or what a look-up found) before
/// the command ends with 130. Outside a write SIGINT does what it did;
/// one that comes after the write's last answer is too late to stop it,
/// and the command tells the change as ever.
///
/// The handler calls only `write`, which is async-signal-safe, on a
/// descriptor made before it is installed. A SIGINT the process was
/// started ignoring (a background job's) stays ignored.
enum CommandInterrupt {
    /// The pipe's ends, made once: read end, write end (non-blocking).
    nonisolated(unsafe) private static var ends: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) private static var previous = sigaction()

    /// Runs `body` with SIGINT caught, giving it the descriptor to heed;
    /// `body` runs as it is, with nothing caught, when that cannot be had.
    static func catching<T>(_ body: (Int32?) throws -> T) rethrows -> T {
        guard install() else { return try body(nil) }
        defer { sigaction(SIGINT, &previous, nil) }
        return try body(ends.read)
    }

    /// Reads what the handler wrote: whether a Ctrl-C came.
    static func takeInterrupt() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 64)
        return read(ends.read, &bytes, bytes.count) > 0
    }

    private static func install() -> Bool {
        if ends.read < 0 {
            var made: [Int32] = [-1, -1]
            guard pipe(&made) == 0 else { return false }
            for end in made {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            ends = (made[0], made[1])
        }
        // A Ctrl-C from an earlier write, told already.
        while takeInterrupt() {}
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(CommandInterrupt.ends.write, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        guard sigaction(SIGINT, nil, &previous) == 0 else { return false }
        if let handler = previous.__sigaction_handler.sa_handler,
           unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            return false
        }
        return sigaction(SIGINT, &action, nil) == 0
    }
}

extension PostgresRosterStore {
    /// Runs a write with Ctrl-C heeded while it waits on the server, for a
    /// command; an interface heeds its terminal and signals itself.
    func catchingInterrupt<T>(_ body: () throws -> T) throws -> T {
        guard catchesInterrupts, waitWatch == nil else { return try body() }
        return try CommandInterrupt.catching { descriptor in
            guard let descriptor else { return try body() }
            heedWhileWaiting(descriptors: [descriptor]) { CommandInterrupt.takeInterrupt() }
            defer { heedWhileWaiting(descriptors: [], shouldGiveUp: nil) }
            return try body()
        }
    }
}
