import Foundation
import Testing

/// `script/package`, with the binary the tests built (the release build
/// and lintian are checked by hand: see the README's Install section).
@Suite("The Debian package")
struct PackageTests {
    @Test("the package holds the binary, manual page, completions and copyright, and depends on nothing")
    func contents() throws {
        let sandbox = try Sandbox()
        let output = sandbox.directory.appendingPathComponent("out")
        let build = try sandbox.run(InstallTests.repository.appendingPathComponent("script/package").path, [output.path],
                                    environment: ["ROSTER_BINARY": Sandbox.binary.path, "SOURCE_DATE_EPOCH": "1764547200"])
        try #require(build.status == 0, "\(build.stderr)")
        let deb = build.stdout.trimmingCharacters(in: .newlines)
        #expect(deb.hasSuffix("/roster_0.1.0_\(try sandbox.run("/usr/bin/dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .newlines)).deb"))

        let listing = try sandbox.run("/usr/bin/dpkg-deb", ["-c", deb]).stdout
        let files = listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        for path in ["./usr/bin/roster", "./usr/share/man/man1/roster.1.gz", "./usr/share/bash-completion/completions/roster",
                     "./usr/share/zsh/vendor-completions/_roster", "./usr/share/fish/vendor_completions.d/roster.fish",
                     "./usr/share/doc/roster/copyright", "./usr/share/doc/roster/changelog.gz"] {
            #expect(files.contains(path), "\(path) is not in the package: \(files)")
        }
        #expect(listing.split(separator: "\n").allSatisfy { $0.contains("root/root") })

        let control = try sandbox.run("/usr/bin/dpkg-deb", ["-f", deb]).stdout
        #expect(control.contains("Package: roster\n") && control.contains("Version: 0.1.0\n"))
        #expect(!control.contains("Depends:"), "\(control)")

        // The manual page in the package is the one the binary writes.
        let unpacked = sandbox.directory.appendingPathComponent("unpacked").path
        #expect(try sandbox.run("/usr/bin/dpkg-deb", ["-x", deb, unpacked]).status == 0)
        let page = try sandbox.run("/bin/sh", ["-c", "gzip -dc \"$0\"", unpacked + "/usr/share/man/man1/roster.1.gz"]).stdout
        let written = try sandbox.roster(["manual-page"], environment: ["SOURCE_DATE_EPOCH": "1764547200"]).stdout
        #expect(page == written)
    }
}
