import Foundation
import Testing

/// `script/install` and `script/uninstall`, run as a user would, with the
/// binary the tests built (ROSTER_BINARY) so that no release build is needed.
@Suite("Installing and uninstalling", .serialized)
struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every path under `root`, relative to it, with folders marked.
    func tree(_ root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        return walker.compactMap { item -> String? in
            guard let url = item as? URL else { return nil }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            return String(url.path.dropFirst(root.path.count)) + (isFolder ? "/" : "")
        }.sorted()
    }

    func script(_ sandbox: Sandbox, _ name: String, _ arguments: [String],
                environment: [String: String] = [:]) throws -> RosterRun {
        try sandbox.run(Self.repository.appendingPathComponent("script/\(name)").path, arguments,
                        environment: ["ROSTER_BINARY": Sandbox.binary.path].merging(environment) { $1 })
    }

    @Test("install puts the binary, manual page and completions in PREFIX; uninstall leaves PREFIX as it was")
    func installAndUninstall() throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.directory.appendingPathComponent("prefix with space")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("someone else's\n".utf8).write(to: prefix.appendingPathComponent("bin/other"))
        let before = tree(prefix)

        let install = try script(sandbox, "install", [prefix.path])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = Set(tree(prefix)).subtracting(before)
        for path in ["/bin/roster", "/share/man/man1/roster.1", "/share/bash-completion/completions/roster",
                     "/share/zsh/site-functions/_roster", "/share/fish/vendor_completions.d/roster.fish",
                     "/share/roster/install-manifest"] {
            #expect(installed.contains(path), "\(path) was not installed: \(installed.sorted())")
        }

        // The installed binary works from another folder; man finds the page.
        let version = try sandbox.run(prefix.appendingPathComponent("bin/roster").path, ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("roster "))
        let man = try sandbox.run("/usr/bin/man", ["roster"],
                                  environment: ["MANPATH": prefix.appendingPathComponent("share/man").path, "MANPAGER": "cat"])
        #expect(man.status == 0 && man.stdout.contains("EXIT STATUS"), "\(man.stderr)")
        let bash = try sandbox.run("/bin/bash", ["-c", "source \"$0\" && complete -p roster",
                                                 prefix.appendingPathComponent("share/bash-completion/completions/roster").path])
        #expect(bash.status == 0 && bash.stdout.contains("roster"), "\(bash.stderr)")

        let uninstall = try script(sandbox, "uninstall", [prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(tree(prefix) == before)
        #expect(try String(contentsOf: prefix.appendingPathComponent("bin/other"), encoding: .utf8) == "someone else's\n")
    }

    @Test("install says when bash-completion will not find the completion, and not when it will")
    func bashCompletionFolder() throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.directory.appendingPathComponent("prefix")
        let folder = prefix.appendingPathComponent("share/bash-completion/completions").path
        let unseen = try script(sandbox, "install", [prefix.path], environment: ["XDG_DATA_DIRS": "/usr/local/share:/usr/share"])
        #expect(unseen.status == 0, "\(unseen.stderr)")
        #expect(unseen.stderr.contains("note: bash-completion does not look in \(folder); add \(prefix.path)/share to XDG_DATA_DIRS"), "\(unseen.stderr)")
        _ = try script(sandbox, "uninstall", [prefix.path])
        let seen = try script(sandbox, "install", [prefix.path], environment: ["XDG_DATA_DIRS": "/usr/share:\(prefix.path)/share/"])
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(!seen.stderr.contains("note: bash-completion"), "\(seen.stderr)")
        _ = try script(sandbox, "uninstall", [prefix.path])
    }

    @Test("installing twice, then uninstalling once, still removes every folder the first install made")
    func installTwice() throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.directory.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        #expect(try script(sandbox, "install", [prefix.path]).status == 0)
        #expect(try script(sandbox, "install", [prefix.path]).status == 0)
        #expect(try script(sandbox, "uninstall", [prefix.path]).status == 0)
        #expect(tree(prefix).isEmpty, "left behind: \(tree(prefix))")
    }

    @Test("uninstall keeps a file changed since it was installed, names it, and fails")
    func changedFileKept() throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.directory.appendingPathComponent("prefix")
        #expect(try script(sandbox, "install", [prefix.path]).status == 0)
        let edited = prefix.appendingPathComponent("share/zsh/site-functions/_roster")
        try Data("# my own\n".utf8).write(to: edited)
        let uninstall = try script(sandbox, "uninstall", [prefix.path])
        #expect(uninstall.status == 1)
        #expect(uninstall.stderr.contains("kept \(edited.path)"), "\(uninstall.stderr)")
        #expect(tree(prefix) == ["/share/", "/share/zsh/", "/share/zsh/site-functions/", "/share/zsh/site-functions/_roster"])
    }

    @Test("uninstall with nothing installed says so and changes nothing")
    func nothingInstalled() throws {
        let sandbox = try Sandbox()
        let run = try script(sandbox, "uninstall", [sandbox.directory.path])
        #expect(run.status == 66)
        #expect(run.stderr.contains("nothing was installed"), "\(run.stderr)")
    }

    @Test("a user who is not root gets ~/.local by default")
    func userDefault() throws {
        let sandbox = try Sandbox()
        let home = sandbox.directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The binary is copied where the unprivileged user can read it.
        let binary = sandbox.directory.appendingPathComponent("roster")
        try FileManager.default.copyItem(at: Sandbox.binary, to: binary)
        for path in [sandbox.directory.path, home.path] {
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
        }
        let asUser = ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=\(home.path)", "ROSTER_BINARY=\(binary.path)"]
        let install = try sandbox.run("/usr/bin/setpriv", asUser + [Self.repository.appendingPathComponent("script/install").path])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: home.appendingPathComponent(".local/bin/roster").path))
        let uninstall = try sandbox.run("/usr/bin/setpriv", asUser + [Self.repository.appendingPathComponent("script/uninstall").path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(tree(home).isEmpty, "left behind: \(tree(home))")
    }
}
