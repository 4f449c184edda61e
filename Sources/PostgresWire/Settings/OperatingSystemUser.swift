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
            let text = String(decoding: contents, as: UTF8.self)
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                if fields.count > 2, UInt32(fields[2]) == uid, !fields[0].isEmpty {
                    return String(fields[0])
                }
            }
        }
        return String(uid)
    }
}
