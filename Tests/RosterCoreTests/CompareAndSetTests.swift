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

    /// The name says which monster was found at the id: another program
    /// may move that monster away and put a different one at its id.
    @Test("an editor's save to an id another program gave to a different monster is refused, and the stranger keeps its fields")
    func strangerAtTheIDIsNotEdited() throws {
        let roster = try ImportRoster()
        let found = try roster.store.resolve("Dog-Bot")
        let other = try Database(path: roster.path, options: .readWrite)
        try other.execute("BEGIN")
        try other.execute("UPDATE monster SET id = 500 WHERE id = \(found.id)")
        try other.execute("INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (\(found.id), 'Other-Bot', 'other-bot', 'meetcatbot.png', 'fire')")
        try other.execute("COMMIT")
        #expect {
            try roster.store.edit(monsterID: found.id, MonsterChanges(description: "for Dog-Bot"), startingFrom: found)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.name == "Other-Bot" && fields.contains("name")
        }
        #expect(try roster.store.resolve("Other-Bot").description == "")
        #expect(try roster.store.resolve("Dog-Bot").description == found.description)
    }

    @Test("a weapon for a marked monster named as found is refused inside the write when its id now holds another name")
    func weaponForMarkNamedAsFound() throws {
        let roster = try ImportRoster()
        let found = try roster.store.resolve("Dog-Bot")
        let other = try Database(path: roster.path, options: .readWrite)
        try other.execute("UPDATE monster SET name = 'Pup-Bot' WHERE id = \(found.id)")
        #expect {
            try roster.store.setWeapons([WeaponAssignment(reference: "#\(found.id)", weapon: .fire, location: nil, expecting: found.weapon.type, named: found.name)])
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.name == "Pup-Bot" && fields == ["name"]
        }
        #expect(try roster.store.resolve("Pup-Bot").weapon.type == found.weapon.type)
        // The weapon it carries already: not told as kept for a monster nobody chose.
        #expect(throws: RosterError.self) {
            try roster.store.setWeapons([WeaponAssignment(reference: "#\(found.id)", weapon: found.weapon.type, location: nil,
                                                          expecting: found.weapon.type, named: found.name)])
        }
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

    @Test("a write to many checks each monster against its own starting value, inside the write: one changed elsewhere refuses it all",
          arguments: StoreKind.allCases)
    func eachMonsterItsOwn(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        let found = try store.monsters(ids: [1, 2]).sorted { $0.id < $1.id }  // Sword, Blowgun
        _ = try roster.open().setWeapons([WeaponAssignment(reference: "#2", weapon: .smoke)])
        let assignments = found.map { WeaponAssignment(reference: "#\($0.id)", weapon: .fire, expecting: $0.weapon.type) }
        #expect {
            try store.setWeapons(assignments, dryRun: false, expecting: nil)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.id == 2 && current.weapon.type == .smoke && fields == ["weapon"]
        }
        var expected = ExpectedValues()
        for monster in found { expected.expect(MonsterChanges(origin: .some("FR")), of: monster) }
        _ = try roster.open().edit("#1", MonsterChanges(origin: .some("DE")))
        #expect {
            try store.edit(["#1", "#2"], MonsterChanges(origin: .some("FR")), dryRun: false, expecting: expected)
        } throws: { error in
            guard case RosterError.changedSince(let current, let fields) = error else { return false }
            return current.id == 1 && fields == ["origin"]
        }
        #expect(try store.monsters(ids: [1, 2]).sorted { $0.id < $1.id }.map(\.weapon.type) == [.sword, .smoke], "nothing written")
        #expect(try store.monster(id: 2)?.origin == found[1].origin)
        // Each as it is now: saved, as one change.
        let now = try store.monsters(ids: [1, 2]).sorted { $0.id < $1.id }
        let changes = try store.setWeapons(now.map { WeaponAssignment(reference: "#\($0.id)", weapon: .fire, expecting: $0.weapon.type) },
                                           dryRun: false, expecting: nil)
        #expect(changes.filter(\.isChange).count == 2)
        #expect(try store.monsters(ids: [1, 2]).map(\.weapon.type) == [.fire, .fire])
    }
}
