import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The history overlay as a person reads it: what, which monsters, when
/// and who, newest first, scrolling; Enter goes back to a change after
/// asking, taking back every later change in force, as one step per
/// change that one `U` after another puts back.
@Suite("The history overlay")
struct HistoryOverlayTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    /// Another program's change, as a script would make it.
    private func set(_ roster: RosterScreenHarness, _ name: String, _ weapon: WeaponType) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find(name)).id, MonsterChanges(weapon: weapon))
    }

    /// The overlay's rows as drawn, inside its border.
    private func rows(_ roster: RosterScreenHarness) throws -> [String] {
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay, "the history is open: \(roster.text)")
        let screen = roster.screen
        let frame = overlay.frame
        return (frame.y + 1..<max(frame.y + 1, frame.maxY - 1)).map {
            String(screen.text(row: $0).dropFirst(frame.x + 1).prefix(frame.width - 2)).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    @Test("each row says which change, when, what it did to which monster, and who; newest first", arguments: sizes)
    func rowsSayWhatWhenWho(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        roster.press(.character("h"))
        let shown = try rows(roster)
        #expect(shown.first?.hasPrefix("#2") == true, "newest first: \(shown)")
        #expect(shown.first?.contains("set-weapon Dog-Bot: Blowgun → Smoke") == true, "what comes first: \(shown)")
        #expect(shown.dropFirst().first?.hasPrefix("#1") == true, "\(shown)")
        if size.width >= 120 {
            #expect(shown.first?.contains("command line") == true, "who: \(shown)")
            let entry = try #require(try roster.store.history(touching: nil, limit: 1).first)
            #expect(shown.first?.contains(entry.at.localDisplay) == true, "when: \(shown)")
        }
    }

    @Test("#9 and #10 line up: the numbers are right-aligned, so every change starts in one column", arguments: sizes)
    func numbersLineUp(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        for index in 0..<10 { try set(roster, "Cat-Bot", index % 2 == 0 ? .fire : .smoke) }
        roster.interface.poll()
        roster.press(.character("h"))
        let screen = roster.screen
        let lines = (0..<size.height).map { screen.text(row: $0) }
        let ten = try #require(lines.first { $0.contains("#10  set-weapon") }, "\(roster.text)")
        let nine = try #require(lines.first { $0.contains("#9  set-weapon") }, "\(roster.text)")
        func column(_ line: String) -> Int? {
            line.range(of: "set-weapon").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(column(ten) != nil && column(ten) == column(nine), "\(ten)\n\(nine)")
        #expect(nine.contains(" #9  set-weapon"), "the number is padded on its left: \(nine)")
    }

    @Test("a change of picture is told by the pictures' names, in the footer and the history, as the details name them")
    func picturesByName() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(icon: "meetcatbot.png"))
        roster.interface.poll()
        let message = roster.footer.message ?? ""
        #expect(message.contains("edit Dog-Bot: picture Dog robot → Cat robot") && !message.contains(".png"), "\(message)")
        roster.press(.character("h"))
        let shown = try rows(roster)
        #expect(shown.first?.contains("edit Dog-Bot: picture Dog robot → Cat robot") == true, "\(shown)")
    }

    @Test("Enter asks, then takes back every change after the chosen one; the chosen one stays; one U puts the newest back",
          arguments: sizes)
    func goBack(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        try set(roster, "Ice-Bot", .sword)
        roster.interface.poll()
        roster.press(.character("h"), .down, .down, .enter)
        #expect(roster.overlay?.shows("Take back the 2 changes after #1 (#2 and #3)?") == true, "\(roster.text)")
        #expect(try roster.weaponInDatabase("Ice-Bot") == .sword, "nothing yet")
        roster.press(.character("y"))
        #expect(try roster.weaponInDatabase("Ice-Bot") == .fire)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire, "the chosen change stays")
        #expect(roster.footer.message?.hasPrefix("undid") == true, "\(roster.footer.message ?? "")")
    }

    @Test("Enter on a change another program's history --clear took away since the list was read: refused, nothing taken back")
    func goBackToAChangeCleared() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Cat-Bot", .sword)
        try set(roster, "Cat-Bot", .smoke)
        roster.interface.poll()
        roster.press(.character("h"), .down)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.clearHistory()
        _ = try other.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        _ = try other.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .sword)])
        roster.press(.enter)
        #expect(roster.footer.message?.hasPrefix("nothing was taken back: the history has no change #2 now") == true,
                "\(roster.footer.message ?? "") \(roster.text)")
        #expect(try roster.monster("Dog-Bot")?.weapon.type == .sword, "Dog-Bot's changes stay")
    }

    @Test("a redo after the chosen change counts among what Enter takes back: it is named, and the change it put back is undone",
          arguments: sizes)
    func goBackTakesBackARedo(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try set(roster, "Cat-Bot", .fire)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.undo()
        _ = try other.redo()
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        // #4 Dog-Bot, #3 the redo of #1, #2 its undo: back to #2, when Cat-Bot had its Sword.
        roster.press(.character("h"), .down, .down, .enter)
        #expect(roster.overlay?.shows("Take back the 2 changes after #2 (#3 and #4)?") == true, "\(roster.overlay?.lines ?? [])")
        roster.press(.character("y"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword, "the redone change is undone again")
        #expect(GoingBack(after: 2, history: try other.history()).rows.isEmpty, "nothing after #2 is in force now")
    }

    @Test("narrower than its rows, the overlay shows the highlighted change whole under a rule, wrapped; wide enough, no rule",
          arguments: sizes)
    func highlightedChangeWhole(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        roster.press(.character("h"))
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay)
        let whole = overlay.entries.map { HistoryOverlay.row($0, told: overlay.lines[$0.id]) }
        for highlighted in [0, 1] {
            let shown = try rows(roster)
            // Laid out once drawn: a row is cut when it and its margins are wider than the overlay.
            let cut = whole.contains { DisplayWidth.of($0) + 3 > overlay.frame.width }
            let rule = shown.firstIndex { $0.hasPrefix("──") }
            if cut {
                let below = try #require(rule.map { shown[($0 + 1)...] }, "a rule above the change: \(shown)")
                let words = { (text: String) in text.split(separator: " ") }
                #expect(words(below.joined(separator: " ")) == words(whole[highlighted]), "\(shown)")
                #expect(shown.contains { $0.hasSuffix("…") }, "the list's rows are cut: \(shown)")
            } else {
                #expect(rule == nil, "every row whole, nothing below them: \(shown)")
            }
            roster.press(.down)
        }
    }

    @Test("a change with a long description shows whole under the rule, its time and author too, where the overlay has the rows",
          arguments: [Size(width: 80, height: 24), Size(width: 80, height: 35)])
    func longChangeWhole(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        let other = try SQLiteRosterStore.open(path: roster.path)
        let long = "A very long description that goes on and on about the robot and its many habits, far wider than any overlay, "
            + "and then some more about where it sleeps and what it eats"
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(description: long))
        roster.interface.poll()
        roster.press(.character("h"))
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay)
        let whole = HistoryOverlay.row(overlay.entries[0], told: overlay.lines[overlay.entries[0].id])
        let shown = try rows(roster)
        let below = try #require(shown.firstIndex { $0.hasPrefix("──") }.map { shown[($0 + 1)...] }, "a rule: \(shown)")
        let words = { (text: String) in text.split(separator: " ") }
        #expect(words(below.joined(separator: " ")) == words(whole), "\(shown)")
    }

    @Test("a change too long for the lines under the rule is cut with …, and when and who keep the last line",
          arguments: [Size(width: 80, height: 24), Size(width: 60, height: 20)])
    func tooLongChangeKeepsWhenAndWho(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        // Another program's entry of 5,000 characters, as a script may write one.
        try LongHistoryTextTests.writeElsewhere(roster.path, length: 5_000)
        roster.interface.poll()
        roster.press(.character("h"))
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay)
        let shown = try rows(roster)
        let below = try #require(shown.firstIndex { $0.hasPrefix("──") }.map { Array(shown[($0 + 1)...]) }, "a rule: \(shown)")
        #expect(below.first?.hasPrefix("#1  ") == true, "\(shown)")
        #expect(below.dropLast().last?.hasSuffix("…") == true, "what it did is cut: \(shown)")
        let entry = overlay.entries[0]
        #expect(below.last == "· \(entry.at.localDisplay) · \(entry.surface.rawValue)", "\(shown)")
    }

    @Test("Home/End, g/G and PgUp/PgDn move the highlight to the newest and oldest change, and by a page, as in the list",
          arguments: sizes)
    func endsAndPages(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        for index in 0..<40 { try set(roster, "Cat-Bot", index % 2 == 0 ? .fire : .smoke) }
        roster.interface.poll()
        roster.press(.character("h"))
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay)
        roster.press(.end)
        #expect(overlay.highlighted == 39, "End: the oldest")
        let oldestShown = try rows(roster)
        #expect(oldestShown.contains { $0.hasPrefix("#1 ") }, "the oldest is in sight: \(oldestShown)")
        roster.press(.home)
        #expect(overlay.highlighted == 0, "Home: the newest")
        let newestShown = try rows(roster)
        #expect(newestShown.first?.hasPrefix("#40") == true, "\(newestShown)")
        roster.press(.character("G"))
        #expect(overlay.highlighted == 39, "G")
        roster.press(.character("g"))
        #expect(overlay.highlighted == 0, "g")
        roster.press(.pageDown)
        let page = overlay.highlighted
        #expect(page > 1, "PgDn moves by a page: \(page)")
        roster.press(.pageUp)
        #expect(overlay.highlighted == 0, "PgUp")
        roster.press(.control("f"))
        #expect(overlay.highlighted == page, "Ctrl-F as PgDn")
        roster.press(.control("b"))
        #expect(overlay.highlighted == 0, "Ctrl-B as PgUp")
    }

    @Test("the question says how many changes Enter takes back, and which", arguments: sizes)
    func questionNamesTheChanges(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        for weapon: WeaponType in [.fire, .smoke, .blowgun, .sword] { try set(roster, "Cat-Bot", weapon) }
        roster.interface.poll()
        roster.press(.character("h"), .down, .down, .down, .enter)
        #expect(roster.overlay?.shows("Take back the 3 changes after #1 (#2–#4)?") == true, "\(roster.overlay?.lines ?? [])")
        roster.press(.character("n"), .up, .up, .enter)
        #expect(roster.overlay?.shows("Take back #4, the one change after #3?") == true, "\(roster.overlay?.lines ?? [])")
        // Changes already undone are not among them; the rest are named, and past a few, counted.
        #expect(RosterRootView.goBackQuestion(after: 6, undoing: [12, 10, 9, 8, 7]) == "Take back the 5 changes after #6 (#7–#10 and #12)?")
        #expect(RosterRootView.goBackQuestion(after: 1, undoing: [2, 4, 6, 8, 10, 11])
                == "Take back the 6 changes after #1 (#2, #4, #6, #8 and 2 more)?")
    }

    @Test("declining changes nothing and keeps the history open; Enter on the newest change says there is nothing after it")
    func declineAndNewest() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        roster.press(.character("h"), .down, .enter, .character("n"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke)
        #expect(roster.overlay?.title == "History · newest first", "the question was asked over the history, which stays")
        roster.press(.up, .enter)
        #expect(roster.footer.message == "nothing to take back: no change after #2 is in force", "\(roster.footer.message ?? "")")
    }

    @Test("a change made by another program between the question and the answer stops it: nothing is undone")
    func historyMovedOn() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        roster.press(.character("h"), .down, .enter)
        try set(roster, "Ice-Bot", .sword)
        roster.press(.character("y"))
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Ice-Bot") == .sword)
        #expect(roster.footer.message?.hasPrefix("nothing was undone: the history changed since you asked") == true,
                "\(roster.footer.message ?? "")")
    }

    @Test("many changes scroll: the highlighted one stays in sight")
    func scrolls() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        for round in 0..<40 { try set(roster, "Cat-Bot", round % 2 == 0 ? .fire : .smoke) }
        roster.interface.poll()
        roster.press(.character("h"))
        for _ in 0..<35 { roster.press(.down) }
        let shown = try rows(roster)
        #expect(shown.contains { $0.hasPrefix("#5 ") }, "the 36th newest is in sight: \(shown)")
        #expect(!shown.contains { $0.hasPrefix("#40 ") }, "\(shown)")
    }
}

