import Testing
@testable import RosterCLI

/// The argument layer knows no program: everything it writes about one
/// comes from the declarations and the description handed to it.
@Suite("A program described to the argument layer")
struct ProgramDescriptionTests {
    let parser = ArgumentParser(
        program: ProgramDescription(
            name: "tally",
            summary: "count things by kind",
            introduction: "With no command, tally counts standard input.",
            helpPointer: "See `tally help COMMAND`.",
            description: "tally counts the lines it is given.",
            exitStatuses: [(0, "counted"), (64, "called wrongly")],
            environment: [("TALLY_FILE", "where the counts are kept")],
            files: [("~/.tally", "the counts")],
            seeAlso: [("wc", 1)]),
        commands: [CommandSpec(name: "count", abstract: "count the lines of a file",
                               arguments: [ArgumentSpec("FILE", "the file to count", completion: .files)]) { _ in .success }])

    @Test("help, the manual page and every completion script are worded for that program alone")
    func wordedForTheProgram() throws {
        let formatter = HelpFormatter(parser: parser)
        let overview = formatter.overview(version: "2.0")
        #expect(overview.hasPrefix("tally 2.0: count things by kind.\n\nUsage:\n  tally [COMMAND] [ARGUMENTS…]\n\n"
                                   + "With no command, tally counts standard input.\n"))
        #expect(overview.contains("--version  print tally's version"))
        #expect(overview.hasSuffix("\nSee `tally help COMMAND`.\n"))
        let count = try #require(parser.command(named: "count"))
        #expect(formatter.page(for: count).hasPrefix("tally count: count the lines of a file\n\nUsage:\n  tally count FILE\n"))

        let page = ManualPage(parser: parser, version: "2.0", date: "2026-01-02", writtenBy: "tally manual").text
        #expect(page.hasPrefix(".\\\" tally(1), written by `tally manual` from the command declarations.\n"
                               + ".TH TALLY 1 2026-01-02 \"tally 2.0\" \"User Commands\"\n.SH NAME\ntally \\- count things by kind\n"))
        for part in [".SH DESCRIPTION\ntally counts the lines it is given.\n", ".SH EXIT STATUS\n.TP\n.B 0\ncounted\n.TP\n.B 64\n",
                     ".SH ENVIRONMENT\n.TP\n.B \\%TALLY_FILE\nwhere the counts are kept\n",
                     ".SH FILES\n.TP\n.I \\%~/.tally\nthe counts\n", ".SH SEE ALSO\n.BR wc (1)\n"] {
            #expect(page.contains(part), "the page lacks \(part)")
        }

        let scripts = CompletionScripts(parser: parser)
        for shell in ["bash", "zsh", "fish"] {
            let script = try #require(scripts.script(for: shell))
            #expect(script.contains("tally"), "\(shell)")
            #expect(!script.lowercased().contains("roster"), "\(shell) names roster")
        }
        #expect(!(overview + page).lowercased().contains("roster"))
    }
}
