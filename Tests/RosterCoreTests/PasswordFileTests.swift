import Foundation
import Testing
@testable import RosterCore

/// roster reads `/etc/passwd` itself rather than through the C library's
/// name service switch, which crashes a static executable.
@Suite("The password file, read by roster")
struct PasswordFileTests {
    @Test("a user is found by uid; comments, NIS lines and malformed lines are skipped")
    func parsing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passwd-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("""
            # comment
            +nis::::::
            broken:x:notanumber:1::/x:/bin/sh
            root:x:0:0:root:/root:/bin/bash
            ann:x:1000:1000:Ann,,,:/home/ann:/bin/zsh
            """.utf8).write(to: URL(fileURLWithPath: path))
        #expect(PasswordFile.entry(uid: 1000, path: path) == PasswordFile.Entry(name: "ann", uid: 1000, home: "/home/ann"))
        #expect(PasswordFile.entry(uid: 0, path: path)?.home == "/root")
        #expect(PasswordFile.entry(uid: 4242, path: path) == nil)
        #expect(PasswordFile.entry(uid: 0, path: path + "-missing") == nil)
        #expect(PasswordFile.userName(4_000_000) == "user 4000000")
    }

    /// Every call that can load a name service module into the static
    /// executable, anywhere in the sources (comments aside).
    @Test("no source calls the C library's user, group or host lookups")
    func noNameServiceCalls() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let forbidden = ["getpwuid", "getpwnam", "getpwent", "getgrgid", "getgrnam", "getgrent", "getgrouplist",
                         "getlogin", "initgroups", "getaddrinfo", "gethostbyname", "gethostbyaddr", "getservbyname",
                         "getspnam", "NSHomeDirectory", "NSUserName", "homeDirectoryForCurrentUser"]
        // The PostgreSQL client looks a host name up through the C library
        // only when nsswitch.conf's hosts line names nothing but files and
        // dns, which a static glibc answers itself, loading no module
        // (`HostResolver.addresses`); otherwise it reads /etc/hosts.
        let allowed: Set<String> = ["PostgresWire/Transport/HostResolver.swift: getaddrinfo"]
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        #expect(files.count > 50)
        for file in files where file.hasSuffix(".swift") || file.hasSuffix(".c") || file.hasSuffix(".h") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for name in forbidden where code.contains(name + "(") && !allowed.contains("\(file): \(name)") {
                    found.append("\(file):\(number + 1): \(name)")
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
