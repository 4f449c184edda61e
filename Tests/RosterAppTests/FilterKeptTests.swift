import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A filter is the person's: a change that takes the selected monster out
/// of it (another program's, or their own) never clears it. The selection
/// goes to the nearest monster that still matches, or the list says none
/// does, and the footer tells it in the sentence that tells the change.
@Suite("The filter stays when the selected monster leaves it")
struct FilterKeptTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    /// `/`, the filter, Enter, then down the list to `name`: the list (or,
    /// below 70 columns, its overlay) has the keys.
    private func filtered(_ size: (Int, Int), by filter: String, selecting name: String) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("/")).type(filter).press(.enter)
        for _ in 0..<6 where roster.list.selected != name { roster.press(.character("j")) }
        #expect(roster.list.selected == name, "\(roster.text)")
        return roster
    }

    /// Another connection to the same file renames `name`, as `roster edit` would.
    private func otherProgram(_ roster: RosterScreenHarness, renames name: String, to newName: String) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        let monster = try #require(try other.find(name))
        _ = try other.edit(monsterID: monster.id, MonsterChanges(name: newName))
    }

    @Test("another program renames the selected monster out of the filter: the filter stays, the next match is chosen, the footer says so",
          arguments: sizes)
    func renamedElsewhere(_ size: (Int, Int)) throws {
        let roster = try filtered(size, by: "bot", selecting: "Dog-Bot")
        try otherProgram(roster, renames: "Dog-Bot", to: "Rex")
        #expect(roster.interface.poll())

        #expect(roster.list.isShown)
        #expect(roster.list.lines == ["Cat-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"], "\(roster.text)")
        #expect(roster.list.selected == "Explode-Bot", "the nearest row that still matches")
        #expect(roster.listTitle?.hasSuffix("5 found") == true, "the filter is still in force: \(roster.listTitle ?? "no list")")
        #expect(roster.interface.controller.list.filter == "bot")
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("another program changed the roster: "), "\(message)")
        #expect(message.hasSuffix("; Rex no longer matches the filter `bot`, so Explode-Bot is chosen"), "\(message)")
        #expect(roster.footerText.contains("Explode-Bot is chosen"), "the footer rows show it: \(roster.text)")
    }

    @Test("another program renames the only match: the list shows it is empty under the filter, and the footer says none matches",
          arguments: sizes)
    func lastMatchRenamedElsewhere(_ size: (Int, Int)) throws {
        let roster = try filtered(size, by: "dog", selecting: "Dog-Bot")
        try otherProgram(roster, renames: "Dog-Bot", to: "Rex")
        roster.interface.poll()

        #expect(roster.list.isShown && roster.listMessage?.hasPrefix("No names contain") == true, "\(roster.text)")
        #expect(roster.listTitle?.hasSuffix("0 found") == true)
        #expect(roster.footer.message?.hasSuffix("; Rex no longer matches the filter `dog`, and no monster matches it now") == true,
                "\(roster.footer.message ?? "no message")")
    }

    @Test("renaming the selected monster out of the filter saves it, puts its editor away and chooses the next match; nothing reaches that one",
          arguments: sizes, [KeyEvent.enter, .tab])
    func renamedHere(_ size: (Int, Int), leavingWith key: KeyEvent) throws {
        let roster = try filtered(size, by: "bot", selecting: "Dog-Bot")
        if roster.interface.screen.isCollapsed { roster.press(.enter) }    // closes the Monsters overlay
        try roster.edit("Name")
        roster.press(.control("u")).type("Rex").press(key)
        #expect(roster.footer.message == "changed Dog-Bot: name `Dog-Bot` → `Rex`; Rex no longer matches the filter `bot`, so Explode-Bot is chosen",
                "\(roster.footer.message ?? "no message")")
        // Typing on goes nowhere near another monster's fields.
        roster.type("zz")

        #expect(try roster.monster("Rex")?.description == "BOW-WOW", "saved, and the typing after it went nowhere near it")
        #expect(try roster.monster("Explode-Bot")?.name == "Explode-Bot")
        #expect(try roster.monster("Explode-Bot")?.description == "Tick, tick, BOOM!", "the next match was not edited")
        #expect(roster.editingLabel == nil, "the editor for Rex was put away")
        #expect(roster.interface.controller.list.filter == "bot")
        #expect(roster.interface.controller.selected?.name == "Explode-Bot")
        #expect(roster.list.selected == "Explode-Bot", "the list, or below 70 columns its drawer, shows the chosen monster")
    }

    @Test("a monster added under a filter that does not match it is added; the filter stays and the footer says where the selection is",
          arguments: sizes)
    func addedHere(_ size: (Int, Int)) throws {
        let roster = try filtered(size, by: "ice", selecting: "Ice-Bot")
        roster.press(.character("n")).type("Rex").press(.tab)

        #expect(try roster.monster("Rex") != nil)
        #expect(roster.editingLabel == nil, "no editor goes on to another monster's fields")
        #expect(roster.interface.controller.list.filter == "ice")
        #expect(roster.interface.controller.selected?.name == "Ice-Bot")
        #expect(roster.footer.message == "added Rex; Rex does not match the filter `ice`, so Ice-Bot is chosen",
                "\(roster.footer.message ?? "no message")")
    }
}

extension FilterKeptTests {
    @Test("below 70 columns the Monsters drawer stands above the footer's sentence, which is read whole")
    func drawerAboveTheSentence() throws {
        let roster = try filtered((60, 20), by: "bot", selecting: "Dog-Bot")
        try otherProgram(roster, renames: "Dog-Bot", to: "Rex")
        roster.interface.poll()
        let drawer = roster.interface.screen.listOverlay.frame
        let footerTop = roster.interface.screen.footer.frame.y
        #expect(drawer.maxY <= footerTop, "drawer \(drawer), footer from row \(footerTop)")
        #expect(roster.footerText.contains("so Explode-Bot is chosen"), "\(roster.text)")
    }
}
