import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Every outcome of a key is told in a sentence, read where a person
/// reads it: a picker confirmed as it opened, a new monster's form put
/// away, a question answered no, a choice saved over another program's
/// value; and what tells it (the footer, a question) is read whole at
/// any width.
@Suite("Every outcome of a key is told")
struct EveryKeyToldTests {
    /// Marks Cat-Bot and Dog-Bot; Explode-Bot is then selected.
    private func markingCatAndDog(_ size: Size = Size(width: 120, height: 35)) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "), .character(" "))
        return roster
    }

    private func otherProgram(_ roster: RosterScreenHarness, changes name: String, _ changes: MonsterChanges) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find(name)).id, changes)
    }

    @Test("Enter on the colour popover as it opened: Cat-Bot's name colour stays Default, and nothing is written")
    func colourKept() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let changes = try roster.store.historyCount()
        try roster.edit("Colour")
        roster.press(.enter)
        #expect(roster.footer.message == "Cat-Bot's name colour stays Default", "\(roster.footer.message ?? "")")
        #expect(roster.editingLabel == nil)
        #expect(try roster.store.historyCount() == changes)
    }

    @Test("Enter on a name or description as it was: the footer says it stays, and nothing is written", arguments: ["Name", "Description"])
    func textKept(_ label: String) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let changes = try roster.store.historyCount()
        try roster.edit(label)
        roster.press(.enter)
        #expect(roster.footer.message == "Cat-Bot's \(label.lowercased()) stays as it was", "\(roster.footer.message ?? "")")
        #expect(roster.editingLabel == nil)
        #expect(try roster.store.historyCount() == changes)
    }

    @Test("Done on a wheel or the activation picker on marks, never turned: the marked monsters' values stay as they were",
          arguments: [("Height", "heights"), ("Origin", "origins"), ("Activated", "activations")])
    func marksKept(_ label: String, _ plural: String) throws {
        let roster = try markingCatAndDog()
        let changes = try roster.store.historyCount()
        try roster.edit(label)
        roster.press(.enter)
        #expect(roster.footer.message == "the 2 marked monsters' \(plural) stay as they were", "\(roster.footer.message ?? "")")
        #expect(roster.editingLabel == nil)
        #expect(try roster.store.historyCount() == changes, "nothing written")
    }

    @Test("n, a name typed, Esc: the footer says the monster was not added, naming it as typed", arguments: [
        Size(width: 120, height: 35), Size(width: 60, height: 20),
    ])
    func newMonsterDiscarded(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("n")).type("Foo-Bot").press(.escape)
        #expect(roster.footer.message == "did not add `Foo-Bot`; nothing was saved", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Foo-Bot") == nil)
        roster.press(.character("n")).press(.escape)
        #expect(roster.footer.message == "did not add the new monster; nothing was saved", "\(roster.footer.message ?? "")")
    }

    /// Only `y` removes: every other key answers no, `q` too, which does not quit there.
    @Test("any key but y to a remove question (n, Esc, Enter, q, an arrow…): the footer says nothing was removed, for one monster and for marks",
          arguments: [KeyEvent.character("n"), .escape, .enter, .character("q"), .character("x"), .character("?"), .down, .tab, .backspace])
    func removalDeclined(_ answer: KeyEvent) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("x"), answer)
        #expect(roster.interface.quitStatus == nil, "the roster is still open")
        #expect(roster.overlay == nil, "the question is answered: \(roster.text)")
        #expect(roster.footer.message == "nothing was removed; Cat-Bot stays", "\(roster.footer.message ?? "")")
        roster.press(.character(" "), .character(" "), .character("x"), answer)
        #expect(roster.footer.message == "nothing was removed; the 2 marked monsters stay", "\(roster.footer.message ?? "")")
        #expect(try roster.store.monsters().count == 6)
    }

    @Test("a paste on the list is told, and changes nothing")
    func pasteOnTheList() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.paste("xy")
        #expect(roster.footer.message == "a paste goes only into text being typed (a name, a description, the filter); nothing was changed",
                "\(roster.footer.message ?? "")")
        #expect(try roster.store.monsters().count == 6)
    }

    @Test("a paste over a remove question answers no too; Ctrl-C there quits, removing nothing; Y removes as y does")
    func removalPasteCtrlCAndCapitalY() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("x")).paste("yes")
        #expect(roster.footer.message == "nothing was removed; Cat-Bot stays", "\(roster.footer.message ?? "")")
        roster.press(.character("x"), .character("Y"))
        #expect(try roster.monster("Cat-Bot") == nil)
        roster.press(.character("x"), .control("c"))
        #expect(roster.interface.quitStatus == 0)
        #expect(try roster.store.monsters().count == 5)
    }

    @Test("N to going back in the history: the footer says nothing was taken back, naming what stays")
    func goingBackDeclined() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("w")).type("3")
        roster.press(.character("w")).type("4")
        roster.press(.character("h"), .character("G"), .enter)
        #expect(roster.overlay?.shows("Take back #2, the one change after #1?") == true, "\(roster.text)")
        roster.press(.character("n"))
        #expect(roster.footer.message == "nothing was taken back: #2 stays", "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
    }

    @Test("any key but y over \"Take back …?\" (an arrow, q, a letter) answers no and says so, as the remove question does",
          arguments: [KeyEvent.down, .character("q"), .character("z"), .tab])
    func goingBackOtherKeys(_ key: KeyEvent) throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        roster.press(.character("w")).type("3")
        roster.press(.character("w")).type("4")
        roster.press(.character("h"), .character("G"), .enter)
        #expect(roster.overlay?.shows("Take back #2, the one change after #1?") == true, "\(roster.text)")
        roster.press(key)
        #expect(roster.overlay?.shows("Take back") != true, "the question is answered: \(roster.text)")
        #expect(roster.footer.message == "nothing was taken back: #2 stays", "\(roster.footer.message ?? "")")
        #expect(roster.interface.quitStatus == nil, "q answered the question; it did not quit")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
    }

    @Test("at 40 columns a remove question for marks wraps, its y / N whole on its last row")
    func narrowQuestionKeepsItsKeys() throws {
        let roster = try markingCatAndDog(Size(width: 40, height: 12))
        roster.press(.character("x"))
        let question = try #require(roster.overlay, "\(roster.text)")
        #expect(question.lines.count > 1, "\(question.lines)")
        #expect(question.lines.last?.hasSuffix("y / N") == true, "\(question.lines)")
        #expect(question.lines.joined(separator: " ") == "Remove 2 marked monsters: Cat-Bot, Dog-Bot?  y / N", "\(question.lines)")
        roster.press(.character("y"))
        #expect(try roster.store.monsters().count == 4)
    }

    @Test("a rename refused for a 60-character name where the pane is short: the reason beside the field reads from its first word, long names cut in the middle",
          arguments: [Size(width: 60, height: 20), Size(width: 40, height: 12)])
    func longNameRefusalReadFromItsStart(_ size: Size) throws {
        let long = "Mini-Tomato-Bot-The-Magnificent-Destroyer-Of-Worlds-And-Cake"
        let roster = try RosterScreenHarness(width: size.width, height: size.height) { _ = try $0.edit("Ice-Bot", MonsterChanges(name: long)) }
        try roster.edit("Name")
        roster.press(.control("u")).type(long.uppercased()).press(.enter)
        #expect(roster.editingLabel == "Name", "refused, the editor stays open")
        #expect(try roster.monster("Cat-Bot") != nil)
        let value = try #require(roster.details.field("Name")?.value)
        if size.height < 20 {
            // No row for it beside the field: the footer's message under the panel has it whole.
            let shown = roster.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(shown.contains("Name not saved: `MINI-TOMATO") && shown.contains("look-alike letters)"), "\(roster.text)")
            return
        }
        #expect(value.contains("✗ `MINI-TOMA…-AND-CAKE` reads as `Mini-Toma…And-Cake`, which is already on the roster"),
                "the reason from its first word, its names cut in the middle: \(value)")
    }

    @Test("a long sentence wraps whole at 40 columns, the offer after it whole: never cut with …")
    func longMessageWrapsWhole() throws {
        let roster = try RosterScreenHarness(width: 40, height: 12)
        let text = "Purrs at dawn and hunts the red dot across every floor of the old house until the sun goes down again"
        try roster.edit("Description")
        roster.press(.control("u")).type(text).press(.enter)
        let message = try #require(roster.footer.message)
        #expect(message == "changed Cat-Bot: description `MEE-OW` → `\(text)`", "\(message)")
        #expect(roster.footerText == "Changed" + message.dropFirst(7) + ". · u undo", "\(roster.text)")
    }

    @Test("the 60-column drawer with a filter offers one Esc, which clears the filter; then one, which closes it")
    func drawerOffersOneEscape() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.showList().press(.character("/")).type("cat").press(.enter)
        #expect(roster.list.lines == ["Cat-Bot"], "\(roster.text)")
        var escapes = roster.footer.keys.filter { $0.hasPrefix("Esc") }
        #expect(escapes == ["Esc clear filter"], "\(roster.footer.keys)")
        roster.press(.escape)
        roster.press(.character("j"))      // a move: the footer shows its keys again
        escapes = roster.footer.keys.filter { $0.hasPrefix("Esc") }
        #expect(escapes.count == 1 && escapes.first?.hasPrefix("Esc close") == true, "\(roster.footer.keys)")
    }

    @Test("a rename clash names the monster as it was called, and what it is called now")
    func renameClashNamesBoth() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Name")
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(name: "Cat-Bot-X"))
        roster.press(.control("u")).type("Kitty-Bot").press(.enter)
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("after you began, another program changed Cat-Bot's name to `Cat-Bot-X`, so yours was not saved"),
                "\(message)")
        roster.press(.enter)
        #expect(try roster.monster("Kitty-Bot") != nil)
        #expect(roster.footer.message?.hasSuffix("; saved over `Cat-Bot-X` from another program") == true, "\(roster.footer.message ?? "")")
    }

    @Test("the second choice after a clash says whose value it saved over: one monster, and marks")
    func savedOverTheirs() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("w"))
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(weapon: .smoke))
        roster.type("33")
        #expect(roster.footer.message == "Cat-Bot now carries Fire; saved over Smoke from another program", "\(roster.footer.message ?? "")")
        #expect(roster.footerText.hasSuffix("· u undo"), "\(roster.footerText)")

        let marked = try markingCatAndDog()
        marked.press(.character("w"))
        try otherProgram(marked, changes: "Dog-Bot", MonsterChanges(weapon: .smoke))
        marked.type("3")
        #expect(marked.footer.message?.contains("so yours was not saved") == true, "\(marked.footer.message ?? "")")
        marked.type("3")
        #expect(try marked.weaponInDatabase("Dog-Bot") == .fire)
        #expect(marked.footer.message == "gave 2 marked monsters Fire; saved over Dog-Bot's Smoke from another program",
                "\(marked.footer.message ?? "")")
    }

    @Test("a description holding “icon a.png → b.png” is told as a description: in the news, the history and its undo")
    func pictureWordsInADescription() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(description: "icon a.png → b.png"))
        roster.interface.poll()
        let news = try #require(roster.footer.message)
        #expect(news.contains("description `MEE-OW` → `icon a.png → b.png`") && !news.contains("picture"), "\(news)")
        roster.press(.character("h"))
        let newest = try #require(roster.overlay?.lines.first { $0.contains("#") })
        #expect(newest.contains("→ `icon a.png → b.png`") && !newest.contains("picture"), "\(newest)")
        roster.press(.escape, .character("u"))
        let undone = try #require(roster.footer.message)
        #expect(undone == "undid edit Cat-Bot: description `MEE-OW` → `icon a.png → b.png`", "\(undone)")
    }

    @Test("a real change of picture is told by the pictures' names, worded from the change: its undo and redo too")
    func pictureChangeFromItsRows() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(description: "icon x.png → y.png", icon: "meetcatbot.png"))
        roster.interface.poll()
        #expect(roster.footer.message?.contains("edit Dog-Bot: description `BOW-WOW` → `icon x.png → y.png`, picture Dog robot → Cat robot")
                == true, "\(roster.footer.message ?? "")")
        roster.press(.character("u"))
        #expect(roster.footer.message == "undid edit Dog-Bot: description `BOW-WOW` → `icon x.png → y.png`, picture Dog robot → Cat robot",
                "\(roster.footer.message ?? "")")
        roster.press(.character("U"))
        #expect(roster.footer.message?.hasPrefix("redid edit Dog-Bot: description") == true
                && roster.footer.message?.hasSuffix("picture Dog robot → Cat robot") == true, "\(roster.footer.message ?? "")")
        roster.press(.character("h"))
        let rows = try #require(roster.overlay?.lines.filter { $0.contains("#") })
        #expect(rows.first?.contains("redo edit Dog-Bot: description `BOW-WOW` → `icon x.png → y.png`, picture Dog robot → Cat robot") == true,
                "\(rows)")
        #expect(rows.dropFirst().first?.contains("undo edit Dog-Bot:") == true && rows.dropFirst().first?.contains("picture Dog robot → Cat robot") == true,
                "\(rows)")
    }

    @Test("a refused undo of a change of picture names the pictures as the details do, its own and the later change's")
    func refusalNamesPictures() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(icon: "meetcatbot.png"))
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(icon: "meetdogbot.png"))
        roster.interface.poll()
        roster.press(.escape, .character("h"), .down, .character("u"))
        #expect(roster.footer.message == "cannot undo #1 edit Dog-Bot: picture Dog robot → Cat robot: Dog-Bot has been changed since, "
                + "by #2 edit Dog-Bot: picture Cat robot → Dog robot; nothing was undone", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Dog-Bot")?.icon == "meetdogbot.png")
    }

    @Test("redo ended by a later change of picture names the pictures as the details do, not by file")
    func redoEndedNamesPictures() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        roster.press(.character("w")).type("3")
        roster.press(.character("u"))
        #expect(roster.footer.message?.hasPrefix("undid set-weapon Cat-Bot") == true, "\(roster.footer.message ?? "")")
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(icon: "meetcatbot.png"))
        roster.interface.poll()
        roster.press(.character("U"))
        #expect(roster.footer.message == "nothing to redo: #3 edit Dog-Bot: picture Dog robot → Cat robot was made after the last undo",
                "\(roster.footer.message ?? "")")
        #expect(roster.footer.message?.contains(".png") == false)
    }
}
