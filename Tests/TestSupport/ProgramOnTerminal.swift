import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended or paused, decoded from a `waitpid` status
/// (the W* macros are not importable into Swift).
public enum ProcessState: Equatable, CustomStringConvertible {
    case running
    case exited(Int32)
    case killed(by: Int32)
    case stopped(by: Int32)

    public init(waitStatus status: Int32) {
        let low = status & 0x7F
        if low == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if low == 0x7F {
            self = .stopped(by: (status >> 8) & 0xFF)
        } else {
            self = .killed(by: low)
        }
    }

    public var description: String {
        switch self {
        case .running: "running"
        case .exited(let code): "exited with \(code)"
        case .killed(let signal): "killed by signal \(signal)"
        case .stopped(let signal): "stopped by signal \(signal)"
        }
    }
}

/// A program running on a pseudo-terminal, in a process group of its own
/// (as a job-control shell would start it), so that Ctrl-Z really stops
/// it and signals reach only it. The pty is not its controlling terminal,
/// so a test delivers SIGWINCH and SIGHUP itself.
public final class ProgramOnTerminal {
    public let terminal: PseudoTerminal
    /// The pty's termios before the program started.
    public let settingsBefore: TerminalSettings
    public let pid: pid_t
    public private(set) var state = ProcessState.running

    /// An executable SwiftPM built next to the test bundle.
    public static func builtProduct(_ name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(name).path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent(name).path
    }

    /// `translatingNewlines` false turns off the terminal's own newline to
    /// CR LF translation (ONLCR), so the transcript holds exactly the bytes
    /// the program wrote and the terminal echoed.
    public init(_ path: String, arguments: [String] = [], environment: [String: String] = [:],
                columns: Int = 80, rows: Int = 24, translatingNewlines: Bool = true) throws {
        terminal = try PseudoTerminal(columns: columns, rows: rows)
        if !translatingNewlines {
            var settings = terminal.termios
            settings.c_oflag &= ~tcflag_t(ONLCR)
            tcsetattr(terminal.slave, TCSANOW, &settings)
        }
        settingsBefore = terminal.settings
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, terminal.slave, target) }
        var variables = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
            // The runtime's crash report stays, but must not wait for a key.
            "SWIFT_BACKTRACE": "interactive=no",
        ]
        variables.merge(environment) { $1 }
        let child = try spawn(path, arguments, environment: variables.map { "\($0.key)=\($0.value)" },
                              actions: &actions, ownProcessGroup: true)
        pid = child
    }

    deinit {
        if case .running = state {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Keeps reading the terminal (a full pty would block the program)
    /// until the process exits, is killed or stops.
    @discardableResult
    public func waitForChange(seconds: Double = 10) -> ProcessState {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if result == pid {
                state = ProcessState(waitStatus: status)
                terminal.drain(milliseconds: 50)
                return state
            }
            terminal.drain(milliseconds: 20)
        }
        return .running
    }

    /// After SIGCONT the process runs again.
    public func markContinued() {
        state = .running
    }
}
