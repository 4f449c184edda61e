import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program as a shell would: with no signals blocked and every
/// signal at its default (test threads block signals, and a child inherits
/// the mask — a roster started that way would never see SIGWINCH or
/// SIGTERM), optionally in a process group of its own.
public func spawn(_ path: String, _ arguments: [String], environment: [String],
                  actions: inout posix_spawn_file_actions_t, ownProcessGroup: Bool = false) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownProcessGroup {
        posix_spawnattr_setpgroup(&attributes, 0)
        flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
    guard result == 0 else { throw PseudoTerminalError.system("posix_spawn \(path)", result) }
    return child
}

/// Runs `command` with bash, as `system` would, and returns its exit
/// status — but with none of this process's descriptors past stderr. A
/// server the command leaves running (`pg_ctl start`, a watcher) would
/// otherwise keep whatever pipes were open here at that moment, such as
/// the ends of another test's child's output: that test then waits for an
/// end of file that never comes. The descriptors are closed in the child,
/// after the fork, so one opened by another thread meanwhile is closed too.
public func runWithoutInheritedDescriptors(_ command: String) -> Int32 {
    let closing = #"for descriptor in /proc/self/fd/*; do number=${descriptor##*/}; if [ "$number" -gt 2 ]; then eval "exec $number>&-"; fi; done; "#
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    guard let child = try? spawn("/bin/bash", ["-c", closing + command], environment: environment, actions: &actions) else { return -1 }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    return ProcessState(waitStatus: status) == .exited(0) ? 0 : max(1, (status >> 8) & 0xFF)
}
