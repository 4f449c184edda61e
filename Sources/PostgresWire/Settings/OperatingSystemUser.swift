#if canImport(Glibc)
import Glibc
#endif

/// The OS user's name, libpq's default role name, found without NSS: a
/// static glibc program must never call getpwuid or getlogin, which load
/// NSS modules it cannot have. So: $USER, else $LOGNAME, else the line of
/// /etc/passwd with our uid (read here, not through NSS), else the uid
/// itself as a number.
public enum OperatingSystemUser {
    public static func name(environment: [String: String], passwdPath: String = "/etc/passwd") -> String {
        for variable in ["USER", "LOGNAME"] {
            if let name = environment[variable], !name.isEmpty { return name }
        }
        let uid = getuid()
        if let contents = readWholeFile(passwdPath) {
            // As bytes: split as Characters, a long passwd file cost a
            // `set-weapon` without USER several percent of its CPU.
            for line in contents.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
                if fields.count > 2, UInt32(String(decoding: fields[2], as: UTF8.self)) == uid, !fields[0].isEmpty {
                    return String(decoding: fields[0], as: UTF8.self)
                }
            }
        }
        return String(uid)
    }
}
