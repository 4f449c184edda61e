import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// `u` and `U` take changes back and put them back from the interface,
/// whichever surface made them, and the footer offers the next step.
@Suite("Undo and redo in the interactive roster")
struct HistoryKeysTests {
    @Test("a removal says removed X · u undo; u brings the monster back with its id, U removes it again")
    func removeUndoRedo() throws {
        let roster = try RosterScreenHarness()
        let before = try roster.store.monsters()
        roster.press(.character("j"), .character("x"), .character("y"))
        #expect(try roster.store.monsters().count == 5)
        #expect(roster.footer.message == "removed Dog-Bot")
        #expect(roster.footerText.contains("Removed Dog-Bot. · u undo"))

        roster.press(.character("u"))
        #expect(try roster.store.monsters() == before, "the same monster, id included")
        #expect(roster.footerText.contains("Undid remove Dog-Bot"))
        #expect(roster.footerText.contains("· U redo"))
        #expect(roster.list.lines.contains("Dog-Bot"))
        #expect(roster.details.field("Name")?.value == "Dog-Bot", "the monster brought back is the one shown")

        roster.press(.character("U"))
        #expect(try roster.store.monsters().count == 5)
        #expect(roster.footerText.contains("· u undo"))
        roster.press(.control("r"))
        #expect(roster.footer.message == "nothing to redo")
        #expect(!roster.footerText.contains("u undo"), "nothing was done, so nothing is offered")
    }

    @Test("a weapon chosen in the panel is undone by u, and a change another program made too")
    func weaponAndOtherProgram() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w")).type("3")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(roster.footerText.contains("Cat-Bot now carries Fire. · u undo"))
        roster.press(.character("u"))
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)

        // Another program (a script) changes Ice-Bot; the interface takes it back.
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .smoke)])
        roster.interface.poll()
        roster.press(.character("u"))
        #expect(try roster.weaponInDatabase("Ice-Bot") == .fire)
        #expect(roster.footer.message?.hasPrefix("undid set-weapon Ice-Bot") == true)
    }

    @Test("u refused over an import says in the footer which monster another program changed after it")
    func importRefusalInFooter() throws {
        let roster = try refusedImportUndo(width: 100, height: 30)
        let footer = roster.footerText
        #expect(footer.contains("Cannot undo #1 import roster.csv: Fire-Bot was changed by another program"), "\(footer)")
        #expect(try roster.store.resolve("Cat-Bot").description == "From the file", "nothing was undone")
    }

    @Test("a refusal longer than the window is wide wraps in the footer, its reason and outcome in sight to the end",
          arguments: [(40, 12), (60, 20), (80, 24)])
    func refusalWrapsAtNarrowWidths(_ size: (Int, Int)) throws {
        let roster = try refusedImportUndo(width: size.0, height: size.1)
        #expect(roster.footerText.hasSuffix("Fire-Bot was changed by another program after the import; nothing was undone."),
                "\(size): \(roster.lines.suffix(KeyHintBar.maximumMessageRows))")
        // The list still stands above the footer, cut short rather than covered.
        #expect(roster.header.contains("roster"))
        roster.press(.character("j"))
        // Help stays in every footer (at 40 columns Ctrl-E gives way to
        // Enter, the way to the list and help).
        #expect(roster.footerText.contains("? help"), "the next key puts the footer's keys back: \(size)")
    }

    /// An import, a change another program made after it, and `u`.
    private func refusedImportUndo(width: Int, height: Int) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: width, height: height)
        let other = try SQLiteRosterStore.open(path: roster.path)
        let file = "name,description,icon,weapon\nCat-Bot,From the file,meetcatbot.png,sword\nDog-Bot,From the file,meetdogbot.png,blowgun\n"
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(file.utf8), name: "roster.csv"), format: nil, raw: false)
        _ = try other.importMonsters(from: reader, mode: .upsert)
        // As the sqlite3 shell would: a write that bypasses roster.
        try other.database.execute("UPDATE monster SET weapon = 'smoke' WHERE id = 4")
        roster.interface.poll()
        roster.press(.character("u"))
        return roster
    }

    @Test("another program's change takes back the footer's offer: u would undo that change, not the one reported")
    func otherProgramTakesTheOfferBack() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("j"), .character("x"), .character("y"))
        #expect(roster.footerText.contains("Removed Dog-Bot. · u undo"))
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        roster.interface.poll()
        #expect(!roster.footerText.contains("u undo"), "\(roster.footerText)")

        roster.press(.character("u"))
        #expect(roster.footerText.contains("· U redo"))
        _ = try other.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .smoke)])
        roster.interface.poll()
        #expect(!roster.footerText.contains("U redo"), "a new change ends what redo could put back")
    }

    @Test("in a narrow footer the sentence wraps whole, and the key that follows it up stays at its end")
    func narrowFooterKeepsTheOffer() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.setWeapons(["Cat-Bot", "Dog-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"].map {
            WeaponAssignment(reference: $0, weapon: .smoke)
        })
        roster.interface.poll()
        roster.press(.character("u"))
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("undid set-weapon") && message.count > 60, "\(message)")
        #expect(roster.footerText == "Undid" + message.dropFirst(5) + ". · U redo", "the sentence whole, the offer after it: \(roster.footerText)")
        roster.press(.character("U"))
        #expect(roster.footerText.hasSuffix(" and 2 more. · u undo"), "\(roster.footerText)")
    }

    @Test("u while a name is typed is a letter of the name, not an undo")
    func undoKeyIsTextWhileTyping() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("w")).type("3")
        roster.press(.tab).press(.enter)
        roster.press(.control("u")).type("Buu-Bot").press(.enter)
        #expect(try roster.store.monsters().contains { $0.name == "Buu-Bot" })
        #expect(try roster.weaponInDatabase("Buu-Bot") == .fire, "the weapon change was not undone")
    }

    @Test("while a filter is typed the footer offers no letter it would type: not x remove, not U redo")
    func filterFooterOffersNoLetters() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("ca")
        let footer = roster.footerText
        #expect(!footer.contains("x remove") && !footer.contains("U redo") && !footer.contains("u undo"), "\(footer)")
        roster.press(.character("x"))
        #expect(roster.overlay == nil, "no question asked")
        #expect(roster.listFilterLine == "cax", "x was typed into the filter")
    }
}
