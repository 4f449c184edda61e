import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// With marks, the colour popover and the height and origin wheels give
/// every marked monster the value as one change, which one `u` takes
/// back, and say how many; the wheels write once, when the value is kept,
/// never as they turn.
@Suite("Fields acting on marked monsters")
struct MarkedFieldsTests {
    /// Marks Cat-Bot (default colour, from JP) and Explode-Bot (red, from
    /// US); Fire-Bot (red, from IS), the next, is then selected.
    private func markingTwo() throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.showList().press(.character(" "), .down, .character(" "))
        #expect(roster.list.selected == "Fire-Bot")
        return roster
    }

    @Test("the colour popover, titled for the marked monsters, gives them all the colour as one change; one u takes it back")
    func colourForMarked() throws {
        let roster = try markingTwo()
        let historyBefore = try roster.store.historyCount()
        try roster.edit("Colour")
        #expect(roster.screen.find("Colour for 2 marked monsters") != nil, "the popover says whom: \(roster.text)")
        // Cat-Bot's Default and Explode-Bot's Red differ: nothing is
        // ticked, the highlight starts at the top, Default; two down is Green.
        roster.press(.down, .down, .enter)
        #expect(try roster.monster("Cat-Bot")?.nameColor == .green)
        #expect(try roster.monster("Explode-Bot")?.nameColor == .green)
        #expect(try roster.monster("Fire-Bot")?.nameColor == .red, "selected but not marked: unchanged")
        #expect(roster.footer.message == "gave 2 marked monsters Green", "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == historyBefore + 1, "one change in the history")
        #expect(roster.editingLabel == nil, "the popover closed")
        roster.press(.escape).press(.character("u"))
        #expect(try roster.monster("Cat-Bot")?.nameColor == .default, "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Explode-Bot")?.nameColor == .red)
    }

    @Test("the origin wheel with marks writes nothing as it turns, then once when Done keeps it, for every marked monster")
    func originForMarked() throws {
        let roster = try markingTwo()
        let historyBefore = try roster.store.historyCount()
        try roster.edit("Origin")
        #expect(roster.screen.find("Origin for 2 marked monsters") != nil, "the wheel says whom: \(roster.text)")
        roster.type("fra").press(.down, .up)
        #expect(try roster.store.historyCount() == historyBefore, "turning the wheel wrote nothing")
        #expect(try roster.monster("Cat-Bot")?.origin == "JP")
        roster.press(.enter)
        #expect(try roster.monster("Cat-Bot")?.origin == "FR")
        #expect(try roster.monster("Explode-Bot")?.origin == "FR")
        #expect(try roster.monster("Fire-Bot")?.origin == "IS", "selected but not marked: unchanged")
        #expect(roster.footer.message == "gave 2 marked monsters origin France (FR)", "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == historyBefore + 1, "written once")
        roster.press(.escape).press(.character("u"))
        #expect(try roster.monster("Cat-Bot")?.origin == "JP", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Explode-Bot")?.origin == "US")
    }

    @Test("passing through the height wheel with marks gives the marked monsters nothing")
    func passingThroughWritesNothing() throws {
        let roster = try markingTwo()
        let historyBefore = try roster.store.historyCount()
        let heightBefore = try roster.monster("Cat-Bot")?.height
        try roster.edit("Height")
        roster.press(.tab)                                // Next: to Origin, the wheels untouched
        #expect(roster.editingLabel == "Origin")
        roster.press(.escape)
        #expect(try roster.store.historyCount() == historyBefore)
        #expect(try roster.monster("Cat-Bot")?.height == heightBefore)
    }

    @Test("⌫ in the origin wheel with marks makes every marked monster's origin unknown, as one change")
    func clearingForMarked() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let store = try SQLiteRosterStore.open(path: roster.path)
        _ = try store.edit(["Cat-Bot", "Dog-Bot", "Explode-Bot"], MonsterChanges(origin: .some("FR")))
        roster.interface.poll()
        roster.showList().press(.character(" "), .character(" "))
        try roster.edit("Origin")
        roster.press(.backspace)
        #expect(try roster.monster("Cat-Bot")?.origin == nil)
        #expect(try roster.monster("Dog-Bot")?.origin == nil)
        #expect(try roster.monster("Explode-Bot")?.origin == "FR", "selected but not marked: unchanged")
        #expect(roster.footer.message == "made the origin of 2 marked monsters unknown", "\(roster.footer.message ?? "")")
    }
}

/// A click with Ctrl, Alt or Shift, as the terminal reports it in SGR
/// mouse mode (1006), marks the monster clicked, in place.
@Suite("Marking with a modified click")
struct ModifiedClickTests {
    /// What the terminal sends for a left press and release at `point`
    /// with `modifierBits` (4 Shift, 8 Alt, 16 Ctrl), one-based.
    func sgrClick(at point: Point, modifierBits: Int) -> [UInt8] {
        let code = modifierBits
        return Array("\u{1B}[<\(code);\(point.x + 1);\(point.y + 1)M\u{1B}[<\(code);\(point.x + 1);\(point.y + 1)m".utf8)
    }

    @Test("Ctrl-click, Alt-click and Shift-click mark the clicked monster and stay on it; a plain click only selects",
          arguments: [16, 8, 4])
    func modifiedClickMarks(_ bits: Int) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        var decoder = KeyDecoder()
        let explode = try #require(roster.screen.find("Explode-Bot"))
        for event in decoder.feed(sgrClick(at: explode, modifierBits: bits)) { roster.interface.handle(event) }
        #expect(roster.list.lines.prefix(3) == ["Cat-Bot", "Dog-Bot", "✓ Explode-Bot"], "\(roster.text)")
        #expect(roster.list.selected == "✓ Explode-Bot", "stays on the monster clicked")
        let title = try #require(roster.listTitle)
        #expect(title.contains("1 marked") || title.contains("1✓"), "\(title)")
        // A plain click selects and marks nothing.
        let fire = try #require(roster.screen.find("Fire-Bot"))
        for event in decoder.feed(sgrClick(at: fire, modifierBits: 0)) { roster.interface.handle(event) }
        #expect(roster.list.selected == "Fire-Bot")
        #expect(roster.interface.controller.marked.count == 1)
        // The same click again unmarks.
        let marked = try #require(roster.screen.find("✓ Explode-Bot"))
        for event in decoder.feed(sgrClick(at: marked, modifierBits: bits)) { roster.interface.handle(event) }
        #expect(roster.interface.controller.marked.isEmpty, "\(roster.text)")
    }
}
