import CTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Owns the terminal while a full-screen program runs.
///
/// `start()` puts the terminal in raw mode, switches to the alternate
/// screen, hides the cursor, turns off autowrap and turns on bracketed
/// paste and mouse reports. Whatever way the program ends, the user must
/// get their shell back as they left it, so restoring is arranged before
/// anything is changed, and happens on every path:
///
/// - **One restore routine, in C.** The bytes that undo the modes and a
///   copy of the original termios are handed to C static storage at
///   `start()`. `cterminal_restore()` writes those bytes, sets the
///   termios back and replays captured stderr, once (an atomic flag).
///   It is async-signal-safe, so `stop()`, `suspend()` and the crash
///   handler all use the very same code.
/// - **Quitting** (`q`, Ctrl-C — a key in raw mode): the program calls
///   `stop()`, which is idempotent and also runs from `deinit`.
/// - **SIGINT, SIGTERM, SIGHUP**: a C handler only writes the signal number
///   into a self-pipe; `nextEvents` reports `.signal(…)` and the program
///   stops and exits with 128 + the signal. Swift code never runs inside a
///   handler. If a second such signal comes while the first is unread,
///   the program is stuck: the handler restores and dies by the signal.
/// - **Crashes** (SIGSEGV, SIGBUS, SIGILL — Swift's `fatalError` and
///   failed preconditions —, SIGTRAP, SIGABRT, SIGFPE): the handler restores
///   the terminal, lets the previous handler (the Swift runtime's
///   backtracer) report on the restored screen, then re-raises with the
///   default action, so the exit status and core dump are the usual ones.
/// - **stderr**: while the session runs, fd 2, when it is this terminal, is
///   pointed at an anonymous in-memory file, because anything written to it
///   would be drawn over the interface and then lost with the alternate
///   screen. The restore replays it on the real stderr, so a `fatalError`
///   message is read after the screen is restored, not before.
/// - **Ctrl-Z** (a key in raw mode) calls `suspend()`; an external SIGTSTP
///   arrives through the self-pipe and does the same: restore, stop the
///   process group with the default SIGTSTP, and on SIGCONT take the
///   terminal again and report `.resumed` so that the program repaints.
///   The original termios is the one read at `init`, never re-read, so
///   that a raw mode left behind by an uncatchable SIGSTOP cannot become
///   the state restored at exit.
public final class TerminalSession {
    public let inputDescriptor: Int32
    public let outputDescriptor: Int32
    /// How long a lone ESC waits for the rest of a sequence before it
    /// counts as the Esc key.
    public var escapeTimeoutMilliseconds = 30
    /// How long a paste may pause before what arrived is handed on as a
    /// paste. The paste stays open: what comes later is pasted text too,
    /// never keys (the rest of a paste that stalled on a slow link), until
    /// its end marker; a Ctrl-C read on its own ends it (a terminal that
    /// lost the end marker). Nil: a paste waits for its end marker however
    /// long it takes. Memory is bounded either way.
    public var pasteTimeoutMilliseconds: Int?
    /// Whether a paste that stalled is held open: what is typed is taken
    /// as pasted text until the terminal ends it, or a lone Ctrl-C does.
    public internal(set) var isHoldingStalledPaste = false
    /// Set when a lone Ctrl-C ended an open paste (the Ctrl-C goes no
    /// further); `takePasteEndedByCtrlC` reads and clears it.
    var pasteEndedByCtrlC = false

    public func takePasteEndedByCtrlC() -> Bool {
        defer { pasteEndedByCtrlC = false }
        return pasteEndedByCtrlC
    }

    let originalTermios: termios
    var decoder = KeyDecoder()
    /// Events found outside `nextEvents` (keys read by `query`, the
    /// resumption after `suspend`), handed out by its next call.
    var queued: [TerminalEvent] = []
    /// When input was last read while the decoder held bytes back.
    var pendingSince: Int?
    var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    /// The terminal said end of file or EIO: it is gone.
    var inputClosed = false
    private var mouse = true

    /// Between `start()` and `stop()`, suspended or not.
    public private(set) var isRunning = false
    /// The terminal is in raw mode on the alternate screen (not suspended).
    public private(set) var isActive = false

    /// Only one session can own the terminal and the signal handlers.
    nonisolated(unsafe) private static var running = false

    /// Checks that both descriptors are terminals and reads the termios to
    /// restore later. Changes nothing yet.
    public init(input: Int32 = 0, output: Int32 = 1) throws(TerminalError) {
        guard isatty(input) == 1 else { throw .notATerminal(descriptor: input) }
        guard isatty(output) == 1 else { throw .notATerminal(descriptor: output) }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
        inputDescriptor = input
        outputDescriptor = output
        originalTermios = original
    }

    deinit {
        stop()
    }

    /// Takes over the terminal. `mouse` turns on mouse reports (which stop
    /// the terminal's own text selection without Shift).
    public func start(mouse: Bool = true) throws(TerminalError) {
        guard !isRunning else { return }
        guard !Self.running else { throw .sessionAlreadyRunning }
        var descriptors: [Int32] = [-1, -1]
        guard cterminal_open_signal_pipe(&descriptors) == 0 else { throw .systemCall("pipe2", errno: errno) }
        signalPipe = (descriptors[0], descriptors[1])
        var original = originalTermios
        TerminalModes.restore.withUnsafeBufferPointer { bytes in
            cterminal_configure_restore(inputDescriptor, outputDescriptor, &original, bytes.baseAddress, bytes.count)
        }
        guard cterminal_install_signal_handlers(signalPipe.write) == 0 else {
            let code = errno
            cterminal_remove_signal_handlers()
            closeSignalPipe()
            throw .systemCall("sigaction", errno: code)
        }
        Self.running = true
        isRunning = true
        self.mouse = mouse
        decoder = KeyDecoder()
        queued = []
        pendingSince = nil
        inputClosed = false
        do {
            try enter()
        } catch {
            stop()
            throw error
        }
    }

