#if canImport(Glibc)
import Glibc
#endif

extension POSIXCalls {
    /// Runs a program (found on `PATH`) with no input and its errors
    /// dropped, and returns what it printed, if it ends successfully
    /// within `patience` milliseconds; a program that takes longer is
    /// killed. For short questions to tools (`tmux display-message`), not
    /// for work.
    static func output(of arguments: [String], patience: Int) -> [UInt8]? {
        guard let program = arguments.first else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, program, &actions, nil, &argv, environ)
        close(writeEnd)
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        let deadline = MonotonicClock.milliseconds() + patience
        var finished = false
        while true {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { break }
            guard readable([readEnd], timeoutMilliseconds: remaining)[0] else { continue }
            guard let bytes = read(readEnd), !bytes.isEmpty else {
                finished = true
                break
            }
            output += bytes
        }
        if !finished { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // Exited (no signal) with status 0.
        guard finished, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return output
    }
}
