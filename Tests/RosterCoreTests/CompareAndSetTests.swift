import Testing
@testable import RosterCore

/// No update is silently lost: a save that started from an older monster
/// is refused with the newer one, whichever process got there first.
@Suite("Compare-and-set")
struct CompareAndSetTests {
    @Test("an editor's save is refused when another process changed that field since, and shows the newer value")
    func editorLosesNothing() throws {
        let roster = try ImportRoster()
        let interface = try SQLiteRosterStore.open(path: roster.path)
        interface.surface = .interactiveRoster
        let original = try interface.resolve("Cat-Bot")
        // A script renames the monster while the person is typing.
        _ = try roster.store.edit("Cat-Bot", MonsterChanges(name: "Script-Bot"))
        #expect {
            try interface.edit(monsterID: original.id, MonsterChanges(name: "Typed-Bot"), startingFrom: original)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.name == "Script-Bot" && fields == ["name"]
        }
        #expect(try roster.store.resolve("#1").name == "Script-Bot")
        // Choosing their own value saves it, starting from the newer one.
        let newer = try interface.resolve("#1")
        let saved = try interface.edit(monsterID: 1, MonsterChanges(name: "Typed-Bot"), startingFrom: newer)
        #expect(saved?.after.name == "Typed-Bot")
        #expect(try roster.store.history(limit: 1).first?.surface == .interactiveRoster)
    }

    @Test("a field nobody else touched saves even when another field changed")
    func otherFieldsDoNotBlock() throws {
        let roster = try ImportRoster()
        let original = try roster.store.resolve("Cat-Bot")
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        let saved = try roster.store.edit(monsterID: 1, MonsterChanges(description: "new"), startingFrom: original)
        #expect(saved?.after.description == "new")
        #expect(saved?.after.weapon.type == .fire)
    }

    @Test("the weapon panel's choice is refused when the weapon changed since it opened")
    func weaponPanel() throws {
        let roster = try ImportRoster()
        let opened = try roster.store.resolve("Cat-Bot")
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)])
        #expect {
            try roster.store.edit(monsterID: 1, MonsterChanges(weapon: .fire), startingFrom: opened)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.weapon.type == .smoke && fields == ["weapon"]
        }
        let newer = try roster.store.resolve("Cat-Bot")
        #expect(try roster.store.edit(monsterID: 1, MonsterChanges(weapon: .fire), startingFrom: newer)?.isChange == true)
    }

    @Test("expected values are read in the forms edit takes, and checked in the write")
    func expectedValues() throws {
        let roster = try ImportRoster()
        var expected = ExpectedValues()
        #expect(expected.expect("weapon", text: "Sword") == nil)
        #expect(expected.expect("height", text: "2ft4") == nil)
        #expect(expected.expect("colour", text: "red")?.contains("did you mean `name_color`?") == true)
        #expect(expected.expect("id", text: "1") != nil)
        _ = try roster.store.edit("Cat-Bot", MonsterChanges(name: "Kitty-Bot"), expecting: expected)
        var wrong = ExpectedValues()
        _ = wrong.expect("origin", text: "none")
        #expect {
            try roster.store.edit("Kitty-Bot", MonsterChanges(name: "Other-Bot"), expecting: wrong)
        } throws: { error in
            guard case RosterError.changedSince(_, let fields) = error else { return false }
            return fields == ["origin"]
        }
        #expect(try roster.store.history().count == 1)
    }
}
