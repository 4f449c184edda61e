import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Issue 25's wording, tried as a new user: choosing the weapon another
/// program had just chosen said "yours was not saved", when the roster
/// holds exactly what the person chose; and a choice that changed nothing
/// offered `u undo`, which would have taken back some other change.
@Suite("Saying what a choice did when it changed nothing")
struct SameChoiceWordingTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    @Test("choosing the weapon another program chose meanwhile says the roster holds it, not that it was lost", arguments: sizes)
    func sameWeaponAsAnotherProgram(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("w"))
        #expect(roster.weaponPanel != nil, "the weapon panel is up on Cat-Bot")
        let other = try SQLiteRosterStore.open(path: roster.path)
        let cat = try #require(try other.find("Cat-Bot"))
        _ = try other.edit(monsterID: cat.id, MonsterChanges(weapon: .fire))
        let changes = try roster.store.history().count

        roster.press(.character("3"))
        let message = try #require(roster.footer.message)
        #expect(message == "another program had already changed Cat-Bot's weapon to Fire: the roster holds what you chose", "\(message)")
        #expect(!roster.footerText.contains("not saved"), "\(roster.footerText)")
        #expect(!roster.footerText.contains("u undo"), "nothing of the person's to undo: \(roster.footerText)")
        #expect(roster.weaponPanel == nil, "the panel closed: the choice is in force")
        #expect(roster.details.field("Weapon")?.value.contains("Fire") == true)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(try roster.store.history().count == changes, "roster wrote nothing")
    }

    @Test("choosing the weapon a monster carries already offers no undo", arguments: sizes)
    func weaponCarriedAlready(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("w"), .character("4"))
        #expect(roster.footer.message == "Cat-Bot already carries Sword")
        #expect(!roster.footerText.contains("u undo"), "\(roster.footerText)")
    }

    @Test("giving a marked monster the weapon it carries says so in one sentence and offers no undo", arguments: sizes)
    func markedCarryAlready(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        if roster.interface.screen.isCollapsed { roster.press(.character("m")) }
        roster.press(.space)
        #expect(roster.interface.controller.marked.count == 1, "Cat-Bot is marked")
        roster.press(.character("w"), .character("4"))
        #expect(roster.footer.message == "the marked monster's weapon stays Sword", "\(roster.footer.message ?? "")")
        #expect(!roster.footerText.contains("u undo"), "\(roster.footerText)")
        // A real change to the marks still offers its undo.
        roster.press(.character("w"), .character("3"))
        #expect(roster.footerText.contains("u undo"), "\(roster.footerText)")
    }
}
