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
