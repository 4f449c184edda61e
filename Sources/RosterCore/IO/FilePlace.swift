#if canImport(Glibc)
import Glibc
#endif

/// Where a file is, told by identity rather than by spelling: the device
/// and inode of the folder that holds it (or will hold it) and its name
/// in that folder.
///
/// Two spellings of one place (`r.db`, `./r.db`, `nosuch/../r.db` once
/// `nosuch` exists, `/abs/link-to-folder/r.db`) have one place, and a
/// file not there yet has a place too, which a check by the file's own
/// inode cannot give: `export -o nosuch/../r.db-wal` named the roster's
/// log before the log was there under that spelling. The place is only
/// meaningful once the folders on the way exist, so callers make them
/// first and take the place after.
struct FilePlace: Hashable {
    let device: UInt64
    let folderInode: UInt64
    let name: String

    /// The place of `path`, its folder looked up now; nil when the folder
    /// is not there, or the last component names no file (`.`, `..`).
    init?(_ path: String) {
        let trimmed = path.hasSuffix("/") ? "" : path
        let slash = trimmed.lastIndex(of: "/")
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let folder = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        var status = stat()
        guard stat(folder, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        folderInode = UInt64(status.st_ino)
        self.name = name
    }
}

/// A file's own identity: its device and inode. Two names for one file
/// (a hard link, a symbolic link, another spelling) have one identity.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file `path` leads to; nil when there is none.
    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
