import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Another program changes the monster a person is editing: the save
/// compares with the monster as the editor found it, and writes over
/// nobody's change unless the person says so.
@Suite("No lost updates from the details")
struct LostUpdateTests {
    /// Another connection to the same file, as a script would have.
    private func otherProgram(_ roster: RosterScreenHarness, _ change: (SQLiteRosterStore, Monster) throws -> Void) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        let cat = try #require(try other.find("Cat-Bot"))
        try change(other, cat)
    }

    @Test("a description changed elsewhere after the editor opened is kept and named; the box keeps the person's text, which Enter again saves",
          arguments: [true, false])
    func descriptionChangedElsewhere(pollFirst: Bool) throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.press(.control("u")).type("Mine")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(description: "Theirs"))
        }
        // Whether or not the poll saw the change before Enter, the same end.
        if pollFirst { roster.interface.poll() }
        roster.press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == "Theirs", "the other program's value is kept")
        #expect(roster.editingLabel == "Description", "the field stays open with the offer")
        let field = try #require(roster.details.field("Description"))
        #expect(field.value.hasPrefix("Mine"), "the box shows what Enter saves: \(field.value)")
        #expect(field.value.contains("✗ another program saved `Theirs`; Enter saves yours over it, Esc keeps theirs"), "\(field.value)")
        #expect(roster.footer.message == "after you began, another program changed Cat-Bot's description to `Theirs`, "
                + "so yours was not saved; Enter saves yours over it, Esc keeps theirs")

        roster.press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == "Mine", "Enter again saves the person's own")
        #expect(roster.editingLabel == nil)
        #expect(roster.footer.message?.hasPrefix("changed Cat-Bot") == true)
    }

    @Test("a clash told while the editor's bar covers the footer reads once, wrapped whole, never its first row twice",
          arguments: [(80, 24), (120, 35)])
    func clashToldOnce(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit("Description")
        roster.press(.control("u")).type("Mine")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(description: "Theirs, a longer description than the footer holds in one row"))
        }
        roster.press(.enter)
        let bottom = roster.lines.suffix(KeyHintBar.maximumMessageRows).joined(separator: "\n")
        #expect(bottom.components(separatedBy: "another program changed").count == 2, "told once: \(bottom)")
        #expect(bottom.contains("Esc keeps") && bottom.contains("theirs"), "its end in sight: \(bottom)")
    }

    @Test("Esc after the offer keeps the newer value; editing the text shown saves the text shown")
    func keepTheirs() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.type(" purr")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(description: "Theirs"))
        }
        roster.press(.enter).press(.escape)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("Cat-Bot")?.description == "Theirs")
        #expect(roster.details.field("Description")?.value == "Theirs")

        try roster.edit("Description")
        roster.type(" purr")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(description: "Newer"))
        }
        roster.press(.enter)
        roster.type("!").press(.enter)
        #expect(try roster.monster("Cat-Bot")?.description == "Theirs purr!", "what is saved is the text in the box")
    }

    @Test("a change elsewhere to another field does not block saving this one")
    func otherFieldChanged() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.press(.control("u")).type("Mine")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(weapon: .smoke))
        }
        roster.press(.enter)
        let cat = try #require(try roster.monster("Cat-Bot"))
        #expect(cat.description == "Mine")
        #expect(roster.editingLabel == nil)
    }

    /// The name says which monster the editor found at its id: a row
    /// renamed, or given to another monster, is not saved to unasked.
    @Test("a rename elsewhere is told as a clash; Enter again saves the text to the monster now shown")
    func renamedElsewhereClashes() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.press(.control("u")).type("Mine")
        try otherProgram(roster) { other, cat in
            _ = try other.edit(monsterID: cat.id, MonsterChanges(name: "Kit-Bot"))
        }
        roster.press(.enter)
        // Only the name changed, which the description leaves alone: saving again goes to the monster so named.
        #expect(roster.footer.message == "after you began, another program changed Cat-Bot's name to `Kit-Bot`, or put another monster in "
                + "its place, so yours was not saved; Enter saves yours to `Kit-Bot`, Esc keeps it as it is", "\(roster.footer.message ?? "")")
        // The reason beside the field says the same of Enter and Esc.
        let field = try #require(roster.details.field("Description"))
        #expect(field.value.contains("✗ another program changed the name to `Kit-Bot`; Enter saves yours to `Kit-Bot`, Esc keeps it as it is"),
                "\(field.value)")
        #expect(try roster.monster("Kit-Bot")?.description != "Mine")
        roster.press(.enter)
        #expect(try roster.monster("Kit-Bot")?.description == "Mine")
        #expect(roster.editingLabel == nil)
    }

    @Test("the monster moved to another id and a stranger put at its own: the clash says so, not that it was renamed, and names where Enter saves")
    func movedAndReplaced() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.press(.control("u")).type("Mine")
        try otherProgram(roster) { other, cat in
            try other.database.execute("""
                UPDATE monster SET id = 950 WHERE id = \(cat.id);
                INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon)
                    VALUES (\(cat.id), 'Other-Bot', 'other-bot', 'theirs', 'meetcatbot.png', 'default', 'smoke');
                """)
        }
        roster.press(.enter)
        #expect(roster.footer.message == "after you began, another program moved Cat-Bot to id 950 and put another monster, `Other-Bot`, "
                + "in its place, so yours was not saved; Enter saves yours to `Other-Bot`, Esc keeps it as it is",
                "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot")?.description != "Mine")
        #expect(try roster.monster("Other-Bot")?.description == "theirs")
    }

    @Test("a monster removed elsewhere before Enter lets go of the editor as a poll would, in the same words")
    func removedBeforeSave() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Description")
        roster.type(" purr")
        try otherProgram(roster) { other, _ in _ = try other.remove(["Cat-Bot"]) }
        roster.press(.enter)
        #expect(roster.editingLabel == nil)
        #expect(roster.footer.message == "another program removed Cat-Bot; the edit was put away unsaved")
        #expect(try roster.monster("Cat-Bot") == nil)
        #expect(try roster.store.count() == 5)
    }
}
