#if canImport(Glibc)
import Glibc
#endif

/// A file written whole or not at all: the bytes go to a temporary file
/// beside the target, which is flushed to disk and renamed over the target
/// only when everything was written. A failed or interrupted write removes
/// the temporary file (Ctrl-C and SIGTERM included) and leaves any existing
/// target as it was; one left by SIGKILL (`.NAME.roster-PID-XXXXXX`) is
/// removed by the next write to the same folder once its process is gone.
///
/// - A target that is a symbolic link is written through: the file it
///   points to is replaced and the link stays, as `>` would do. A link
///   in a sticky, world-writable folder (`/tmp`) is only followed when it
///   belongs to the user or to the folder's owner: the rule the kernel's
///   `fs.protected_symlinks` applies to `>`, which resolving the link here
///   would otherwise bypass.
/// - A target that is not a regular file (`/dev/null`, a FIFO, a
///   terminal) is never renamed over: it is opened and written as a
///   stream, and its write errors are reported (`/dev/full`).
/// - Another user's regular file in such a folder is not replaced
///   (`fs.protected_regular`).
/// - The replaced file's permission bits are kept when it is the user's
///   own (else a new file's, 0666 less the umask); its set-user-id,
///   set-group-id and sticky bits never are.
public final class AtomicFile {
    public let path: String
    public let output: ByteOutput
    /// nil when writing straight to a stream.
    private let temporaryPath: String?
    private var finished = false

    /// Creates the temporary file (or opens the stream). Throws when the
    /// folder cannot be written or a link may not be followed.
    public init(path requested: String) throws(IOFailure) {
        var path = try Self.followingLinks(requested)
        var target = stat()
        var exists = stat(path, &target) == 0
        // `/dev/stdout` leads to `/proc/self/fd/1`, whose link names no
        // path (`pipe:[…]`): only the kernel can follow it, so a stream
        // reached that way is opened by the name given.
        if !exists, stat(requested, &target) == 0, (target.st_mode & S_IFMT) != S_IFREG {
            path = requested
            exists = true
        }
        self.path = path
        // The kernel's `protected_regular` rule for `>`: another user's file
        // in a sticky shared folder is theirs to keep, not root's to replace.
        if exists, (target.st_mode & S_IFMT) == S_IFREG, !Self.mayUse(path, ownedBy: target.st_uid) {
            throw IOFailure(operation: "write", path: path, errno: EACCES,
                            explanation: "\(path) is a file another user made in a shared folder, and roster does not replace it")
        }
        if exists, (target.st_mode & S_IFMT) != S_IFREG, (target.st_mode & S_IFMT) != S_IFDIR {
            // Blocking like the shell's `>`: a FIFO waits for its reader.
            let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw IOFailure(operation: "open", path: path, errno: errno) }
            temporaryPath = nil
            output = ByteOutput(fileDescriptor: descriptor, name: path, capacity: 1 << 18)
            return
        }
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        Self.removeAbandonedTemporaries(in: directory)
        // The PID in the name tells a later export whether its writer is gone.
        var template = Array("\(directory).\(base).roster-\(getpid())-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw IOFailure(operation: "create a file in", path: directory.isEmpty ? "." : directory, errno: errno)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.temporaryPath = temporaryPath
        output = ByteOutput(fileDescriptor: descriptor, name: path, capacity: 1 << 18)
        SignalCleanup.register(temporaryPath)
    }

    deinit {
        if !finished { discard() }
    }

    /// Whether the bytes go straight to a device or FIFO rather than to a
    /// temporary file.
    public var isStream: Bool { temporaryPath == nil }

    /// Flushes, syncs and renames into place, with the permissions an
    /// ordinary new file would get (or the replaced file's); a stream is
    /// flushed and closed.
    public func commit() throws(IOFailure) {
        guard let temporaryPath else {
            finished = true
            do throws(IOFailure) {
                try output.flush()
            } catch {
                close(output.fileDescriptor)
                throw error
            }
            if close(output.fileDescriptor) != 0 { throw IOFailure(operation: "write", path: path, errno: errno) }
            return
        }
        do throws(IOFailure) {
            try output.flush()
            var status = stat()
            let mode: mode_t
            // Another user's permissions (0666) would let them write the
            // user's export: only the user's own file lends its mode.
            if stat(path, &status) == 0, status.st_uid == geteuid() {
                mode = status.st_mode & 0o777
            } else {
                mode = 0o666 & ~FileSystem.currentUmask()
            }
            if fchmod(output.fileDescriptor, mode) != 0 || fsync(output.fileDescriptor) != 0 {
                throw IOFailure(operation: "write", path: path, errno: errno)
            }
            if close(output.fileDescriptor) != 0 {
                throw IOFailure(operation: "write", path: path, errno: errno)
            }
            finished = true
            if rename(temporaryPath, path) != 0 {
                let failure = IOFailure(operation: "replace", path: path, errno: errno)
                unlink(temporaryPath)
                SignalCleanup.unregister()
                throw failure
            }
            SignalCleanup.unregister()
        } catch {
            if !finished { discard() }
            throw error
        }
    }

