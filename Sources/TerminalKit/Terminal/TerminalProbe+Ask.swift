#if canImport(Glibc)
import Glibc
#endif

extension TerminalProbe {
    /// Asks the terminal on `input`/`output` outside a full-screen session
    /// (a command that prints and exits, like `roster show`): echo and line
    /// editing go off while it waits for the answers, up to `patience`
    /// milliseconds, and come back as they were. Nil when either side is
    /// not a terminal. What comes in meanwhile that is not an answer is
    /// dropped, so nothing lands at the shell's prompt; the input queue is
    /// flushed before the settings come back, for answers still on the way.
    public static func ask(input: Int32 = 0, output: Int32 = 1, patience: Int = TerminalProbe.patience) -> TerminalProbe? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { return nil }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(input, TCSANOW, &quiet) == 0 else { return nil }
        defer {
            tcflush(input, TCIFLUSH)
            tcsetattr(input, TCSANOW, &original)
        }
        let sent = request.withUnsafeBytes { POSIXCalls.writeAll(output, $0) }
        guard sent == 0 else { return nil }
        var probe = TerminalProbe()
        var decoder = KeyDecoder()
        let deadline = MonotonicClock.milliseconds() + patience
        while !probe.isComplete {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { break }
            guard POSIXCalls.readable([input], timeoutMilliseconds: remaining)[0] else { continue }
            guard let bytes = POSIXCalls.read(input) else { break }
            var replies: [[UInt8]] = []
            _ = decoder.feed(bytes, replies: &replies)
            for reply in replies { probe.read(reply) }
            if let question = probe.followUp() {
                guard question.withUnsafeBytes({ POSIXCalls.writeAll(output, $0) }) == 0 else { break }
            }
        }
        return probe
    }
}
