#if canImport(Glibc)
import Glibc
#endif

/// A file written whole or not at all: the bytes go to a temporary file
/// beside the target, which is flushed to disk and renamed over the target
/// only when everything was written. A failed or interrupted write removes
/// the temporary file (Ctrl-C and SIGTERM included) and leaves any existing
/// target as it was.
public final class AtomicFile {
    public let path: String
    public let output: ByteOutput
    private let temporaryPath: String
    private var finished = false

    /// Creates the temporary file. Throws when the folder cannot be written.
    public init(path: String) throws(IOFailure) {
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