    /// `path` with any symbolic links at its end followed (a link to a
    /// file not yet there included), so that the rename replaces the file
    /// the user meant rather than the link. A link the kernel would not
    /// let `>` follow is refused.
    static func followingLinks(_ path: String) throws(IOFailure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            guard mayUse(current, ownedBy: status.st_uid) else {
                throw IOFailure(operation: "write", path: path, errno: EACCES,
                                explanation: "\(current) is a symbolic link another user made in a shared folder, and roster does not follow it")
            }
            guard let destination = FileSystem.linkTarget(current) else { return current }
            if destination.hasPrefix("/") {
                current = destination
            } else {
                current = folder(of: current) + "/" + destination
            }
        }
        throw IOFailure(operation: "write", path: path, errno: ELOOP)
    }

    /// The kernel's `protected_symlinks` and `protected_regular` rule: in
    /// a sticky folder anyone may write to, a link is followed, or a file
    /// replaced, only by its owner or when the folder's owner made it.
    static func mayUse(_ path: String, ownedBy owner: uid_t) -> Bool {
        var folder = stat()
        guard stat(Self.folder(of: path), &folder) == 0 else { return false }
        let shared = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        return !shared || owner == geteuid() || owner == folder.st_uid
    }

    /// Whether `path` is a regular file that `mayUse` forbids replacing or
    /// writing: another user's, in a sticky folder anyone may write to.
    static func isAnotherUsersFileInSharedFolder(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return !mayUse(path, ownedBy: status.st_uid)
    }

    /// Removes the user's `.NAME.roster-PID-XXXXXX` files in `directory`
    /// (a folder with its trailing slash, or "" for the current one) whose
    /// process is gone: SIGKILL leaves no chance to clean up. A running
    /// process's file (another user's counts as running) is never touched.
    static func removeAbandonedTemporaries(in directory: String) {
        guard let folder = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix("."), let marker = name.ranges(of: ".roster-").last else { continue }
            let rest = name[marker.upperBound...]
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard let pid = pid_t(digits), pid > 0, rest.dropFirst(digits.count).count == 7,
                  rest.dropFirst(digits.count).first == "-" else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            var status = stat()
            let path = directory + name
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid() else { continue }
            unlink(path)
        }
    }

    /// The folder that holds `path`, without a trailing slash.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(output.fileDescriptor)
        if let temporaryPath {
            unlink(temporaryPath)
            SignalCleanup.unregister()
        }
    }
}

/// Removes one temporary file when SIGINT, SIGTERM or SIGHUP arrives, then
/// lets the signal do what it did before: the action that was installed
/// (a handler of the interface's, say) is put back and the signal raised
/// again, so it ends the process or reaches that handler. Unregistering
/// puts back exactly the actions found, not the defaults: putting SIG_DFL
/// back left a process whose SIGHUP had been handled killed by the next
/// one. The path is copied to C memory up front, and the actions found
/// are kept in memory allocated once: the handler calls only `unlink`,
/// `sigaction` and `raise`, which are async-signal-safe. A signal the
/// process was started ignoring (a background job's SIGINT) stays ignored.
enum SignalCleanup {
    nonisolated(unsafe) private static var pendingPath: UnsafeMutablePointer<CChar>?
    /// Three signals: the test of this file uses three others, so as not to
    /// disturb the in-process tests that send these.
    nonisolated(unsafe) static var signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The action each of `signals` had before `register`, in that order.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
        actions.initialize(repeating: sigaction(), count: 3)
        return actions
    }()
    nonisolated(unsafe) private static var installed = false

    static func register(_ path: String) {
        unregister()
        pendingPath = strdup(path)
        for (index, number) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                if let path = SignalCleanup.pendingPath { unlink(path) }
                SignalCleanup.restore(received)
                raise(received)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, nil, previous + index)
            if isIgnored(previous[index]) { continue }
            sigaction(number, &action, nil)
        }
        installed = true
    }

    static func unregister() {
        if installed {
            for number in signals { restore(number) }
            installed = false
        }
        if let path = pendingPath {
            pendingPath = nil
            free(path)
        }
    }

    /// Puts back the action `number` had before `register`.
    private static func restore(_ number: Int32) {
        guard let index = signals.firstIndex(of: number) else { return }
        sigaction(number, previous + index, nil)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
