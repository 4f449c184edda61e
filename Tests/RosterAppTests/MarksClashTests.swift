import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// An editor open on marked monsters follows the single monster's rule
/// when another program changes one of them meanwhile: the first choice
/// is refused, nothing is written, the footer names what changed (how
/// many, which, to what), and the same choice again saves it over theirs.
/// (On PostgreSQL: `PostgresInterfaceTests`.)
@Suite("A choice for marks after another program's change")
struct MarksClashTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24)]

    /// Marks Cat-Bot (Sword, from JP) and Dog-Bot (Blowgun); Explode-Bot is then selected.
    private func markingCatAndDog(_ size: Size) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "), .character(" "))
        #expect(roster.list.selected == "Explode-Bot")
        return roster
    }

    /// Another program's change to `name`, seen by the interface or not yet.
    private func otherProgram(_ roster: RosterScreenHarness, changes name: String, _ changes: MonsterChanges, seen: Bool) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find(name)).id, changes)
        if seen { #expect(roster.interface.poll()) }
    }

    @Test("the weapon panel on two marks: Cat-Bot's weapon changed elsewhere, Fire is refused naming it; Fire again gives both Fire",
          arguments: sizes, [true, false])
    func weaponRefusedThenSaved(_ size: Size, seen: Bool) throws {
        let roster = try markingCatAndDog(size)
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Weapon for 2 marked monsters, which differ", "\(roster.text)")
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(weapon: .smoke), seen: seen)
        let historyBefore = try roster.store.historyCount()
        roster.type("3")                                  // Fire
        #expect(roster.footer.message == "after you began, another program changed Cat-Bot's weapon to Smoke, so yours was not saved; "
                + "choose yours again to save it over theirs, Esc keeps theirs", "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke, "theirs stays")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun, "all or nothing: the other mark is not written either")
        #expect(try roster.store.historyCount() == historyBefore)
        #expect(roster.weaponPanel != nil, "the panel stays open for the choice again: \(roster.text)")
        roster.type("3")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire)
        #expect(roster.footer.message == "gave 2 marked monsters Fire; saved over Cat-Bot's Smoke from another program",
                "\(roster.footer.message ?? "")")
        #expect(roster.weaponPanel == nil, "closed once saved")
        #expect(try roster.store.historyCount() == historyBefore + 1, "one change")
    }

    @Test("both marked monsters changed elsewhere: one sentence counts and names them, with their new weapons")
    func severalNamed() throws {
        let roster = try markingCatAndDog(Size(width: 120, height: 35))
        roster.press(.character("w"))
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(weapon: .smoke), seen: true)
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(weapon: .fire), seen: false)
        roster.type("2")                                  // Ninja Star
        #expect(roster.footer.message == "after you began, another program changed the weapon of 2 marked monsters "
                + "(Cat-Bot to Smoke, Dog-Bot to Fire), so yours was not saved; choose yours again to save it over theirs, Esc keeps theirs",
                "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke && roster.weaponInDatabase("Dog-Bot") == .fire)
        roster.type("2")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .ninjaStar && roster.weaponInDatabase("Dog-Bot") == .ninjaStar)
    }

    @Test("another program gave a marked monster the very weapon chosen: no clash, and the other mark takes it")
    func sameChoiceIsNoClash() throws {
        let roster = try markingCatAndDog(Size(width: 120, height: 35))
        roster.press(.character("w"))
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(weapon: .fire), seen: true)
        roster.type("3")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire, "\(roster.footer.message ?? "")")
        #expect(roster.footer.message == "gave 1 marked monster Fire (1 carried it already)", "\(roster.footer.message ?? "")")
    }

    @Test("a change elsewhere to another field does not block the choice")
    func otherFieldDoesNotBlock() throws {
        let roster = try markingCatAndDog(Size(width: 120, height: 35))
        roster.press(.character("w"))
        try otherProgram(roster, changes: "Cat-Bot", MonsterChanges(description: "renamed elsewhere"), seen: true)
        roster.type("5")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .smoke && roster.weaponInDatabase("Dog-Bot") == .smoke,
                "\(roster.footer.message ?? "")")
    }

    @Test("the origin wheel on marks: refused once after another program's origin, saved when kept again")
    func originRefusedThenSaved() throws {
        let roster = try markingCatAndDog(Size(width: 120, height: 35))
        try roster.edit("Origin")
        roster.type("fra").press(.down, .up)
        try otherProgram(roster, changes: "Dog-Bot", MonsterChanges(origin: .some("DE")), seen: true)
        roster.press(.enter)
        #expect(roster.footer.message?.hasPrefix("after you began, another program changed Dog-Bot's origin to Germany (DE), so yours was not saved; ")
                == true, "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot")?.origin == "JP" && roster.monster("Dog-Bot")?.origin == "DE")
        #expect(roster.editingLabel == "Origin", "the wheel stays open: \(roster.text)")
        roster.type("fra").press(.down, .up, .enter)
        #expect(try roster.monster("Cat-Bot")?.origin == "FR" && roster.monster("Dog-Bot")?.origin == "FR", "\(roster.footer.message ?? "")")
    }

    /// The repro of the new user's trial: the second Enter, the wheels
    /// left where they were, closed the wheel and saved nothing, silently.
    @Test("a wheel on marks refused once: Enter again, the wheels untouched, saves the same choice over theirs and says so",
          arguments: ["Origin", "Height"])
    func wheelEnterAgainSaves(_ label: String) throws {
        let roster = try markingCatAndDog(Size(width: 120, height: 35))
        try roster.edit(label)
        let origin = label == "Origin"
        if origin { roster.type("ger") } else { roster.press(.down) }     // Germany; 2 ft 4 in → 3 ft 4 in
        try otherProgram(roster, changes: "Dog-Bot", origin ? MonsterChanges(origin: .some("ES"))
                         : MonsterChanges(height: .some(Height(feet: 6, inches: 0))), seen: true)
        roster.press(.enter)
        #expect(roster.footer.message?.contains("so yours was not saved") == true, "\(roster.footer.message ?? "")")
        roster.press(.enter)
        let cat = try #require(try roster.monster("Cat-Bot")), dog = try #require(try roster.monster("Dog-Bot"))
        if origin {
            #expect(cat.origin == "DE" && dog.origin == "DE", "\(roster.footer.message ?? "")")
            #expect(roster.footer.message?.hasPrefix("gave 2 marked monsters origin Germany") == true, "\(roster.footer.message ?? "")")
        } else {
            #expect(cat.height == Height(feet: 3, inches: 4) && dog.height == Height(feet: 3, inches: 4), "\(roster.footer.message ?? "")")
            #expect(roster.footer.message?.hasPrefix("gave 2 marked monsters height 3 ft 4 in") == true, "\(roster.footer.message ?? "")")
        }
        #expect(roster.editingLabel == nil, "the wheel closes once saved: \(roster.text)")
    }
}
