import Testing
@testable import RosterCore

@Suite("The words a change is told in")
struct ChangeWordingTests {
    let catBot = Monster(id: 1, name: "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png", nameColor: .default,
                         weapon: Weapon(.sword))

    @Test("an empty description is told as none, not as two backticks")
    func emptyDescription() {
        var cleared = catBot
        cleared.description = ""
        #expect(ChangeWording.differences(catBot, cleared) == ["description `MEE-OW` → (none)"])
        #expect(ChangeWording.differences(cleared, catBot) == ["description (none) → `MEE-OW`"])
        #expect(ChangeWording.edit(catBot, cleared) == "Cat-Bot: description `MEE-OW` → (none)")
    }

    @Test("every field that differs is told, in field order, each in its own words")
    func everyField() throws {
        var after = catBot
        after.name = "Kitty-Bot"
        after.description = "purr"
        after.icon = "meetdogbot.png"
        after.nameColor = .red
        after.weapon = Weapon(.ninjaStar)
        after.height = Height(feet: 6, inches: 2)
        after.origin = "FR"
        after.activated = Timestamp(iso8601: "2026-11-29T14:05:00Z")
        let told = ChangeWording.differences(catBot, after)
        #expect(told.count == MonsterFields.dataFields.count, "a field of the table is not told: \(told)")
        #expect(Array(told.prefix(5)) == ["name `Cat-Bot` → `Kitty-Bot`", "description `MEE-OW` → `purr`",
                                          "icon meetcatbot.png → meetdogbot.png", "colour Default → Red",
                                          "weapon Sword → Ninja Star"])
        #expect(told[5] == "height unknown → 6 ft 2 in")
        #expect(told[6] == "origin unknown → \(try #require(Countries.country(code: "FR")).description)")
        #expect(told[7].hasPrefix("activated unknown → 2026-11-2"))
        #expect(ChangeWording.differences(after, after).isEmpty)
    }

    @Test("a change of seconds alone is told with the exact moments")
    func seconds() throws {
        var before = catBot, after = catBot
        before.activated = Timestamp(iso8601: "2026-11-29T14:05:28Z")
        after.activated = Timestamp(iso8601: "2026-11-29T14:05:00Z")
        #expect(ChangeWording.differences(before, after) == ["activated 2026-11-29T14:05:28Z → 2026-11-29T14:05:00Z"])
    }
}

@Suite("Changes derived from the field table")
struct MonsterChangesTests {
    let catBot = Monster(id: 1, name: "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png", nameColor: .default,
                         weapon: Weapon(.sword), height: Height(feet: 1, inches: 2), origin: "JP")

    @Test("each field set by name is set, applied and listed; the rest are left alone")
    func eachField() throws {
        let moment = try #require(Timestamp(iso8601: "2026-11-29T14:05:00Z"))
        let cases: [(MonsterChanges, String, (Monster) -> Bool)] = [
            (MonsterChanges(name: "Kitty-Bot"), "name", { $0.name == "Kitty-Bot" }),
            (MonsterChanges(description: ""), "description", { $0.description.isEmpty }),
            (MonsterChanges(icon: "meetdogbot.png"), "icon", { $0.icon == "meetdogbot.png" }),
            (MonsterChanges(nameColor: .blue), "name_color", { $0.nameColor == .blue }),
            (MonsterChanges(weapon: .fire), "weapon", { $0.weapon == Weapon(.fire) }),
            (MonsterChanges(height: .some(nil)), "height", { $0.height == nil }),
            (MonsterChanges(origin: "FR"), "origin", { $0.origin == "FR" }),
            (MonsterChanges(activated: .some(moment)), "activated", { $0.activated == moment }),
        ]
        #expect(cases.map(\.1) == MonsterFields.dataFields.map(\.key), "a field of the table has no case here")
        for (changes, key, holds) in cases {
            #expect(changes.fieldKeys == [key])
            #expect(!changes.isEmpty && changes.sets(key))
            let applied = changes.applied(to: catBot)
            #expect(holds(applied), "\(key)")
            for field in MonsterFields.all where field.key != key {
                #expect(field.value(applied) == field.value(catBot), "\(key) changed \(field.key) too")
            }
        }
    }

    @Test("a property set and then unset is no change; equal changes are equal")
    func unsetting() {
        var changes = MonsterChanges(name: "Kitty-Bot", weapon: .smoke)
        #expect(changes.fieldKeys == ["name", "weapon"])
        #expect(changes.weapon == .smoke && changes.name == "Kitty-Bot" && changes.icon == nil)
        changes.name = nil
        changes.weapon = nil
        #expect(changes.isEmpty)
        #expect(changes == MonsterChanges())
        #expect(changes.applied(to: catBot) == catBot)
        changes.description = "new"
        #expect(changes == MonsterChanges(description: "new"))
        #expect(changes.hashValue == MonsterChanges(description: "new").hashValue)
    }

    @Test("the model's rules come from the table, one problem per broken field, in field order")
    func problems() {
        var broken = catBot
        broken.name = ""
        broken.icon = "x"
        broken.origin = "ZZ"
        #expect(broken.problems.map(\.field) == ["name", "icon", "origin"])
        #expect(catBot.problems.isEmpty)
    }
}
