import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// After its own write to a field the interface updates the row it holds:
/// the name index is built again, and rows read again, only after adds,
/// removes, renames, undo and redo, imports and other programs' changes.
@Suite("Write, then update what changed")
struct WriteThenUpdateTests {
    /// Index builds and row reads since `body` began.
    private func cost(_ roster: RosterScreenHarness, _ body: () throws -> Void) rethrows -> (builds: Int, reads: Int) {
        let list = roster.interface.controller.list
        _ = roster.screen
        let (builds, reads) = (list.indexBuilds, list.windowReads)
        try body()
        _ = roster.screen
        return (list.indexBuilds - builds, list.windowReads - reads)
    }

    @Test("choosing a weapon shows it in the list and the details without building the index or reading a row",
          arguments: [(120, 35), (80, 24), (60, 20)])
    func weaponChosen(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let spent = cost(roster) { roster.press(.character("w"), .character("3")) }
        #expect(spent.builds == 0 && spent.reads == 0, "\(spent)")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(roster.footer.message == "Cat-Bot now carries Fire")
        roster.press(.escape)
        #expect(roster.details.field("Weapon")?.value.contains("Fire") == true)
        if !roster.interface.screen.isCollapsed {
            let row = try #require(roster.screen.lines.first { $0.contains("Cat-Bot") && $0.contains(WeaponType.fire.glyph) })
            #expect(row.contains("Cat-Bot"), "the list's row shows the new weapon's glyph")
        }
    }

    @Test("a description saved with Enter costs no index build and no read")
    func descriptionSaved() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Description")
        let spent = cost(roster) { roster.type(" purr").press(.enter) }
        #expect(spent.builds == 0 && spent.reads == 0, "\(spent)")
        #expect(try roster.monster("Cat-Bot")?.description == "MEE-OW purr")
        #expect(roster.details.field("Description")?.value == "MEE-OW purr")
    }

    @Test("a rename, an undo and another program's change build the index again")
    func rebuilds() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Name")
        var spent = cost(roster) { roster.press(.control("u")).type("Tabby").press(.enter) }
        #expect(spent.builds == 1, "a rename: \(spent)")
        roster.press(.escape)
        spent = cost(roster) { roster.press(.character("u")) }
        #expect(spent.builds == 1, "an undo: \(spent)")
        #expect(try roster.monster("Cat-Bot") != nil)
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find("Dog-Bot")).id, MonsterChanges(weapon: .smoke))
        spent = cost(roster) { roster.interface.poll() }
        #expect(spent.builds == 1, "another program's change: \(spent)")
    }

    @Test("under an expression filter a field's change reads the list again: it may leave the filter")
    func expressionFilter() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("/")).type("weapon=sword").press(.enter)
        let spent = cost(roster) { roster.press(.character("w"), .character("3")) }
        #expect(spent.builds == 1, "\(spent)")
        #expect(roster.interface.controller.list.filter == "weapon=sword")
    }

    @Test("the background reader opens the roster file read-only")
    func backgroundReaderReadsOnly() throws {
        let roster = try RosterScreenHarness()
        let reader = try MonsterListModel.backgroundReader(for: .file(roster.path))
        let cat = try #require(try reader.find("Cat-Bot"))
        #expect(throws: RosterError.self) { _ = try reader.edit(monsterID: cat.id, MonsterChanges(weapon: .fire)) }
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
    }
}
