import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// An editor open on marked monsters follows the marks it will act on:
/// another program's change that takes a marked monster out of the list
/// (out of the filter, or off the roster) changes whom the panel's title
/// names, and the title says the set changed; a choice gives the value to
/// those named, never to the monster under the cursor. `x` with every
/// mark hidden says the marks stay, as the editors do.
@Suite("Marks followed while an editor is open")
struct MarksFollowedTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    /// Marks the monsters at `positions` under `weapon!=fire` (every
    /// monster but Ice-Bot), the cursor back on Cat-Bot.
    private func marking(_ positions: [Int], size: Size) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character("/")).type("weapon!=fire").press(.enter).showList()
        for position in positions {
            roster.press(.home)
            for _ in 0..<position { roster.press(.down) }
            roster.press(.character(" "))
        }
        roster.press(.home)
        return roster
    }

    /// Another program gives `name` the weapon `weapon`, and the interface sees it.
    private func otherProgram(_ roster: RosterScreenHarness, gives name: String, _ weapon: WeaponType) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find(name)).id, MonsterChanges(weapon: weapon))
        #expect(roster.interface.poll())
    }

    @Test("a marked monster leaves the filter while the weapon panel is open: the title names the two left and says one left",
          arguments: sizes)
    func leftTheFilter(_ size: Size) throws {
        let roster = try marking([1, 3, 4], size: size)     // Dog-Bot (Blowgun), Fire-Bot, Mini-Tomato-Bot (Ninja Star)
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Weapon for 3 marked monsters, which differ", "\(roster.text)")
        try otherProgram(roster, gives: "Dog-Bot", .fire)
        let panel = try #require(roster.weaponPanel, "the panel stays open: \(roster.text)")
        #expect(panel.title == "Weapon for 2 marked monsters; 1 dropped out", "\(roster.text)")
        #expect(panel.currentIndex == WeaponType.allCases.firstIndex(of: .ninjaStar), "the two left share Ninja Star")
        roster.type("5")
        #expect(try roster.weaponInDatabase("Fire-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Mini-Tomato-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire, "out of the list: left as the other program made it")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword, "the cursor's monster, not marked")
    }

    @Test("a marked monster removed by another program: the title counts it out")
    func removedElsewhere() throws {
        let roster = try marking([0, 1], size: Size(width: 120, height: 35))
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Weapon for 2 marked monsters, which differ")
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.remove(monsterID: try #require(try other.find("Dog-Bot")).id)
        roster.interface.poll()
        #expect(roster.weaponPanel?.title == "Weapon for 1 marked monster; 1 dropped out", "\(roster.text)")
    }

    @Test("every marked monster leaves the list: the title says so and a choice is refused, the cursor's monster untouched", arguments: sizes)
    func allLeft(_ size: Size) throws {
        let roster = try marking([1], size: size)           // Dog-Bot
        roster.press(.character("w"))
        try otherProgram(roster, gives: "Dog-Bot", .fire)
        #expect(roster.weaponPanel?.title == "Weapon for no marked monster; 1 dropped out", "\(roster.text)")
        #expect(roster.weaponPanel?.currentIndex == nil, "nothing ticked")
        roster.type("3")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword, "never given to the monster under the cursor")
        #expect(roster.footer.message == "no weapon was changed: the marked monsters have left the list", "\(roster.footer.message ?? "")")
    }

    @Test("x with every mark hidden asks about the cursor's monster alone and says the marks stay, as w does", arguments: sizes)
    func removeWithEveryMarkHidden(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList()
        for position in [1, 4] {                             // Dog-Bot, Ice-Bot
            roster.press(.home)
            for _ in 0..<position { roster.press(.down) }
            roster.press(.character(" "))
        }
        roster.press(.character("/")).type("cat").press(.enter).showList()
        roster.press(.character("x"))
        let question = try #require(roster.overlay, "\(roster.text)")
        #expect(question.shows("Remove Cat-Bot alone? (2 hidden marks stay)"), "whole, even at 60 columns: \(question.lines)")
        roster.press(.character("y"))
        #expect(try roster.monster("Cat-Bot") == nil)
        #expect(try roster.monster("Dog-Bot") != nil && roster.monster("Ice-Bot") != nil, "the hidden marks stay")
    }
}
