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

    @Test("a question about many monsters counts them and names the first few, where it listed every one")
    func manyCounted() throws {
        let sandbox = try Sandbox()
        for index in 1...6 { _ = try sandbox.roster("add", "Extra-\(index)", "--weapon", "fire") }
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "remove", "--where", "id>0"],
                                            environment: ["HOME": sandbox.directory.path])
        let question = "Remove these 12 monsters (Cat-Bot, Dog-Bot, Explode-Bot, Fire-Bot, Ice-Bot, Mini-Tomato-Bot, Extra-1, Extra-2 and 4 more)? [y/N]"
        try #require(program.terminal.waitFor(question), "\(program.terminal.transcriptText)")
        program.terminal.type("n\r")
        #expect(program.waitForChange() == .exited(0), "\(program.terminal.transcriptText)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "12")
    }
}
