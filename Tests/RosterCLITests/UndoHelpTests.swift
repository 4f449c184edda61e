import Testing
@testable import RosterCLI

/// `roster help undo` tells what the README tells of undo: that an
/// import is checked as a whole against other programs' changes.
@Suite("The help for undo and redo")
struct UndoHelpTests {
    @Test("help undo and help redo say that an import's undo refuses after another program's change, naming it")
    func importCheck() throws {
        let formatter = HelpFormatter(parser: RosterCommandLine.parser, width: 10_000)
        let undo = formatter.page(for: try #require(RosterCommandLine.parser.command(named: "undo")))
        let prose = undo.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(prose.contains("undoing an import, or redoing it, refuses when another program wrote a monster after it"), "\(prose)")
        #expect(prose.contains("the sqlite3 shell too"))
        #expect(prose.contains("(Cat-Bot was changed by another program after the import; nothing was undone)"))
        let redo = formatter.page(for: try #require(RosterCommandLine.parser.command(named: "redo")))
        #expect(redo.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    .contains("an import's redo refuses when another program wrote a monster after its undo"))
    }
}
