#if canImport(Glibc)
import Glibc
#endif

/// Something that happened to a running `TerminalSession`.
public enum TerminalEvent: Hashable, Sendable {
    /// A key, a paste or a mouse report.
    case input(InputEvent)
    /// The window changed size (SIGWINCH); this is the new size.
    case resize(Size)
    /// The program was asked to end. Call `stop()` and exit with
    /// `signal.exitStatus`.
    case signal(TerminationSignal)
    /// The program was continued after a suspension (Ctrl-Z then `fg`, or
    /// SIGSTOP/SIGCONT). The screen was cleared and the size may have
    /// changed: repaint everything at `size`.
    case resumed
    /// The terminal's answer to a query or a command (device attributes, a
    /// capability, a kitty graphics error), however late it came. Never a key.
    case reply([UInt8])
    /// One of the caller's own descriptors (`nextEvents(…, alsoWatching:)`)
    /// can be read, or has hung up: the caller reads it. TerminalKit never
    /// reads it and knows nothing of what it is.
    case ready(Int32)
}

/// The signals that ask a full-screen program to end.
public enum TerminationSignal: Int32, Hashable, Sendable, CustomStringConvertible {
    /// SIGHUP, or the terminal closed its end (input reached end of file).
    case hangup = 1
    /// SIGINT.
    case interrupt = 2
    /// SIGTERM.
    case terminate = 15

    /// The status shells report for a program ended by this signal.
    public var exitStatus: Int32 { 128 + rawValue }

    public var description: String {
        switch self {
        case .hangup: "SIGHUP"
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        }
    }
}

/// Why the terminal could not be taken over or written to.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor is not a terminal (output piped, input redirected).
    case notATerminal(descriptor: Int32)
    /// Another session already owns the terminal in this process.
    case sessionAlreadyRunning
    /// A system call failed; `errno` says why.
    case systemCall(String, errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            let name = switch descriptor {
            case 0: "standard input"
            case 1: "standard output"
            case 2: "standard error"
            default: "file descriptor \(descriptor)"
            }
            return "\(name) is not a terminal; the interactive interface needs one"
        case .sessionAlreadyRunning:
            return "a terminal session is already running in this process"
        case .systemCall(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
