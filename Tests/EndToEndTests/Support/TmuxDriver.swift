import Foundation
import TestSupport

/// A real terminal for end-to-end tests: a tmux server of its own (its
/// own socket), one window of a fixed size running a shell or a command,
/// driven with `send-keys` and read with `capture-pane`, as a person
/// would use it.
final class TmuxDriver {
    let socket: String
    let target = "roster-test"

    /// Where the command's exit status is written when it ends: tmux's
    /// own `pane_dead_status` is sometimes empty for a pane that has died.
    let statusFile: String

    init(width: Int = 100, height: Int = 30, command: String, environment: [String: String] = [:]) throws {
        Self.removeOrphanedServers()
        socket = "roster-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        statusFile = NSTemporaryDirectory() + "/\(socket).status"
        let exports = environment.map { "export \($0.key)='\($0.value)';" }.joined(separator: " ")
        // The server this starts keeps whatever descriptors it inherits:
        // it must not inherit a pipe someone is reading to the end.
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), "-s", target,
                  "bash --norc --noprofile -c \"\(exports) \(command); echo \\$? > \(statusFile)\""], capture: false)
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Servers left by test runs that were killed before they could clean
    /// up (their socket names carry the test process's id).
    static func removeOrphanedServers() {
        let folder = "/tmp/tmux-\(getuid())"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("roster-test-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 4, let owner = Int32(parts[2]), kill(owner, 0) != 0 else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
            process.arguments = ["-L", name, "kill-server"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: statusFile)
    }

    /// Runs one tmux command. Spawned directly (not with Foundation's
    /// Process) and with every other descriptor closed in the child: the
    /// server that `new-session` starts lives on, and must hold nothing
    /// of ours open.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, output[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // A shell closes every other descriptor before becoming tmux (the
        // C library's closefrom action is out of Swift's reach).
        let closeAll = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec /usr/bin/tmux "$@""#
        let words: [String] = ["-c", closeAll, "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let variables: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "HOME=\(NSTemporaryDirectory())"]
        let child: pid_t
        do {
            child = try spawn("/bin/bash", words, environment: variables, actions: &actions)
        } catch {
            close(output[1])
            close(output[0])
            throw error
        }
        close(output[1])
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            collected += chunk[..<count]
        }
        close(output[0])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        return String(decoding: collected, as: UTF8.self)
    }

    /// Keys by tmux's names: "Down", "Enter", "Escape", "Tab", "BTab", "C-c", "q"…
    func press(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", target, key]) }
    }

    /// Literal text, typed character by character.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    var screen: String {
        (try? tmux(["capture-pane", "-p", "-t", target])) ?? ""
    }

    /// Waits until the screen contains `text`; false after the timeout.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Waits until `condition` holds for the screen.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 5, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The exit status of the command, once it has ended.
    var exitStatus: Int? {
        guard let text = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func waitForExit(timeout: TimeInterval = 5) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus { return status }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}
