#if canImport(Glibc)
import Glibc
#endif

/// The files an import into a new roster builds beside it
/// (`PATH.importing-PID`, see `NewRoster`) are removed by that import,
/// unless it was killed. The next import into `PATH` removes those whose
/// process has ended, and never those of a process still running: that
/// one may be building its own roster right now.
enum AbandonedImports {
    /// The name a new roster is built under by process `pid`.
    static func buildingPath(for path: String, pid: pid_t) -> String {
        path + ".importing-\(pid)"
    }

    /// Removes the files of imports into `path` whose process is gone, and
    /// any left under this process's own id (a process long gone that had
    /// the same id). Returns the names removed.
    @discardableResult
    static func remove(beside path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let prefix = String(slash.map { path[path.index(after: $0)...] } ?? Substring(path)) + ".importing-"
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        let ownID = getpid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            // `PID`, then nothing or one of SQLite's companion suffixes.
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, ["", "-wal", "-shm", "-journal"].contains(String(rest.dropFirst(digits.count))),
                  let pid = pid_t(digits), pid > 0 else { continue }
            guard pid == ownID || !isRunning(pid) else { continue }
            let full = folder == "/" ? "/" + name : folder + "/" + name
            if unlink(full) == 0 { removed.append(full) }
        }
        return removed
    }

    /// Whether a process with this id exists (one of another user's, which
    /// signals cannot reach, counts too).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
