import Foundation
import Testing
@testable import RosterCore

/// `edit --where` as every store does it: the same changes to many
/// monsters, all or nothing, as one history entry that one undo takes
/// back. Each test runs on a SQLite file and on PostgreSQL.
@Suite("Every store edits many monsters as one change")
struct BatchEditTests {
    static let kinds = StoreKind.allCases

    @Test("one entry for every monster changed; a dry run lists each and writes nothing; one undo takes all back",
          arguments: kinds)
    func oneChange(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let before = try store.monsters()
        let entries = try store.history().count
        let matches = try store.monsterIDs(matching: MonsterQuery(conditions: try QueryParser.conditions("weapon=ninja star")))
        #expect(matches == [4, 6])
        let blue = MonsterChanges(nameColor: .blue)

        let rehearsed = try store.edit(matches.map { "#\($0)" }, blue, dryRun: true, expecting: ExpectedValues())
        #expect(rehearsed.map(\.before.name) == ["Fire-Bot", "Mini-Tomato-Bot"])
        #expect(rehearsed.allSatisfy { $0.after.nameColor == .blue && $0.isChange })
        #expect(try store.monsters() == before, "a dry run changes nothing")
        #expect(try store.history().count == entries)

        let edits = try store.edit(matches.map { "#\($0)" } + ["fire-bot"], blue, dryRun: false, expecting: ExpectedValues())
        #expect(edits.count == 2, "a monster named twice is changed once")
        let history = try store.history()
        #expect(history.count == entries + 1)
        #expect(history.first?.command == "edit")
        #expect(history.first?.summary == "Fire-Bot: colour Red → Blue; Mini-Tomato-Bot: colour Green → Blue")
        #expect(try store.monsters().filter { $0.nameColor == .blue }.map(\.id) == [2, 4, 5, 6])

        _ = try store.undo(1, dryRun: false)
        #expect(try store.monsters() == before, "one undo takes back every monster's change")
    }

    @Test("a missing monster or a broken rule changes none of them", arguments: kinds)
    func allOrNothing(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let before = try store.monsters()
        #expect(throws: RosterError.self) {
            try store.edit(["Cat-Bot", "Nobody-Bot"], MonsterChanges(description: "changed"), dryRun: false, expecting: ExpectedValues())
        }
        #expect(throws: RosterError.self) {
            try store.edit(["Cat-Bot", "Dog-Bot"], MonsterChanges(description: String(repeating: "x", count: 300)),
                           dryRun: false, expecting: ExpectedValues())
        }
        #expect(try store.monsters() == before)
    }

    @Test("weapons given to many by edit are told as set-weapon tells them", arguments: kinds)
    func weaponsAlone(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.edit(["Cat-Bot", "Dog-Bot"], MonsterChanges(weapon: .fire), dryRun: false, expecting: ExpectedValues())
        #expect(try store.history().first?.summary == "Cat-Bot: Sword → Fire; Dog-Bot: Blowgun → Fire")
        #expect(try store.history().first?.command == "set-weapon")
    }
}
