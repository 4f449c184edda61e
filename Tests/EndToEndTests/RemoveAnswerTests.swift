import Foundation
import Testing
import TestSupport

/// `remove`'s question took any answer starting with y (`yikes`, `y no`);
/// the plain roster and the interface were strict. One rule now: `y` or
/// `yes`, in any case.
@Suite("The answer to remove's question")
struct RemoveAnswerTests {
    @Test("only y or yes removes", arguments: [("yikes", false), ("y no", false), ("yes", true), (" Y ", true), ("n", false)])
    func answer(_ typed: String, _ removes: Bool) throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "remove", "Dog-Bot"],
                                            environment: ["HOME": sandbox.directory.path])
        try #require(program.terminal.waitFor("Remove Dog-Bot? [y/N]"), "\(program.terminal.transcriptText)")
        program.terminal.type(typed + "\r")
        #expect(program.waitForChange() == .exited(0), "\(program.terminal.transcriptText)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE id = 2") == (removes ? "0" : "1"), "\(typed)")
    }
}
