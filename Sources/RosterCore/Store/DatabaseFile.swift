#if canImport(Glibc)
import Glibc
#endif

/// What the bytes of a database file say before SQLite is asked to open
/// it. SQLite opens lazily and happily treats a truncated file as valid
/// until it reads the missing pages, so the header is checked first.
enum DatabaseFile {
    enum State: Equatable {
        /// No file at the path.
        case missing
        /// A file of zero bytes: a database not yet written.
        case empty
        /// Starts like a SQLite database, and is as long as its header says.
        case sqlite
        /// Not a SQLite database.
        case notSQLite
        /// A SQLite header, but shorter than the pages it declares.
        case truncated
    }

    /// `inspect`, but a file that looks truncated or foreign while another
    /// process holds SQLite's locks on it (a roster being created by a
    /// second `roster` at the same moment, its pages half written) is
    /// looked at again once the locks are gone, for up to `patience`.
    static func inspectSettled(_ path: String, patience milliseconds: Int) throws(RosterError) -> State {
        var state = try inspect(path)
        var waited = 0
        while state == .truncated || state == .notSQLite, waited < milliseconds {
            let locked = isLockedBySQLite(path)
            // The writer may have finished the file and let go of its lock
            // between the look and the test of the lock: a file seen unlocked
            // is looked at once more, or a finished roster is called damaged.
            state = try inspect(path)
            guard locked, state == .truncated || state == .notSQLite else { break }
            usleep(10_000)
            waited += 10
        }
        return state
    }

    /// Whether some process holds a lock in the byte range SQLite locks
    /// (from its "pending byte" at 1 GiB): someone is reading or writing.
    static func isLockedBySQLite(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0x4000_0000
        lock.l_len = 512
        guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    static func inspect(_ path: String) throws(RosterError) -> State {
        // Non-blocking: opening a FIFO for reading would otherwise wait
        // for a writer forever. A FIFO or a device is refused below, on
        // the descriptor, before SQLite could create a journal beside it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if descriptor < 0 {
            switch errno {
            case ENOENT: return .missing
            case EACCES: throw RosterError.cannotOpen(path: path, reason: "permission denied")
            default: throw RosterError.cannotOpen(path: path, reason: IOFailure(operation: "open", path: path, errno: errno).reason)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RosterError.cannotOpen(path: path, reason: IOFailure(operation: "read", path: path, errno: errno).reason)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw RosterError.cannotOpen(path: path, reason: "it is a folder")
        case S_IFIFO: throw RosterError.cannotOpen(path: path, reason: "it is a FIFO (a named pipe), not a file")
        case S_IFCHR: throw RosterError.cannotOpen(path: path, reason: "it is a character device, not a file")
        case S_IFBLK: throw RosterError.cannotOpen(path: path, reason: "it is a block device, not a file")
        case S_IFSOCK: throw RosterError.cannotOpen(path: path, reason: "it is a socket, not a file")
        default: throw RosterError.cannotOpen(path: path, reason: "it is not a regular file")
        }
        if isKernelInterface(path) {
            throw RosterError.cannotOpen(path: path, reason: "it is one of the kernel's files in /proc or /sys, not a file that can hold a roster")
        }
        let size = Int(status.st_size)
        if size == 0 { return .empty }
        guard size >= 100 else { return .notSQLite }

        var header = [UInt8](repeating: 0, count: 100)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard read == 100 else { return .notSQLite }
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else { return .notSQLite }

        func bigEndian(_ offset: Int, _ count: Int) -> Int {
            header[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return .notSQLite }
        // The page count is only trusted when the change counter matches
        // "version-valid-for", as SQLite itself does.
        let pageCount = bigEndian(28, 4)
        let headerCountValid = pageCount > 0 && bigEndian(24, 4) == bigEndian(92, 4)
        // With a write-ahead log beside it, the file alone is not the
        // database: a checkpoint cut short (a full disk, a kill) leaves a
        // header that already counts pages only the log holds. SQLite
        // replays the log when it opens the file, and its first read
        // judges it.
        if hasWriteAheadLog(path) { return .sqlite }
        // The size is taken again, after the header and the log were
        // looked at: another program's last checkpoint writes the new
        // header first and grows the file after, then deletes the log. A
        // size from before the header would make that roster look cut off.
        guard fstat(descriptor, &status) == 0 else {
            throw RosterError.cannotOpen(path: path, reason: IOFailure(operation: "read", path: path, errno: errno).reason)
        }
        let settledSize = Int(status.st_size)
        if settledSize < pageSize || (headerCountValid && settledSize < pageCount * pageSize) {
            return .truncated
        }
        return .sqlite
    }

    /// Whether the file is one of the kernel's in /proc or /sys
    /// (`/proc/self/mem`): regular files there say they are empty, so they
    /// would look like a new roster, and SQLite would only fail later
    /// with "disk I/O error". Judged by where the path really leads.
    private static func isKernelInterface(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return real.hasPrefix("/proc/") || real.hasPrefix("/sys/")
    }

    /// Whether `PATH-wal` is there and holds more than its 32-byte header.
    private static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        guard stat(path + "-wal", &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 32
    }
}
