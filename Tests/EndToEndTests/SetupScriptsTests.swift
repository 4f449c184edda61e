import Foundation
import Testing

/// `script/roster` and `script/bootstrap` as a new user meets them, run
/// on a copy of the scripts with stand-ins for the build and for Debian's
/// tools, so that what they decide is checked without a real build or apt.
@Suite("The set-up scripts")
struct SetupScriptsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A tree with the real scripts, a source file, and stand-ins.
    static func tree(_ sandbox: Sandbox) throws -> URL {
        let root = sandbox.directory.appendingPathComponent("tree")
        let manager = FileManager.default
        for folder in ["script", "Sources", "Plugins", "Data", ".build/release", "bin"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for script in ["roster", "bootstrap"] {
            try manager.copyItem(at: repository.appendingPathComponent("script/\(script)"),
                                 to: root.appendingPathComponent("script/\(script)"))
        }
        try write("// the package\n", to: root.appendingPathComponent("Package.swift"))
        try write("let source = 1\n", to: root.appendingPathComponent("Sources/main.swift"))
        // The build records that it ran and makes a binary that says it ran.
        try write("""
            #!/bin/sh
            echo built >> "\(root.path)/builds"
            printf '#!/bin/sh\\necho "roster $*"\\n' > "\(root.path)/.build/release/roster"
            chmod +x "\(root.path)/.build/release/roster"
            echo "\(root.path)/.build/release/roster"
            """, to: root.appendingPathComponent("script/build"), executable: true)
        return root
    }

    static func write(_ text: String, to url: URL, executable: Bool = false) throws {
        try Data(text.utf8).write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
    }

    static func builds(_ root: URL) -> Int {
        ((try? String(contentsOf: root.appendingPathComponent("builds"), encoding: .utf8)) ?? "")
            .split(separator: "\n").count
    }

    @Test("script/roster builds when the binary is missing or older than a source, and otherwise starts at once")
    func buildsOnlyWhenNeeded() throws {
        let sandbox = try Sandbox()
        let root = try Self.tree(sandbox)
        let script = root.appendingPathComponent("script/roster").path
        let first = try sandbox.run(script, ["list"])
        #expect(first.status == 0 && first.stdout == "roster list\n", "\(first.stderr)")
        #expect(Self.builds(root) == 1)
        let again = try sandbox.run(script, ["show", "Cat-Bot"])
        #expect(again.stdout == "roster show Cat-Bot\n")
        #expect(Self.builds(root) == 1, "an up-to-date binary runs without a build")
        // A source changed after the binary was made.
        let binary = root.appendingPathComponent(".build/release/roster")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: binary.path)
        _ = try sandbox.run(script, [])
        #expect(Self.builds(root) == 2)
        _ = try sandbox.run(script, [])
        #expect(Self.builds(root) == 2)
    }

    /// Stand-ins for swift, dpkg-query (nothing is installed) and apt-get
    /// (records its arguments, prints as apt does, fails when asked to).
    static func fakeDebian(_ root: URL, aptFails: Bool = false) throws -> [String: String] {
        let bin = root.appendingPathComponent("bin")
        try write("#!/bin/sh\nexit 0\n", to: bin.appendingPathComponent("swift"), executable: true)
        try write("#!/bin/sh\nexit 1\n", to: bin.appendingPathComponent("dpkg-query"), executable: true)
        try write("""
            #!/bin/sh
            echo "$*" >> "\(root.path)/apt"
            echo "Selecting previously unselected package zsh."
            \(aptFails ? "echo 'E: Unable to locate package zsh' >&2; exit 100" : "exit 0")
            """, to: bin.appendingPathComponent("apt-get"), executable: true)
        try write("#!/bin/sh\nexec \"$@\"\n", to: bin.appendingPathComponent("sudo"), executable: true)
        return ["PATH": bin.path + ":/usr/bin:/bin"]
    }

    @Test("bootstrap installs only what building needs, saying so in one line; --test adds the tests' tools")
    func bootstrapSaysWhatItInstalls() throws {
        let sandbox = try Sandbox()
        let root = try Self.tree(sandbox)
        let environment = try Self.fakeDebian(root)
        let script = root.appendingPathComponent("script/bootstrap").path
        let build = try sandbox.run(script, [], environment: environment)
        #expect(build.status == 0)
        #expect(build.stdout.isEmpty)
        #expect(build.stderr == "Installing libsqlite3-dev libpng-dev zlib1g-dev libssl-dev pkg-config from Debian (to build roster)…\n")
        let apt = try String(contentsOf: root.appendingPathComponent("apt"), encoding: .utf8)
        #expect(apt.contains("install -y -qq --no-install-recommends libsqlite3-dev libpng-dev zlib1g-dev libssl-dev pkg-config\n"))
        #expect(!apt.contains("zsh") && !apt.contains("fish") && !apt.contains("tmux"))
        let test = try sandbox.run(script, ["--test"], environment: environment)
        #expect(test.stderr == "Installing libsqlite3-dev libpng-dev zlib1g-dev libssl-dev pkg-config sqlite3 tmux zsh fish strace man-db groff-base mandoc postgresql-15 from Debian (to build and test roster)…\n")
    }

    @Test("when apt fails, its output is shown after all, and the status says so")
    func bootstrapShowsAptOnFailure() throws {
        let sandbox = try Sandbox()
        let root = try Self.tree(sandbox)
        let run = try sandbox.run(root.appendingPathComponent("script/bootstrap").path, [],
                                  environment: try Self.fakeDebian(root, aptFails: true))
        #expect(run.status == 1)
        #expect(run.stderr.contains("E: Unable to locate package zsh\n"))
        #expect(run.stderr.hasSuffix("failed; apt-get's output is above.\n"))
    }
}
