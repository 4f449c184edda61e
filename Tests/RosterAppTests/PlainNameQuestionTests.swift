import Testing
@testable import RosterApp
@testable import RosterCore

/// A lone q at a name's prompt is asked about, not taken as the name: q
/// quits at the command prompt, and a person refused a taken name reaches
/// for it to get out.
@Suite("q at the plain roster's name prompts")
struct PlainNameQuestionTests {
    typealias Conversation = PlainSessionTests.Conversation

    @Test("after a name clash, q leaves the question unless the person says yes; the session goes on")
    func renameClashThenQ() throws {
        let session = try Conversation(["1", "name", "Dog-Bot", "q", "", "name", "q", "y"])
        try session.run()
        let lines = session.lines
        #expect(lines.contains { $0.hasPrefix("A monster named “Dog-Bot” already exists") }, "\(lines)")
        #expect(lines.contains("Rename Cat-Bot to “q”? Type y to use q as the name; anything else leaves the question:"), "\(lines)")
        #expect(lines.contains("Nothing changed; Cat-Bot's name is still Cat-Bot."), "\(lines)")
        #expect(try session.store.find("q")?.id == 1, "the second time the person said yes")
        #expect(lines.last == "End of input; goodbye.", "q at the name prompt did not end the session")
    }

    @Test("q as a new monster's name is asked about too; the one-line name command takes it as it is")
    func addAndOneLine() throws {
        let session = try Conversation(["add", "q", "no", "1", "name q"])
        try session.run()
        #expect(session.lines.contains("Name the new monster “q”? Type y to use q as the name; anything else leaves the question:"))
        #expect(session.lines.contains("Nothing was added."))
        #expect(try session.store.count() == 6)
        #expect(try session.store.find("q")?.id == 1, "name q on the command line is deliberate")
    }
}
