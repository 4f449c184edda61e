#if canImport(Glibc)
import Glibc
#endif
import CTerminal

/// Lines read from a descriptor (a terminal in its ordinary, cooked mode,
/// a pipe or a file), for line-oriented programs that must still end
/// cleanly on Ctrl-C.
///
/// The C handlers of `TerminalSession` only write the signal number into a
/// self-pipe; `nextLine` waits on both the input and that pipe, so SIGINT,
/// SIGTERM and SIGHUP end the wait as an event the program answers (with
/// its exit status 128 + the signal) rather than killing it mid-write.
/// Ctrl-Z still stops the program as the shell expects. Only one
/// `LineInput` or `TerminalSession` may hold the handlers at a time.
public final class LineInput {
    public enum Event: Equatable, Sendable {
        /// One line, without its newline (or carriage return and newline).
        case line(String)
        /// The input ended.
        case end
        /// A termination signal came while waiting.
        case signal(TerminationSignal)
        /// Ctrl-Z stopped the program and the shell continued it (`fg`):
        /// whatever was last asked is no longer on the screen's last line.
        case resumed
        /// A line longer than the limit came, and was read past without
        /// being kept.
        case tooLong
    }

    private let descriptor: Int32
    private var pending: [UInt8] = []
    /// How much of `pending` is known to hold no newline: a long line
    /// arrives a read at a time, and scanning it from its start after each
    /// read made a line of a few megabytes take minutes.
    private var scanned = 0
    private var ended = false
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    /// The longest line kept, in bytes; nil for no limit. A longer line is
    /// read to its end without being kept: a line of 10 MB took 22 s and
    /// 305 MB in the plain roster, and an endless one would never end.
    private let lineLimit: Int?
    /// Reading past the rest of a line longer than `lineLimit`.
    private var discarding = false

    /// `catchingSignals`: install the handlers (false when another part of
    /// the program owns them, as in tests that feed a pipe).
    public init(descriptor: Int32 = 0, catchingSignals: Bool = true, lineLimit: Int? = nil) throws(TerminalError) {
        self.descriptor = descriptor
        self.lineLimit = lineLimit
        guard catchingSignals else { return }
        var descriptors: [Int32] = [-1, -1]
        guard cterminal_open_signal_pipe(&descriptors) == 0 else { throw .systemCall("pipe2", errno: errno) }
        signalPipe = (descriptors[0], descriptors[1])
        guard cterminal_install_signal_handlers(signalPipe.write) == 0 else {
            let code = errno
            cterminal_remove_signal_handlers()
            closeSignalPipe()
            throw .systemCall("sigaction", errno: code)
        }
    }

    deinit {
        if signalPipe.read >= 0 {
            cterminal_remove_signal_handlers()
            closeSignalPipe()
        }
    }

    /// Waits for the next whole line, the end of the input, or a signal.
    /// A last line without a newline is still a line.
    public func nextLine() -> Event {
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                if discarding {
                    pending.removeSubrange(...newline)
                    scanned = 0
                    discarding = false
                    return .tooLong
                }
                var line = pending[..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                pending.removeSubrange(...newline)
                scanned = 0
                return .line(text)
            }
            scanned = pending.count
            if let lineLimit, pending.count > lineLimit {
                discarding = true
                pending.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if ended {
                if discarding {
                    discarding = false
                    pending = []
                    return .tooLong
                }
                guard !pending.isEmpty else { return .end }
                defer { pending = []; scanned = 0 }
                return .line(String(decoding: pending, as: UTF8.self))
            }
            let watched = signalPipe.read >= 0 ? [signalPipe.read, descriptor] : [descriptor]
            let ready = POSIXCalls.readable(watched, timeoutMilliseconds: nil)
            if signalPipe.read >= 0, ready[0] {
                let (signal, resumed) = drainSignals()
                if let signal { return .signal(signal) }
                if resumed { return .resumed }
            }
            guard ready.last == true else { continue }
            guard let bytes = POSIXCalls.read(descriptor) else {
                ended = true
                continue
            }
            // Empty: a non-blocking descriptor with nothing yet; wait again.
            pending += bytes
        }
    }

    /// The first termination signal in the pipe, and whether the program
    /// was stopped and continued meanwhile. Ctrl-Z stops the process group
    /// as it would without handlers; SIGWINCH needs nothing here.
    private func drainSignals() -> (TerminationSignal?, resumed: Bool) {
        var found: TerminationSignal?
        var resumed = false
        while let bytes = POSIXCalls.read(signalPipe.read, capacity: 64), !bytes.isEmpty {
            for number in bytes {
                switch Int32(number) {
                case SIGTSTP:
                    // Returns once the shell continues the program.
                    cterminal_stop_process_group()
                    resumed = true
                case SIGCONT:
                    resumed = true
                default:
                    if found == nil, let signal = TerminationSignal(rawValue: Int32(number)) {
                        cterminal_acknowledge_termination()
                        found = signal
                    }
                }
            }
        }
        return (found, resumed)
    }

    private func closeSignalPipe() {
        if signalPipe.read >= 0 { close(signalPipe.read) }
        if signalPipe.write >= 0 { close(signalPipe.write) }
        signalPipe = (-1, -1)
    }
}
