import Testing

@Suite("An emptied description, as a person reads it")
struct EmptyDescriptionTests {
    @Test("edit, history and undo say the description was none, in the same words")
    func clearedDescription() throws {
        let sandbox = try Sandbox()
        let cleared = try sandbox.roster("edit", "Cat-Bot", "--description", "")
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stderr == "changed Cat-Bot: description `MEE-OW` → (none)\n")
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE id = 1") == "")
        let history = try sandbox.roster("history", "--limit", "1")
        #expect(history.stdout.hasSuffix("\tedit\t\tCat-Bot: description `MEE-OW` → (none)\tdone\n"), "\(history.stdout)")
        let undo = try sandbox.roster("undo")
        #expect(undo.stderr.hasPrefix("undid edit Cat-Bot: description `MEE-OW` → (none)"), "\(undo.stderr)")
        let refilled = try sandbox.roster("edit", "Dog-Bot", "--description", "", "--dry-run")
        #expect(refilled.stderr.hasPrefix("would change Dog-Bot: description `BOW-WOW` → (none)\n"), "\(refilled.stderr)")
    }
}