    /// Gives the terminal back as it was: modes off in reverse order, the
    /// cursor shown, the main screen back, the original termios, then
    /// whatever was written to stderr meanwhile. Safe to call twice.
    public func stop() {
        guard isRunning else { return }
        leave()
        cterminal_remove_signal_handlers()
        closeSignalPipe()
        isRunning = false
        Self.running = false
    }

    /// Ctrl-Z: gives the terminal back, stops the process as the shell's
    /// job control expects, and when continued (`fg`) takes the terminal
    /// again. The next `nextEvents` reports `.resumed`.
    public func suspend() {
        guard isRunning else { return }
        leave()
        cterminal_stop_process_group()
        try? enter() // a terminal gone meanwhile is reported by the next read
        if !queued.contains(.resumed) { queued.append(.resumed) }
        // The SIGCONT that woke us is already in the pipe: absorb it here so
        // that it does not count as a second resumption.
        queued += drainSignals(afterSuspend: true)
    }

    /// Gives the terminal to another program (an editor) for as long as
    /// `body` runs, as around Ctrl-Z: the modes undone and the main screen
    /// back, then taken again. The next `nextEvents` reports `.resumed`:
    /// the screen was cleared, and everything must be drawn again.
    public func handOver<Result>(_ body: () -> Result) -> Result {
        guard isRunning else { return body() }
        leave()
        let result = body()
        try? enter() // a terminal gone meanwhile is reported by the next read
        if !queued.contains(.resumed) { queued.append(.resumed) }
        return result
    }

    /// The window's size in cells, from TIOCGWINSZ (80×24 if it will not
    /// say), at most `largestSize`.
    public var size: Size {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var window = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return Self.drawnSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
            }
        }
        return Size(width: 80, height: 24)
    }

    /// The most cells drawn: beyond any real screen (an 8K display in a
    /// 4-pixel font is about 1,900 × 540). A terminal, proxy or ssh client
    /// can report 65535 × 65535; a frame that large took gigabytes and
    /// minutes, deaf to q and Ctrl-C. Beyond it, the top left is drawn.
    public static let largestSize = Size(width: 2000, height: 600)

    /// `columns` × `rows` as drawn: each at most `largestSize`'s.
    public static func drawnSize(columns: Int, rows: Int) -> Size {
        Size(width: min(columns, largestSize.width), height: min(rows, largestSize.height))
    }

    /// A cell's size in pixels, from TIOCGWINSZ, when the terminal says
    /// (many report 0): for pictures sent at the size they are shown.
    public var cellPixelSize: Size? {
        for descriptor in [outputDescriptor, inputDescriptor] {
            if let size = Self.cellPixelSize(descriptor) { return size }
        }
        return nil
    }

    /// A cell's size in pixels on the terminal at `descriptor`, when it says.
    public static func cellPixelSize(_ descriptor: Int32) -> Size? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
              window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row else { return nil }
        return boundedCellSize(Size(width: Int(window.ws_xpixel) / Int(window.ws_col),
                                    height: Int(window.ws_ypixel) / Int(window.ws_row)))
    }

    /// The largest cell believed: beyond any real font on any screen
    /// (a 72-point font on a 5K display is about 60 × 120). A broken
    /// terminal, proxy or ssh client can report 65535 × 65535 pixels, and
    /// pictures scaled to cells that large took gigabytes and a minute.
    public static let largestCellPixels = Size(width: 64, height: 128)

    /// `size`, scaled down whole to fit `largestCellPixels` (its shape
    /// kept, so pictures are not stretched), whatever the terminal said.
    static func boundedCellSize(_ size: Size) -> Size {
        let limit = largestCellPixels
        guard size.width > limit.width || size.height > limit.height else { return size }
        // The smaller of the two ratios, in exact integer arithmetic.
        if size.width * limit.height >= size.height * limit.width {
            return Size(width: limit.width, height: max(1, size.height * limit.width / size.width))
        }
        return Size(width: max(1, size.width * limit.height / size.height), height: limit.height)
    }

    /// Writes a whole frame, in one `write(2)` when the kernel accepts it.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        let code = bytes.withUnsafeBytes { POSIXCalls.writeAll(outputDescriptor, $0) }
        if code != 0 { throw .systemCall("write", errno: code) }
    }

    public func write(_ text: String) throws(TerminalError) {
        try write(Array(text.utf8))
    }

    /// Switches the modes on. Marked active first, so that a crash halfway
    /// through still restores.
    func enter() throws(TerminalError) {
        guard !isActive else { return }
        // Capturing is a nicety; if it fails, errors just show up unordered.
        _ = cterminal_capture_stderr(outputDescriptor)
        cterminal_mark_active()
        isActive = true
        var raw = TerminalModes.raw(from: originalTermios)
        guard tcsetattr(inputDescriptor, TCSANOW, &raw) == 0 else {
            throw .systemCall("tcsetattr", errno: errno)
        }
        try write(TerminalModes.enter(mouse: mouse))
    }

    func leave() {
        guard isActive else { return }
        cterminal_restore()
        isActive = false
        decoder = KeyDecoder()
        pendingSince = nil
    }

    private func closeSignalPipe() {
        if signalPipe.read >= 0 { close(signalPipe.read) }
        if signalPipe.write >= 0 { close(signalPipe.write) }
        signalPipe = (-1, -1)
    }
}
