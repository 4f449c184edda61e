import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// `h` lists the roster's changes; `u` there undoes the highlighted
/// change, not only the newest, unless a later change touched its
/// monsters: then the footer says which, and nothing changes. Enter goes
/// back to the highlighted change, after asking.
@Suite("Undoing a change chosen from the history")
struct HistoryChooserTests {
    private func weapon(_ roster: RosterScreenHarness, _ name: String) throws -> WeaponType? {
        try roster.weaponInDatabase(name)
    }

    /// Another program's change, as a script would make it.
    private func set(_ roster: RosterScreenHarness, _ name: String, _ weapon: WeaponType) throws {
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find(name)).id, MonsterChanges(weapon: weapon))
    }

    @Test("an older change whose monster nothing touched since is undone; the newer one stays", arguments: [
        Size(width: 120, height: 35), Size(width: 60, height: 20),
    ])
    func undoOlder(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Dog-Bot", .smoke)
        roster.interface.poll()
        roster.press(.escape, .escape, .character("h"))
        let overlay = try #require(roster.window.overlays.last?.view as? HistoryOverlay, "the history is open: \(roster.text)")
        #expect(overlay.entries.first?.line.contains("Dog-Bot") == true, "newest first: \(overlay.entries.map(\.line))")
        #expect(roster.overlay?.shows("set-weapon Cat-Bot: Sword → Fire") == true, "the changes are in the history's box")
        roster.press(.down, .character("u"))
        #expect(try weapon(roster, "Cat-Bot") == .sword, "the chosen change is undone")
        #expect(try weapon(roster, "Dog-Bot") == .smoke, "the newer change stays")
        #expect(roster.window.overlays.isEmpty)
        #expect(roster.footer.message?.hasPrefix("undid") == true && roster.footer.message?.contains("Cat-Bot") == true,
                "\(roster.footer.message ?? "no message")")
    }

    @Test("a change whose monster a later change touched is refused, naming the later change, and nothing changes")
    func refusedNamingTheLaterChange() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try set(roster, "Cat-Bot", .fire)
        try set(roster, "Cat-Bot", .smoke)
        roster.interface.poll()
        roster.press(.escape, .character("h"), .down, .character("u"))
        #expect(try weapon(roster, "Cat-Bot") == .smoke)
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("cannot undo #1 set-weapon Cat-Bot: Sword → Fire: Cat-Bot has been changed since, by #2"), "\(message)")
        #expect(message.hasSuffix("nothing was undone"), "\(message)")
    }

    @Test("a change undone already says so; Esc closes the history with nothing changed")
    func undoneAlready() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try set(roster, "Cat-Bot", .fire)
        roster.interface.poll()
        roster.press(.escape, .character("u"))
        #expect(try weapon(roster, "Cat-Bot") == .sword)
        roster.press(.character("h"))
        #expect(roster.window.overlays.last?.view is HistoryOverlay)
        roster.press(.escape)
        #expect(roster.window.overlays.isEmpty)
        roster.press(.character("h"), .down, .character("u"))
        #expect(roster.footer.message?.contains("it is undone already") == true, "\(roster.footer.message ?? "no message")")
        #expect(try weapon(roster, "Cat-Bot") == .sword)
    }
}
