import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Every outcome of the full-screen roster is told in the footer, in a
/// sentence, at every size a person uses: a save, a clash with another
/// program, another program's change, a pass through a field that saved.
@Suite("The footer tells what happened")
struct ToldOutcomesTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    /// The roster at `size` after w 3 gave Cat-Bot Fire, and what the footer said.
    private func firingCatBot(_ size: Size) throws -> (RosterScreenHarness, String) {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("w"), .character("3"))
        return (roster, "Cat-Bot now carries Fire")
    }

    /// Another connection to the same file, as a script would have.
    private func otherProgram(_ roster: RosterScreenHarness, saves changes: MonsterChanges) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        let cat = try #require(try other.find("Cat-Bot"))
        _ = try other.edit(monsterID: cat.id, changes)
    }

    @Test("a clash in the weapon panel is told in the footer below the panel; choosing again saves", arguments: sizes)
    func weaponClash(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("w"))
        #expect(roster.weaponPanel != nil)
        try otherProgram(roster, saves: MonsterChanges(weapon: .smoke))
        roster.press(.character("4"))
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke, "the other program's choice is kept")
        #expect(roster.weaponPanel != nil, "the panel stays up with the offer")
        #expect(roster.footer.message == "after you began, another program changed Cat-Bot's weapon to Smoke, so yours was not saved; "
                + "choose yours again to save it over theirs, Esc keeps theirs")
        #expect(roster.footerText.contains("After you began, another program changed"), "the footer row shows it: \(roster.text)")
        // A poll after the clash does not tell the same change over the sentence.
        roster.interface.poll()
        #expect(roster.footer.message?.hasPrefix("after you began, another program changed Cat-Bot's weapon") == true)

        roster.press(.character("4"))
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        #expect(roster.footer.message == "Cat-Bot now carries Sword; saved over Smoke from another program")
    }

    @Test("a clash in the name editor keeps the person's text in the box, says whose name it is now, and Enter saves the text shown")
    func nameClash() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Name")
        roster.press(.control("u")).type("Kitty-Bot")
        try otherProgram(roster, saves: MonsterChanges(name: "Tom-Bot"))
        roster.interface.poll()
        #expect(roster.details.field("Name")?.value == "Kitty-Bot", "the box keeps the person's text while the roster changes")
        #expect(roster.footer.message?.hasPrefix("another program changed the roster: edit Cat-Bot") == true,
                "\(roster.footer.message ?? "no message")")
        #expect(roster.list.lines.contains("Tom-Bot"), "the list shows the other program's name")

        roster.press(.enter)
        #expect(roster.editingLabel == "Name")
        #expect(try roster.monster("Tom-Bot") != nil, "nothing written over the other program's name")
        #expect(roster.details.field("Name")?.value.hasPrefix("Kitty-Bot") == true, "the box still shows what Enter would save")
        // The monster as it was called, and what it is called now.
        #expect(roster.footer.message == "after you began, another program changed Cat-Bot's name to `Tom-Bot`, so yours was not saved; "
                + "Enter saves yours over it, Esc keeps theirs")

        roster.press(.enter)
        #expect(try roster.monster("Kitty-Bot") != nil, "the text shown is the text saved")
        #expect(roster.editingLabel == nil)
        #expect(roster.footer.message?.hasPrefix("changed Tom-Bot: name") == true, "\(roster.footer.message ?? "no message")")
    }

    @Test("another program's change is told in the footer, in the history's words", arguments: sizes)
    func outsideChange(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try otherProgram(roster, saves: MonsterChanges(weapon: .fire))
        roster.interface.poll()
        #expect(roster.footer.message == "another program changed the roster: set-weapon Cat-Bot: Sword → Fire")
        #expect(roster.footerText.contains("Another program"), "in sight: \(roster.text)")
        // Several at once: the newest, and how many came before it.
        try otherProgram(roster, saves: MonsterChanges(weapon: .smoke))
        try otherProgram(roster, saves: MonsterChanges(weapon: .blowgun))
        roster.interface.poll()
        #expect(roster.footer.message == "another program changed the roster: set-weapon Cat-Bot: Smoke → Blowgun; 1 more came before it, and the history lists it")
        try otherProgram(roster, saves: MonsterChanges(weapon: .sword))
        try otherProgram(roster, saves: MonsterChanges(weapon: .fire))
        try otherProgram(roster, saves: MonsterChanges(weapon: .smoke))
        roster.interface.poll()
        #expect(roster.footer.message == "another program changed the roster: set-weapon Cat-Bot: Fire → Smoke; 2 more came before it, and the history lists them")
    }

    @Test("another command that only reads the file (its closing checkpoint moves data_version) tells nothing, and u undo stays on offer; a real change is told",
          arguments: sizes)
    func readerChangesNothing(_ size: Size) throws {
        let (roster, own) = try firingCatBot(size)
        #expect(roster.footerText == own + ". · u undo", "\(roster.footerText)")
        // As `roster list` and `roster history` do: read, then empty the WAL as they end.
        for _ in 0..<2 {
            let reader = try SQLiteRosterStore.open(path: roster.path)
            _ = try reader.monsters()
            _ = try reader.history(touching: nil, limit: 20)
            reader.close()
            roster.interface.poll()
            #expect(roster.footer.message == own, "\(roster.footer.message ?? "no message")")
            #expect(roster.footerText == own + ". · u undo", "\(roster.footerText)")
        }
        // A change that records no history entry, as the sqlite3 shell's, is still told.
        let other = try Database(path: roster.path, options: .readWrite)
        try other.execute("UPDATE monster SET description = 'Woof' WHERE name = 'Dog-Bot'")
        roster.interface.poll()
        #expect(roster.footer.message == "\(own); meanwhile another program changed the roster", "\(roster.footer.message ?? "no message")")
        #expect(!roster.footerText.contains("u undo"), "u would take back the other program's change: \(roster.footerText)")
    }

    @Test("another program's change found by a poll is told after the person's own save message, never in its place, until the next key",
          arguments: sizes)
    func newsAfterOwnMessage(_ size: Size) throws {
        let (roster, own) = try firingCatBot(size)
        #expect(roster.footer.message == own, "\(roster.footer.message ?? "no message")")
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(weapon: .fire))
        roster.interface.poll()
        #expect(roster.footer.message == "\(own); meanwhile another program changed the roster: set-weapon Dog-Bot: Blowgun → Fire",
                "\(roster.footer.message ?? "no message")")
        #expect(roster.footerText.contains(own), "the person's own message is in sight: \(roster.footerText)")
        // A second poll's news replaces the first news, never the person's message.
        _ = try other.edit(monsterID: try #require(try other.find("Ice-Bot")).id, MonsterChanges(weapon: .smoke))
        roster.interface.poll()
        #expect(roster.footer.message == "\(own); meanwhile another program changed the roster: set-weapon Ice-Bot: Fire → Smoke",
                "\(roster.footer.message ?? "no message")")
        // The next key ends the person's message; news after it is told alone.
        roster.press(.escape)
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(weapon: .sword))
        roster.interface.poll()
        #expect(roster.footer.message == "another program changed the roster: set-weapon Dog-Bot: Fire → Sword",
                "\(roster.footer.message ?? "no message")")
    }

    @Test("leaving the height wheels with Tab saves the height and says so in the footer, in sight above nothing")
    func tabSavesAndSays() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        try roster.edit("Height")
        roster.press(.up, .tab)
        #expect(roster.editingLabel == "Origin")
        #expect(try roster.monster("Cat-Bot")?.height == Height(feet: 1, inches: 4))
        #expect(roster.footer.message == "changed Cat-Bot: height 2 ft 4 in → 1 ft 4 in")
        #expect(roster.footerText.contains("Changed Cat-Bot"), "the footer row shows it: \(roster.text)")
    }

    @Test("letters that mean nothing in a picker do nothing there", arguments: ["Height", "Origin", "Weapon", "Colour"])
    func strayLetters(_ label: String) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let before = try #require(try roster.monster("Cat-Bot"))
        let changes = try roster.store.historyCount()
        try roster.edit(label)
        roster.type(" the Mgifict")
        #expect(roster.editingLabel == label, "still in the \(label) picker")
        #expect(try roster.monster("Cat-Bot") == before, "nothing saved")
        #expect(try roster.store.historyCount() == changes)
        #expect(try roster.store.count() == 6, "no new monster")
    }
}
