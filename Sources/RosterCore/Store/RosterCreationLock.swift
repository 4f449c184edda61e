#if canImport(Glibc)
import Glibc
#endif

/// Tells a roster file roster is making from a file that was already
/// there, empty.
///
/// The default monsters go only into a roster roster makes itself. A file
/// that exists and holds no roster (0 bytes, or a SQLite database without
/// tables: a copy of a roster's file taken while its changes were still in
/// its WAL, a `touch`, a `mktemp`) becomes a roster without them, and says
/// so, rather than showing six monsters its owner never had. But a roster
/// being made by another `roster` at this moment looks the same for a few
/// milliseconds: the file exists before SQLite has written a byte of it.
///
/// So the maker holds an exclusive `flock` on the folder from before it
/// creates the file until the roster in it is whole, and one who finds an
/// empty file waits for a shared hold on the folder before deciding. A
/// folder's lock, not the file's: a process that closes any descriptor of
/// the database file loses every POSIX lock SQLite holds on it. `flock`
/// locks never meet SQLite's `fcntl` ones. A folder that cannot be opened
/// for reading is not locked, and an empty file there is judged at once.
struct RosterCreationLock {
    private let descriptor: Int32

    /// Holds the folder of `path` for making a roster in it, waiting up to
    /// `patience` for another maker; nil when the folder cannot be opened
    /// or stays held.
    static func forMaking(_ path: String, patience milliseconds: Int) -> RosterCreationLock? {
        hold(folderOf: path, LOCK_EX, patience: milliseconds)
    }

    /// Waits, up to `patience`, until nobody is making a roster in the
    /// folder of `path`.
    static func waitForMakers(_ path: String, patience milliseconds: Int) {
        hold(folderOf: path, LOCK_SH, patience: milliseconds)?.release()
    }

    func release() { close(descriptor) }

    private static func hold(folderOf path: String, _ mode: Int32, patience milliseconds: Int) -> RosterCreationLock? {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let deadline = MonotonicMilliseconds.now() + milliseconds
        while flock(descriptor, mode | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, MonotonicMilliseconds.now() < deadline else {
                close(descriptor)
                return nil
            }
            usleep(2_000)
        }
        return RosterCreationLock(descriptor: descriptor)
    }
}
