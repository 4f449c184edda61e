#if canImport(Glibc)
import Glibc
#endif

/// Says when a roster file may have changed, so that an interface at rest
/// sleeps instead of asking `PRAGMA data_version` four times a second.
///
/// On Linux, inotify watches the file, its write-ahead log and its folder:
/// another program's commit writes the log (or the file itself, when it
/// checkpoints or runs without a log), and a file moved, removed or put in
/// the roster's place changes the folder. The kernel then makes one
/// descriptor readable; the interface waits on it in the same `poll()` as
/// the terminal (`ChangeWatch.whenReadable`), and the store's next look
/// (`changeCounter`) empties it. The kernel's word is only "something was
/// written": `data_version` still says whether the roster changed, so the
/// interface's own writes, which wake it too, are not told as another's.
/// Where inotify is missing or refused, there is no notifier, and the
/// interface asks every so often as before.
final class FileChangeNotifier {
    let descriptor: Int32

    init?(path: String) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let fileEvents = UInt32(IN_MODIFY) | UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
        guard inotify_add_watch(descriptor, path, fileEvents) >= 0 else {
            close(descriptor)
            return nil
        }
        // The log is there while any connection (this one) has the file open.
        _ = inotify_add_watch(descriptor, path + "-wal", UInt32(IN_MODIFY))
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        _ = inotify_add_watch(descriptor, folder, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE))
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    /// Reads away what the kernel said, so that the descriptor sleeps
    /// until the next write; whether it had said anything.
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var said = false
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 { said = true }
        return said
    }

    /// How long after the kernel last spoke the store keeps asking every
    /// so often: a writer's log is written (and wakes the watch) before
    /// its commit shows in `data_version`, which SQLite publishes in the
    /// shared memory, unseen by inotify. A look in that moment finds
    /// nothing; the looks that follow find the commit.
    static let settlingMilliseconds = 600

    deinit { close(descriptor) }
}