/// Found by the random walk: the history open, the split collapsing or
/// opening under it, then the history closed: the focus came back to the
/// list hidden behind its button, or to nothing at all.
@Suite("The history overlay over a split that changes")
struct HistoryOverlayCollapseTests {
    /// A roster at `size` whose history holds another program's removal
    /// of monster `removed`, with the history opened by `keys` and the
    /// window then resized to `resized`.
    private func historyOpen(at size: Size, removing removed: Int64, keys: [KeyEvent], resized: Size) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        _ = try SQLiteRosterStore.open(path: roster.path).remove(monsterID: removed)
        roster.interface.poll()
        for key in keys { roster.press(key) }
        #expect(roster.window.overlays.last?.view is HistoryOverlay)
        roster.interface.resize(to: resized)
        return roster
    }

    @Test("closed after the split collapsed, the focus goes to the details, not the hidden list")
    func collapseUnderHistory() throws {
        let roster = try historyOpen(at: Size(width: 80, height: 24), removing: 3, keys: [.character("h")],
                                     resized: Size(width: 69, height: 24))
        roster.press(.escape)
        #expect(roster.focused.hasPrefix("details"), "\(roster.focused)")
    }

    @Test("opened over the list's drawer, closed after the split opened again: something in sight has the focus")
    func widenUnderHistory() throws {
        let roster = try historyOpen(at: Size(width: 60, height: 20), removing: 1, keys: [.character("m"), .character("h")],
                                     resized: Size(width: 179, height: 58))
        roster.click(Point(x: 2, y: 50))
        #expect(roster.focused == "list" || roster.focused.hasPrefix("details"), "\(roster.focused)")
    }
}
