#if canImport(Glibc)
import Glibc
#endif
import CFileIdentity

/// A roster file with more than one name (hard links) is not written
/// through.
///
/// SQLite pairs a database with its write-ahead log and the log's index
/// by name: `a.db` and `b.db`, two names of one file, get `a.db-wal` and
/// `b.db-wal`. A change written through one name sits in that name's log,
/// which the other name never reads; a checkpoint through the other name
/// then writes pages over it, and the change is lost (or the file reads
/// as damaged). A log or index with another name is the same hazard.
/// So the roster is opened read-only when any of the three has several
/// links, and every write checks again under the write lock, for a link
/// made since.
///
/// A file mounted on its own at a second path (a bind mount of the file,
/// as `docker run -v /srv/roster.db:/data/roster.db` makes) is a second
/// name the link count does not show: it is the root of its mount, which
/// statx(2) tells. Written through only at the path that is not.
enum LinkedFiles {
    /// Why `path` (a roster whose symbolic links are followed) must not be
    /// written, or nil when the file, its log and its index each have one
    /// name.
    static func reason(_ path: String) -> String? {
        for (suffix, role) in [("", nil), ("-wal", "write-ahead log"), ("-shm", "shared-memory file")] as [(String, String?)] {
            var status = stat()
            guard stat(path + suffix, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let what = role.map { "its \($0) \(path + suffix)" } ?? "it"
            if status.st_nlink > 1 {
                return "\(what) has \(status.st_nlink) names (hard links), and SQLite keeps a separate log for each name, so a change made "
                    + "through one would be lost to the other; keep one name (find / -samefile \(path + suffix) lists them)"
            }
            if cfileidentity_is_mount_root(path + suffix) == 1 {
                return "\(what) is mounted on its own at this path (a bind mount of the file, as a container's volume of one file makes), "
                    + "and SQLite keeps a separate log for each path, so a change made through one would be lost to the other; "
                    + "mount the folder that holds it instead"
            }
        }
        return nil
    }
}
