#if canImport(Glibc)
import Glibc
#endif

/// Users as `/etc/passwd` lists them, read by roster itself.
///
/// The C library's `getpwuid` asks the name service switch, which loads
/// the modules `/etc/nsswitch.conf` names (`passwd: files systemd` on
/// Debian, and `sss`, `ldap` elsewhere) with `dlopen`. roster ships as
/// one static executable, and a static glibc that loads such a module
/// crashes (SIGSEGV): any user not listed in `/etc/passwd` (from LDAP,
/// SSSD, systemd's dynamic users, a container's uid) made it crash. So
/// roster never calls `getpw*`, `getgr*`, `getlogin`, `initgroups` or
/// `getaddrinfo` through NSS; it reads the file itself, and a user the
/// file does not list is named by number (`user 4242`).
enum PasswordFile {
    struct Entry: Equatable {
        let name: String
        let uid: UInt32
        let home: String
    }

    /// The file is read whole up to this size; a longer one is read no
    /// further (the users past it are named by number).
    static let sizeLimit = 16 << 20

    /// The entry `/etc/passwd` (or `path`) lists for `uid`, if any.
    static func entry(uid: UInt32, path: String = "/etc/passwd") -> Entry? {
        guard let text = read(path) else { return nil }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let entry = parse(line), entry.uid == uid { return entry }
        }
        return nil
    }

    /// `name:password:uid:gid:gecos:home:shell`; nil for a comment, a
    /// NIS compat line (`+`, `-`) or a malformed one.
    static func parse(_ line: Substring) -> Entry? {
        guard let first = line.first, first != "#", first != "+", first != "-" else { return nil }
        let fields = line.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count >= 7, !fields[0].isEmpty, let uid = UInt32(fields[2]) else { return nil }
        return Entry(name: String(fields[0]), uid: uid, home: String(fields[5]))
    }

    /// The user's name for messages: its name in the file, else `user N`.
    static func userName(_ uid: UInt32) -> String {
        entry(uid: uid)?.name ?? "user \(uid)"
    }

    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // What a failed read left unread is as good as absent.
        let bytes = (try? FileSystem.readToEnd(descriptor, limit: sizeLimit).get()) ?? []
        return String(decoding: bytes.prefix(sizeLimit), as: UTF8.self)
    }
}
