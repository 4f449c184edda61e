import Testing
@testable import RosterCore

/// A character may carry any number of combining marks ("Z̸̢̛͎…"): a name
/// of three characters can be thousands of code points. The file's CHECK
/// constraints count code points, so the model must refuse first, with a
/// sentence and as bad input, not as SQLite's words and a storage error.
@Suite("Combining marks past what the file holds")
struct CombiningMarkTests {
    private static func storm(_ base: String, marks: Int) -> String {
        base + String(repeating: "\u{0301}", count: marks)
    }

    @Test("a name or description of few characters and many marks is refused by the model")
    func refusedByTheModel() {
        let name = Self.storm("Z", marks: 5000) + "ap"
        #expect(name.count == 3)
        #expect(MonsterRules.nameProblem(name)?.message
            == "a name can hold at most 512 code points, each accent or other mark on a letter counted apart from it; this one holds 5003")
        #expect(MonsterRules.nameProblem(Self.storm("Z", marks: 511)) == nil, "512 code points fit")

        let description = Self.storm("a", marks: 3000)
        #expect(MonsterRules.descriptionProblem(description)?.message
            == "a description can hold at most 2240 code points, each accent or other mark on a letter counted apart from it; this one holds 3001")
        #expect(MonsterRules.descriptionProblem(Self.storm("a", marks: 2239)) == nil)
    }

    @Test("add and edit refuse them as invalid and change nothing; the longest allowed is stored")
    func addAndEdit() throws {
        let roster = try ImportRoster()
        let before = try roster.export(.json)
        let cat = try #require(try roster.store.find("Cat-Bot"))
        let added = #expect(throws: RosterError.self) {
            _ = try roster.store.add(Monster(id: 0, name: Self.storm("Z", marks: 600), description: "", icon: Monster.defaultIcon,
                                             nameColor: .default, weapon: Weapon(.fire)))
        }
        guard case .invalid = added else {
            Issue.record("\(String(describing: added))")
            return
        }
        let refused = #expect(throws: RosterError.self) {
            _ = try roster.store.edit(monsterID: cat.id, MonsterChanges(description: Self.storm("a", marks: 3000)))
        }
        guard case .invalid(let problems) = refused else {
            Issue.record("\(String(describing: refused))")
            return
        }
        #expect(problems.map(\.field) == ["description"])
        #expect(try roster.export(.json) == before)

        let longest = Self.storm("Z", marks: 511)
        _ = try roster.store.add(Monster(id: 0, name: longest, description: Self.storm("a", marks: 2239), icon: Monster.defaultIcon,
                                         nameColor: .default, weapon: Weapon(.fire)))
        #expect(try roster.store.find(longest)?.description.unicodeScalars.count == 2240)
    }

    @Test("an import names the line and the field of each, and changes nothing", arguments: [ImportMode.insert, .upsert, .replace])
    func imported(mode: ImportMode) throws {
        let roster = try ImportRoster()
        let csv = "name,weapon,description\n" + Self.storm("Z", marks: 600) + ",fire,ok\nY-Bot,fire," + Self.storm("b", marks: 3000) + "\n"
        #expect(roster.importProblems(csv, mode: mode) == [
            "2:1: name: a name can hold at most 512 code points, each accent or other mark on a letter counted apart from it; this one holds 601",
            "3:12: description: a description can hold at most 2240 code points, each accent or other mark on a letter counted apart from it; this one holds 3001",
        ])
        #expect(try roster.store.count() == 6)
    }
}
