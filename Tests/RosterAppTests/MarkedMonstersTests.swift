import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Space marks monsters; the weapon panel and remove then act on every
/// marked monster as one change, which one `u` takes back and the
/// history shows as one entry; Esc clears the marks.
@Suite("Acting on marked monsters")
struct MarkedMonstersTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    private func weapon(_ roster: RosterScreenHarness, _ name: String) throws -> WeaponType? {
        try roster.weaponInDatabase(name)
    }

    @Test("Space marks and moves on; the marks show in the list and their count in its title; Esc clears them", arguments: sizes)
    func marking(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "), .character(" "))
        #expect(roster.list.lines.prefix(3) == ["✓ Cat-Bot", "✓ Dog-Bot", "Explode-Bot"], "\(roster.text)")
        #expect(roster.list.selected == "Explode-Bot", "moved on")
        let title = try #require(roster.listTitle)
        #expect(title.contains("2 marked") || title.contains("2✓"), "\(title)")
        // Space again unmarks.
        roster.press(.up, .character(" "))
        #expect(roster.list.lines.prefix(2) == ["✓ Cat-Bot", "Dog-Bot"], "\(roster.text)")
        // The drawer is the list: Esc there clears the marks before it closes.
        roster.press(.escape)
        #expect(roster.footer.message == "cleared 1 mark", "\(roster.footer.message ?? "")")
        #expect(roster.interface.controller.marked.isEmpty)
        roster.showList()
        #expect(!roster.list.lines.contains { $0.hasPrefix("✓") }, "\(roster.text)")
    }

    @Test("the weapon panel gives every marked monster the weapon as one change, says how many; one u takes it all back",
          arguments: sizes)
    func weaponForMarked(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "), .down, .character(" "))
        let historyBefore = try roster.store.historyCount()
        roster.press(.character("w"))
        let panel = try #require(roster.weaponPanel, "the weapon panel is showing: \(roster.text)")
        #expect(panel.title == "Weapon for 2 marked monsters, which differ")
        roster.type("3")
        #expect(try weapon(roster, "Cat-Bot") == .fire)
        #expect(try weapon(roster, "Explode-Bot") == .fire)
        #expect(try weapon(roster, "Dog-Bot") == .blowgun, "not marked, not changed")
        #expect(roster.footer.message == "gave 2 marked monsters Fire", "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == historyBefore + 1, "one change in the history")
        roster.press(.escape, .escape).press(.character("u"))
        #expect(try weapon(roster, "Cat-Bot") == .sword, "\(roster.footer.message ?? "")")
        #expect(try weapon(roster, "Explode-Bot") == .smoke)
    }

    @Test("x asks once for every marked monster and removes them all as one change; u brings them all back")
    func removeMarked() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character(" "), .character(" "), .character("x"))
        #expect(roster.text.contains("Remove 2 marked monsters: Cat-Bot, Dog-Bot?"), "\(roster.text)")
        roster.press(.character("y"))
        #expect(roster.list.lines == ["Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"], "\(roster.text)")
        #expect(roster.footer.message == "removed 2 marked monsters", "\(roster.footer.message ?? "")")
        #expect(roster.interface.controller.marked.isEmpty)
        roster.press(.character("u"))
        #expect(roster.list.lines.count == 6, "\(roster.text)")
    }

    @Test("a marked monster another program removed is dropped; the rest take the weapon")
    func markedMonsterGone() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character(" "), .character(" "))
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.remove(monsterID: try #require(try other.find("Dog-Bot")).id)
        roster.interface.poll()
        roster.press(.character("w")).type("5")
        #expect(try weapon(roster, "Cat-Bot") == .smoke)
        #expect(roster.footer.message == "gave 1 marked monster Smoke", "\(roster.footer.message ?? "")")
    }
}
