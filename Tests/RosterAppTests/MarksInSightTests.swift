import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The editors start from the marked monsters, not from the one under the
/// cursor; the activation picker honours marks as the other editors do;
/// a filter hides marks, as ranger's does: what it hides is left as it is,
/// and said so; a marked monster another program removed stops counting
/// as soon as the change is seen.
@Suite("Marks: what the editors start from and act on")
struct MarksInSightTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    /// Marks the monsters at `positions` and leaves the cursor on the first monster, Cat-Bot.
    private func marking(_ positions: [Int], size: Size = Size(width: 120, height: 35)) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList()
        for position in positions {
            roster.press(.home)
            for _ in 0..<position { roster.press(.down) }
            roster.press(.character(" "))
        }
        roster.press(.home)
        #expect(roster.list.selected?.hasSuffix("Cat-Bot") == true)
        return roster
    }

    @Test("the weapon panel ticks the weapon the marked monsters carry (Ninja Star), not the cursor's Sword", arguments: sizes)
    func weaponPanelStartsFromMarks(_ size: Size) throws {
        let roster = try marking([3, 5], size: size)      // Fire-Bot and Mini-Tomato-Bot, both Ninja Star
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel, "the weapon panel is showing: \(roster.text)")
        #expect(panel.title == "Weapon for 2 marked monsters")
        #expect(panel.currentIndex == WeaponType.allCases.firstIndex(of: .ninjaStar), "ticked: the marks' weapon")
        #expect(panel.highlightedIndex == WeaponType.allCases.firstIndex(of: .ninjaStar))
    }

    @Test("marks that differ: the panel ticks nothing and its title says they differ")
    func weaponPanelMarksDiffer() throws {
        let roster = try marking([1, 2])                   // Dog-Bot (Blowgun), Explode-Bot (Smoke)
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel)
        #expect(panel.title == "Weapon for 2 marked monsters, which differ")
        #expect(panel.currentIndex == nil, "neither Sword (the cursor's) nor one of theirs")
    }

    @Test("the colour popover ticks the marks' Red, not the cursor's Default")
    func colourStartsFromMarks() throws {
        let roster = try marking([2, 3])                   // Explode-Bot and Fire-Bot, both red
        try roster.edit("Colour")
        #expect(roster.screen.find("Colour for 2 marked monsters") != nil, "\(roster.text)")
        #expect(roster.window.popoverIsShowing)
        let menu = try #require(roster.interface.screen.colorField.inputView as? MenuPopover)
        #expect(menu.currentIndex == NameColor.allCases.firstIndex(of: .red))
    }

    @Test("the activation picker, summoned with a, acts on the marked monsters as one change; the cursor's stays", arguments: sizes)
    func activationHonoursMarks(_ size: Size) throws {
        let roster = try marking([1, 2], size: size)      // Dog-Bot, Explode-Bot
        let catBefore = try roster.monster("Cat-Bot")?.activated
        let historyBefore = try roster.store.historyCount()
        roster.press(.character("a"))
        #expect(roster.editingLabel == "Activated", "\(roster.text)")
        #expect(roster.screen.find("Activated for 2 marked monsters") != nil, "the picker says whom: \(roster.text)")
        roster.press(.down, .enter)                        // a year on from Dog-Bot's 2018, then Done
        let dog = try #require(try roster.monster("Dog-Bot")?.activated)
        #expect(dog.localFields.year == 2019, "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Explode-Bot")?.activated == dog, "both marked take it")
        #expect(try roster.monster("Cat-Bot")?.activated == catBefore, "the cursor's monster, not marked, is unchanged")
        #expect(try roster.store.historyCount() == historyBefore + 1, "one change")
        #expect(roster.footer.message?.hasPrefix("gave 2 marked monsters activation") == true, "\(roster.footer.message ?? "")")
    }

    @Test("a filter hiding a mark: the title says so, the panel acts on the marks in the list and says the hidden one stays",
          arguments: sizes)
    func hiddenMarkLeftAndTold(_ size: Size) throws {
        let roster = try marking([0, 1, 4], size: size)    // Cat-Bot, Dog-Bot, Ice-Bot (Fire)
        roster.press(.character("/")).type("weapon!=fire").press(.enter)
        #expect(!roster.list.lines.contains { $0.contains("Ice-Bot") }, "\(roster.list.lines)")
        let title = try #require(roster.listTitle)
        // Even the 24-column list of an 80-column split says the hidden mark.
        #expect(title.contains("3 marked, 1 hidden") || title.contains("3✓, 1 hidden"), "\(title)")
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Weapon for 2 marked monsters, which differ")
        #expect(roster.footer.message == "1 marked monster hidden by the filter stays as it is; this acts on the 2 marked monsters in the list",
                "\(roster.footer.message ?? "")")
        roster.type("5")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Ice-Bot") == .fire, "hidden by the filter: left as it was")
        #expect(roster.footer.message == "gave 2 marked monsters Smoke; 1 marked monster hidden by the filter was left as it was",
                "\(roster.footer.message ?? "")")
    }

    @Test("the footer's sentence about the marks is said again when a mark leaves the list under the panel, never left stale",
          arguments: sizes)
    func hiddenMarkSentenceFollows(_ size: Size) throws {
        let roster = try marking([0, 1, 4], size: size)    // Cat-Bot, Dog-Bot, Ice-Bot (Fire)
        roster.press(.character("/")).type("weapon!=fire").press(.enter)
        roster.press(.character("w"))
        #expect(roster.footer.message == "1 marked monster hidden by the filter stays as it is; this acts on the 2 marked monsters in the list",
                "\(roster.footer.message ?? "")")
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(weapon: .fire))
        roster.interface.poll()
        #expect(roster.weaponPanel?.title == "Weapon for 1 marked monster; 1 dropped out", "\(roster.weaponPanel?.title ?? "")")
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("2 marked monsters hidden by the filter stay as they are; this acts on the 1 marked monster in the list"),
                "\(message)")
        #expect(!message.contains("the 2 marked monsters in the list"), "the stale count is gone: \(message)")
        #expect(message.contains("meanwhile"), "the other program's change is told after it: \(message)")
    }

    @Test("every mark hidden: the panel acts on the selected monster alone, and says so")
    func allMarksHidden() throws {
        let roster = try marking([1, 4])                   // Dog-Bot, Ice-Bot
        roster.press(.character("/")).type("cat").press(.enter)
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Preferred way to kill")
        #expect(roster.footer.message == "the 2 marked monsters are all hidden by the filter and stay as they are; this acts on Cat-Bot alone",
                "\(roster.footer.message ?? "")")
        roster.type("3")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun)
    }

    @Test("x with a mark hidden asks about the marks in the list only, and the hidden one stays")
    func removeLeavesHidden() throws {
        let roster = try marking([0, 4])                   // Cat-Bot, Ice-Bot
        roster.press(.character("/")).type("weapon!=fire").press(.enter)
        roster.press(.character("x"))
        #expect(roster.text.contains("Remove 1 marked monster: Cat-Bot? (1 hidden mark stays)"), "\(roster.text)")
        roster.press(.character("y"))
        #expect(try roster.monster("Cat-Bot") == nil)
        #expect(try roster.monster("Ice-Bot") != nil, "hidden by the filter: kept")
    }

    @Test("a marked monster another program removes stops being counted when the change is seen, before any key", arguments: sizes)
    func goneMarkDroppedOnPoll(_ size: Size) throws {
        let roster = try marking([0, 1], size: size)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.remove(monsterID: try #require(try other.find("Dog-Bot")).id)
        roster.interface.poll()
        roster.showList()
        let title = try #require(roster.listTitle)
        #expect(title.contains("1 marked") || title.contains("1✓"), "\(title)")
        #expect(roster.interface.controller.marked.count == 1)
    }
}
