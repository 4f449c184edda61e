import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A picker opened on marked monsters whose values differ starts on no
/// one's value (the first choice, the first marked monster's moment), and
/// one opened on an unknown activation starts at now only to have somewhere
/// to start: Enter there, untouched, chooses nothing. It changes nothing and
/// says so, as the wheels do; a value moved to (even back to where the
/// highlight started), Now, or a turned wheel is a choice, and Enter saves it.
@Suite("Pickers confirmed untouched")
struct UntouchedPickersTests {
    /// Marks Cat-Bot (Sword) and Dog-Bot (Blowgun); Explode-Bot is then selected.
    private func markingCatAndDog(prepare: @escaping (SQLiteRosterStore) throws -> Void = { _ in }) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: 120, height: 35, prepare: prepare)
        roster.showList().press(.character(" "), .character(" "))
        #expect(roster.list.selected == "Explode-Bot")
        return roster
    }

    @Test("the colour list on marks that differ: Enter untouched keeps theirs and says so; moved away and back, Enter gives it")
    func colourUntouched() throws {
        let roster = try markingCatAndDog { _ = try $0.edit("Dog-Bot", MonsterChanges(nameColor: .red)) }
        let history = try roster.store.historyCount()
        try roster.edit("Colour")
        roster.press(.enter)
        #expect(roster.footer.message == "the 2 marked monsters' name colours stay as they were", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Dog-Bot")?.nameColor == .red)
        #expect(try roster.store.historyCount() == history)
        #expect(roster.editingLabel == nil, "the popover closed")
        try roster.edit("Colour")
        roster.press(.down, .up, .enter)                  // Default, chosen
        #expect(try roster.monster("Dog-Bot")?.nameColor == .default, "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == history + 1)
    }

    @Test("the weapon panel on marks that differ: Enter untouched keeps theirs and says so; moved away and back, Enter gives it")
    func weaponUntouched() throws {
        let roster = try markingCatAndDog()
        let history = try roster.store.historyCount()
        roster.press(.character("w"), .enter)
        #expect(roster.footer.message == "the 2 marked monsters' weapons stay as they were", "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword && roster.weaponInDatabase("Dog-Bot") == .blowgun)
        #expect(try roster.store.historyCount() == history)
        #expect(roster.weaponPanel == nil, "the panel closed")
        roster.press(.character("w"), .right, .left, .enter)   // Blowgun, chosen
        #expect(try roster.weaponInDatabase("Cat-Bot") == .blowgun && roster.weaponInDatabase("Dog-Bot") == .blowgun,
                "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == history + 1)
    }

    @Test("the weapon panel or colour list on 3 marked monsters that share a value: Enter as it opened writes nothing, offers no undo, and says the value stays",
          arguments: [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)])
    func sharedValueUntouched(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height) { store in
            for name in ["Cat-Bot", "Dog-Bot", "Explode-Bot"] { _ = try store.edit(name, MonsterChanges(nameColor: .red, weapon: .fire)) }
        }
        roster.showList().press(.character(" "), .character(" "), .character(" "))
        #expect(roster.interface.controller.marked.count == 3)
        let history = try roster.store.historyCount()
        roster.press(.character("w"), .enter)
        #expect(roster.footer.message == "the 3 marked monsters' weapons stay Fire", "\(roster.footer.message ?? "")")
        #expect(!roster.footerText.contains("u undo"), "\(roster.footerText)")
        #expect(try roster.store.historyCount() == history, "nothing written")
        #expect(roster.weaponPanel == nil, "the panel closed")
        // The colour list hangs from the Name field, Tabbed to from the docked list.
        guard !roster.interface.screen.isCollapsed else { return }
        try roster.edit("Colour")
        roster.press(.enter)
        #expect(roster.footer.message == "the 3 marked monsters' name colours stay Red", "\(roster.footer.message ?? "")")
        #expect(!roster.footerText.contains("u undo"), "\(roster.footerText)")
        #expect(try roster.store.historyCount() == history, "nothing written")
    }

    @Test("the Activated picker on marks that differ, the first unknown: Enter untouched keeps theirs; a wheel turned and back gives it")
    func activationOnMarksUntouched() throws {
        let roster = try markingCatAndDog { _ = try $0.edit("Cat-Bot", MonsterChanges(activated: .some(nil))) }
        let dogBefore = try roster.monster("Dog-Bot")?.activated
        let history = try roster.store.historyCount()
        roster.press(.character("a"), .enter)
        #expect(roster.footer.message == "the 2 marked monsters' activations stay as they were", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot")?.activated == nil)
        #expect(try roster.monster("Dog-Bot")?.activated == dogBefore)
        #expect(try roster.store.historyCount() == history)
        roster.press(.character("a"), .down, .up, .enter)
        let cat = try roster.monster("Cat-Bot")?.activated, dog = try roster.monster("Dog-Bot")?.activated
        #expect(cat != nil && cat == dog, "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == history + 1)
    }

    @Test("the Activated picker on an unknown activation: Enter untouched says it stays unknown; Now then Enter saves now")
    func unknownActivationUntouched() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35) { _ = try $0.edit("Cat-Bot", MonsterChanges(activated: .some(nil))) }
        let history = try roster.store.historyCount()
        roster.press(.character("a"), .enter)
        #expect(roster.footer.message == "Cat-Bot's activation stays unknown", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot")?.activated == nil)
        #expect(try roster.store.historyCount() == history)
        roster.press(.character("a"), .character("n"), .enter)
        #expect(try roster.monster("Cat-Bot")?.activated != nil, "\(roster.footer.message ?? "")")
        #expect(roster.footer.message?.hasPrefix("changed Cat-Bot: activated unknown → ") == true, "\(roster.footer.message ?? "")")
    }
}
