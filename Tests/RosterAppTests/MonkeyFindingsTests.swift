import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Sequences the randomized walk found (script/monkey), shrunk, each now
/// a test of its own.
@Suite("What the monkey found")
struct MonkeyFindingsTests {
    @Test("a monster added while a filter hides its name clears the filter, so its fields stay in sight")
    func addedUnderAFilter() throws {
        // key /, key /, resize 69×24, key n, key ?, key Tab
        let roster = try RosterScreenHarness(width: 80, height: 24)
        roster.press(.character("/")).type("/")
        roster.interface.resize(to: Size(width: 69, height: 24))
        roster.press(.character("n")).type("?").press(.tab)
        #expect(roster.editingLabel == "Description")
        #expect(try roster.monster("?") != nil)
        #expect(roster.interface.controller.selected?.name == "?")
        #expect(!roster.interface.controller.list.isFiltering)
        let field = try #require(roster.interface.screen.details.editingField)
        _ = roster.screen
        #expect(field.isVisible)
    }

    @Test("renaming a monster so the filter no longer matches it keeps it selected")
    func renamedOutOfTheFilter() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("cat").press(.enter)
        try roster.edit("Name")
        roster.press(.control("u")).type("Tabby").press(.tab)
        #expect(roster.editingLabel == "Description")
        #expect(roster.interface.controller.selected?.name == "Tabby")
        roster.type(" purr").press(.enter)
        #expect(try roster.monster("Tabby")?.description == "MEE-OW purr")
        #expect(try roster.monster("Dog-Bot")?.description == "BOW-WOW", "nothing reached another monster")
    }
}
