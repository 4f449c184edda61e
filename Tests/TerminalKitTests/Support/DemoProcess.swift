import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended or paused, decoded from a `waitpid` status
/// (the W* macros are not importable into Swift).
enum ProcessState: Equatable, CustomStringConvertible {
    case running
    case exited(Int32)
    case killed(by: Int32)
    case stopped(by: Int32)

    init(waitStatus status: Int32) {
        let low = status & 0x7F
        if low == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if low == 0x7F {
            self = .stopped(by: (status >> 8) & 0xFF)
        } else {
            self = .killed(by: low)
        }
    }

    var description: String {
        switch self {
        case .running: "running"
        case .exited(let code): "exited with \(code)"
        case .killed(let signal): "killed by signal \(signal)"
        case .stopped(let signal): "stopped by signal \(signal)"
        }
    }
}

/// `terminal-demo` running on a pseudo-terminal, in a process group of its
/// own (as a job-control shell would start it), so that Ctrl-Z really
/// stops it and signals reach only it. The pty is not its controlling
/// terminal, so the test delivers SIGWINCH and SIGHUP itself.
final class DemoProcess {
    let terminal: PseudoTerminal
    /// The pty's termios before the demo started.
    let settingsBefore: TerminalSettings
    let pid: pid_t
    private(set) var state = ProcessState.running

    static var binary: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("terminal-demo").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("terminal-demo").path
    }

    init(columns: Int = 80, rows: Int = 24, arguments: [String] = []) throws {
        terminal = try PseudoTerminal(columns: columns, rows: rows)
        settingsBefore = terminal.settings
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, terminal.slave, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let path = Self.binary
        let environment = [
            "TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
            // The runtime's crash report stays, but must not wait for a key.
            "SWIFT_BACKTRACE=interactive=no",
        ]
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw PseudoTerminalError.system("posix_spawn \(path)", result) }
        pid = child
    }

    deinit {
        if case .running = state {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Waits until the demo has drawn its first frame.
    func waitUntilReady() -> Bool {
        terminal.waitFor("terminal-demo — events:")
    }

    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Keeps reading the terminal (a full pty would block the program)
    /// until the process exits, is killed or stops.
    @discardableResult
    func waitForChange(seconds: Double = 10) -> ProcessState {
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
    func markContinued() {
        state = .running
    }
}
