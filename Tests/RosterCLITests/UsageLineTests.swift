import Testing
@testable import RosterCLI

/// A usage line names every option that means something to the command:
/// its own, and the program's global ones it uses (`--db`).
@Suite("Usage lines")
struct UsageLineTests {
    let parser = RosterCommandLine.parser

    @Test("usage lines name the global options a command uses, and only those")
    func usageNamesGlobalOptions() throws {
        let formatter = HelpFormatter(parser: parser, width: 80)
        let list = try #require(parser.command(named: "list"))
        #expect(formatter.usageLines(for: list) == [
            "roster list [--weapon W] [--where EXPR]… [--sort FIELDS] [--fields FIELDS] [--format FORMAT] [--header] [--db PATH]",
        ])
        let setWeapon = try #require(parser.command(named: "set-weapon"))
        #expect(formatter.usageLines(for: setWeapon).allSatisfy { $0.hasSuffix(" [--db PATH]") })
        let help = try #require(parser.command(named: "help"))
        #expect(formatter.usageLines(for: help) == ["roster help [TOPIC]"])
        #expect(!formatter.page(for: help).contains("--db"))
        #expect(formatter.page(for: list).contains("--db PATH"))
    }
}
