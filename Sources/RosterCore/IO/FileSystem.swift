#if canImport(Glibc)
import Glibc
#endif

/// The few file-system operations the roster needs, over the C library.
public enum FileSystem {
    /// `mkdir -p` for the folder that will hold `path`. Returns the
    /// folders it made, outermost first (none that existed before), so
    /// that a command that fails, or a dry run, can take away exactly
    /// those with `removeFolders`.
    @discardableResult
    public static func createParentDirectories(of path: String) throws(RosterError) -> [String] {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        var current = path.hasPrefix("/") ? "" : "."
        var created: [String] = []
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o755) == 0 {
                created.append(current)
            } else if errno != EEXIST {
                // The folder that cannot be made is the cause, even for a
                // command that writes nothing: say so, not "read-only".
                let failure = IOFailure(operation: "create the folder", path: current, errno: errno)
                removeFolders(created)
                throw .cannotOpen(path: path, reason: failure.description)
            }
        }
        return created
    }

    /// Creates `path` as an empty file, `0666` less the umask; false when
    /// it could not (another program made it first, say: SQLite then
    /// opens that one, or says why not).
    static func createEmptyFile(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o666)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Removes `path` if it is still an empty regular file (one
    /// `createEmptyFile` made, that nothing has written to since).
    static func removeIfEmpty(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size == 0 else { return }
        unlink(path)
    }

    /// Removes folders `createParentDirectories` made, innermost first.
    /// A folder something else has put a file in meanwhile stays.
    public static func removeFolders(_ created: [String]) {
        for folder in created.reversed() where rmdir(folder) != 0 { return }
    }

    /// Whether files can be created in the folder that holds `path`.
    static func canWrite(folderOf path: String) -> Bool {
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        return access(folder, W_OK | X_OK) == 0
    }

    /// Why a roster that SQLite could only open read-only cannot be
    /// written, when the reason is neither the file's nor its folder's
    /// permissions.
    static func whyNotWritable(_ path: String, errno code: Int32) -> String? {
        if code == EMFILE || code == ENFILE { return "too many files are open (ulimit -n is too small)" }
        return companionIsLink(path) ?? companionNotWritable(path)
    }

    /// SQLite names the files it keeps beside a database by adding these.
    static let companionSuffixes = [("-wal", "write-ahead log"), ("-shm", "shared-memory file"), ("-journal", "rollback journal")]

    /// Why no roster may live at `path` when it is the name SQLite gives
    /// another database's log, index or journal (`r.db-wal` beside an
    /// `r.db`): that database's next change would overwrite the roster.
    static func companionOfAnotherFile(_ path: String) -> String? {
        for (suffix, role) in companionSuffixes where path.hasSuffix(suffix) && path.utf8.count > suffix.utf8.count {
            let base = String(path.dropLast(suffix.count))
            var status = stat()
            guard stat(base, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            return "it is the name SQLite gives the \(role) of \(base), whose next change would overwrite a roster there; give the roster another name"
        }
        return nil
    }

    /// Why the roster's write-ahead log or its index cannot be used when
    /// it is not a file: a folder was told as "read-only" and a FIFO as
    /// "disk I/O error". A symbolic link is `whyNotWritable`'s to tell. A
    /// log that is a database of its own (a roster made at that name) is
    /// not SQLite's log: SQLite would ignore it, then overwrite it.
    static func companionNotAFile(_ path: String) -> String? {
        for (suffix, role) in companionSuffixes {
            var status = stat()
            guard lstat(path + suffix, &status) == 0 else { continue }
            let kind: String
            switch status.st_mode & S_IFMT {
            case S_IFREG where suffix != "-shm" && startsLikeADatabase(path + suffix):
                return "its \(role) \(path + suffix) is a SQLite database of its own, not a log; SQLite would overwrite it: move it away first"
            case S_IFREG, S_IFLNK: continue
            case S_IFDIR: kind = "a folder"
            case S_IFIFO: kind = "a FIFO (a named pipe)"
            case S_IFSOCK: kind = "a socket"
            case S_IFCHR, S_IFBLK: kind = "a device"
            default: kind = "not a regular file"
            }
            return "its \(role) \(path + suffix) is \(kind), not a file SQLite can use; remove it, or use another path"
        }
        return nil
    }

    private static func startsLikeADatabase(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        return read == 16 && header == Array("SQLite format 3\0".utf8)
    }

    /// The roster's own file and folder can be writable while its
    /// write-ahead log or shared-memory file is not: a roster shared by a
    /// group, whose `-wal` and `-shm` another member's roster made with
    /// their umask. Saying "read-only" would send the user to the wrong file.
    /// Why SQLite would not open the roster's `-wal` or `-shm`: it is a
    /// symbolic link, which SQLite does not follow for a database's own
    /// files (another program or person made it; roster never does).
    static func companionIsLink(_ path: String) -> String? {
        for (suffix, role) in [("-wal", "write-ahead log"), ("-shm", "shared-memory file")] {
            let companion = path + suffix
            var status = stat()
            guard lstat(companion, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { continue }
            return "its \(role) \(companion) is a symbolic link, which SQLite does not follow for a database's own files; "
                + "remove the link while no roster is running"
        }
        return nil
    }

    static func companionNotWritable(_ path: String) -> String? {
        guard access(path, W_OK) == 0 else { return nil }
        for (suffix, role) in [("-wal", "write-ahead log"), ("-shm", "shared-memory file")] {
            let companion = path + suffix
            var status = stat()
            guard stat(companion, &status) == 0, access(companion, W_OK) != 0, errno == EACCES else { continue }
            let owner = PasswordFile.userName(status.st_uid)
            return "its \(role) \(companion) belongs to \(owner), and this user cannot write it"
        }
        return nil
    }

    /// The process's umask, read from the kernel's `/proc/self/status`
    /// (Linux 4.7 on). `umask()` can only read it by setting it, and the
    /// umask is the whole process's: another thread making a file in that
    /// moment (the interface's background reader, a test beside this one)
    /// would get the mask put there meanwhile. Without /proc, that is the
    /// way left, and the mask is put back at once.
    static func currentUmask() -> mode_t {
        if let mask = umaskFromProc() { return mask }
        let mask = umask(0o077)
        umask(mask)
        return mask
    }

    /// The `Umask:` line of `/proc/self/status`, in octal.
    private static func umaskFromProc() -> mode_t? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
            return mode_t(String(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }), radix: 8)
        }
        return nil
    }

    /// `0777`, as `umask` prints a mask.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What is left to read from `descriptor`, an interrupted read tried
    /// again; the errno of a read that fails. It stops once more than
    /// `limit` bytes are in: the caller tells a file too large by a count
    /// past its limit, rather than reading on for ever (`/dev/zero`).
    public static func readToEnd(_ descriptor: Int32, limit: Int) -> Result<[UInt8], Errno> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Errno(code: errno))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .success(bytes)
    }

    /// The errno of a system call that failed, as an error.
    public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
        public let code: Int32
        /// strerror's wording.
        public var description: String { String(cString: strerror(code)) }
    }

    /// What the symbolic link at `path` points to, as written in it; nil
    /// when `path` is no link.
    public static func linkTarget(_ path: String) -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The environment variable's value, or nil when unset or empty.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The user's home folder: `$HOME`, else the one `/etc/passwd` lists
    /// (read by roster itself: see `PasswordFile`).
    public static func homeDirectory() -> String? {
        // A relative HOME is ignored, as a relative XDG_DATA_HOME is: it
        // would put the roster under whatever folder the command runs in.
        if let home = environment("HOME"), home.hasPrefix("/") { return home }
        guard let home = PasswordFile.entry(uid: getuid())?.home, home.hasPrefix("/") else { return nil }
        return home
    }
}

/// Where the roster database lives: `--db PATH`, else `$ROSTER_DB`, else
/// `$XDG_DATA_HOME/roster/roster.db`, else `~/.local/share/roster/roster.db`.
public enum DatabaseLocation {
    public static func resolve(explicit: String?, environment: (String) -> String? = FileSystem.environment) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment("ROSTER_DB") { return path }
        // The XDG spec says relative values are to be ignored.
        if let dataHome = environment("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            return dataHome + "/roster/roster.db"
        }
        guard let home = environment("HOME").flatMap({ $0.hasPrefix("/") ? $0 : nil }) ?? FileSystem.homeDirectory() else { return nil }
        return home + "/.local/share/roster/roster.db"
    }
}
