#if canImport(Glibc)
import Glibc
#endif

/// A file written whole or not at all: the bytes go to a temporary file
/// beside the target, which is flushed to disk and renamed over the target
/// only when everything was written. A failed or interrupted write removes
/// the temporary file (Ctrl-C and SIGTERM included) and leaves any existing
/// target as it was. A target that is a symbolic link is written through:
/// the file it points to is replaced and the link stays, as `>` would do.
public final class AtomicFile {
    public let path: String
    public let output: ByteOutput
    private let temporaryPath: String
    private var finished = false

    /// Creates the temporary file. Throws when the folder cannot be written.
    public init(path requested: String) throws(IOFailure) {
        let path = Self.followingLinks(requested)
        self.path = path
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(base).roster-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw IOFailure(operation: "create a file in", path: directory.isEmpty ? "." : directory, errno: errno)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        output = ByteOutput(fileDescriptor: descriptor, name: path, capacity: 1 << 18)
        SignalCleanup.register(temporaryPath)
    }

    deinit {
        if !finished { discard() }
    }

    /// Flushes, syncs and renames into place, with the permissions an
    /// ordinary new file would get (or the replaced file's).
    public func commit() throws(IOFailure) {
        do throws(IOFailure) {
            try output.flush()
            var status = stat()
            let mode: mode_t
            if stat(path, &status) == 0 {
                mode = status.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
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
    /// the user meant rather than the link.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, target.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let directory = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = directory + destination
            }
        }
        return current
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(output.fileDescriptor)
        unlink(temporaryPath)
        SignalCleanup.unregister()
    }
}

/// Removes one temporary file when SIGINT, SIGTERM or SIGHUP arrives, then
/// lets the signal end the process as it would have. The path is copied to
/// C memory up front: the handler calls only `unlink`, `signal` and
/// `raise`, which are async-signal-safe. A signal the process was started
/// ignoring (a background job's SIGINT) stays ignored.
enum SignalCleanup {
    nonisolated(unsafe) private static var pendingPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var ignored: Set<Int32> = []
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func register(_ path: String) {
        unregister()
        pendingPath = strdup(path)
        for number in signals {
            let previous = signal(number) { received in
                if let path = SignalCleanup.pendingPath { unlink(path) }
                signal(received, SIG_DFL)
                raise(received)
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)
                ignored.insert(number)
            }
        }
    }

    static func unregister() {
        for number in signals { signal(number, ignored.contains(number) ? SIG_IGN : SIG_DFL) }
        if let path = pendingPath {
            pendingPath = nil
            free(path)
        }
    }
}
