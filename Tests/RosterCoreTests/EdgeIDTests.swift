import Testing
@testable import RosterCore

/// Ids at the ends of what SQLite stores, and ids below 1 that another
/// program may write: imports neither crash nor refuse good data, and a
/// roster holding such ids reads, changes and round-trips like any other.
@Suite("Imports and lookups with ids at the edges")
struct EdgeIDTests {
    static let largest = Int64.max

    /// Puts a monster with this id and name straight into the table, as
    /// another program could.
    static func plant(_ roster: ImportRoster, id: Int64, name: String) throws {
        try roster.store.database.cached(
            "INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon) VALUES (?, ?, ?, '', 'unknown.png', 'default', 'sword')"
        ).run([.integer(id), .text(name), .text(MonsterRules.nameKey(name))])
    }

    func ndjson(_ lines: String...) -> [UInt8] {
        Array(lines.joined(separator: "\n").utf8)
    }

    @Test("M12: a replace import with id 2^63−1 is refused in one sentence naming the line and the id, the roster is left as it was, and add still works")
    func replaceWithLargestIDRefused() throws {
        let roster = try ImportRoster()
        let before = try roster.export(.json)
        let file = ndjson(#"{"name":"B","weapon":"sword"}"#, #"{"id":9223372036854775807,"name":"A","weapon":"sword"}"#)
        #expect(roster.importProblems(String(decoding: file, as: UTF8.self), mode: .replace) == [
            "2:7: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not 9223372036854775807",
        ])
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.database.integer("SELECT last FROM monster_sequence") == 6)
        let added = try roster.store.add(Monster(id: 0, name: "Zed", description: "", icon: Monster.defaultIcon,
                                                 nameColor: .default, weapon: Weapon(.fire)))
        #expect(added.id == 7)
    }

    @Test("replace: id 2^53−1, the largest an import takes, then a record without an id gets 2^53")
    func replaceUsesTheNextID() throws {
        let roster = try ImportRoster()
        let summary = try roster.importBytes(ndjson(#"{"id":9007199254740991,"name":"A","weapon":"sword"}"#,
                                                    #"{"name":"B","weapon":"fire"}"#), mode: .replace)
        #expect(summary == ImportSummary(added: 2, removed: 6))
        #expect(try roster.store.monsters().map(\.id) == [MonsterFields.largestExactID, MonsterFields.largestExactID + 1])
    }

    @Test("replace: a record without an id, in a roster whose planted ids reach 2^63−1, is refused as data, not a crash")
    func replaceAfterPlantedLargestID() throws {
        let roster = try ImportRoster()
        try Self.plant(roster, id: Self.largest, name: "Max")
        let before = try roster.export(.json)
        #expect(roster.importProblems(#"{"name":"B","weapon":"sword"}"#, mode: .replace) == [
            "1:1: id: no id is left for a new monster: the roster's ids already reach 9223372036854775807",
        ])
        #expect(try roster.export(.json) == before)
    }

    @Test("upsert into a roster holding id 2^63−1 updates that monster; a new name there is a located 65")
    func upsertBesideLargestID() throws {
        let roster = try ImportRoster()
        try Self.plant(roster, id: Self.largest, name: "Max")
        let summary = try roster.importBytes(ndjson(#"{"name":"Max","weapon":"fire"}"#), mode: .upsert)
        #expect(summary == ImportSummary(updated: 1))
        #expect(try roster.store.resolve("Max").weapon.type == .fire)
        #expect(try roster.store.resolve("Max").id == Self.largest)
        // Earlier updates of other monsters do not make Max look like a
        // name used twice in the file.
        #expect(try roster.importBytes(ndjson(#"{"name":"Cat-Bot","weapon":"fire"}"#, #"{"name":"max","weapon":"smoke"}"#),
                                       mode: .upsert) == ImportSummary(updated: 2))
        // A new monster has no id left above the largest.
        #expect(roster.importProblems("{\"name\":\"Cat-Bot\",\"weapon\":\"sword\"}\n{\"name\":\"New\",\"weapon\":\"sword\"}\n{\"name\":\"Max\",\"weapon\":\"blowgun\"}",
                                      mode: .upsert) == [
            "2:1: id: no id is left for a new monster: the roster's ids already reach 9223372036854775807",
        ])
        #expect(roster.importProblems("name,weapon\nNew,sword\n", mode: .insert) == [
            "2:1: id: no id is left for a new monster: the roster's ids already reach 9223372036854775807",
        ])
        #expect(try roster.store.resolve("Max").weapon.type == .smoke)
        // add keeps the same rule, rather than SQLite's random free id.
        #expect {
            _ = try roster.store.add(Monster(id: 0, name: "Zed", description: "", icon: Monster.defaultIcon,
                                             nameColor: .default, weapon: Weapon(.fire)))
        } throws: { error in
            guard case RosterError.invalid(let problems) = error else { return false }
            return problems.map(\.message) == ["no id is left for a new monster: the roster's ids already reach 9223372036854775807"]
        }
        #expect(try roster.store.find("Zed") == nil)
    }

    @Test("insert beside id 2^63−2 takes the last id, then says none is left")
    func insertUpToTheLastID() throws {
        let roster = try ImportRoster()
        try Self.plant(roster, id: Self.largest - 1, name: "Almost")
        #expect(roster.importProblems("name,weapon\nA,sword\nB,sword\na,fire\n", mode: .insert) == [
            "3:1: id: no id is left for a new monster: the roster's ids already reach 9223372036854775807",
            "4:1: name: `a` reads as `A`, which is already used at line 2, column 1 (names are compared ignoring case, width and look-alike letters)",
        ])
        #expect(try roster.importText("name,weapon\nA,sword\n", mode: .insert) == ImportSummary(added: 1))
        #expect(try roster.store.resolve("A").id == Self.largest)
    }

    @Test("replace into an empty roster gives records without ids new ids, dry run or not")
    func replaceIntoEmptyRoster() throws {
        let roster = try ImportRoster()
        #expect(try roster.importBytes([], mode: .replace, format: .ndjson) == ImportSummary(removed: 6))
        let csv = Array("name,weapon\r\nBat-Bot,smoke\r\n".utf8)
        #expect(try roster.importBytes(csv, mode: .replace, dryRun: true) == ImportSummary(added: 1))
        #expect(try roster.store.count() == 0)
        #expect(try roster.importBytes(csv, mode: .replace) == ImportSummary(added: 1))
        #expect(try roster.store.monsters().map(\.name) == ["Bat-Bot"])
        // Past the six default monsters' ids, which the roster gave out.
        #expect(try roster.store.resolve("Bat-Bot").id == 7)
    }

    @Test("monsters with ids 0 and below are read, found, changed, removed and round-trip like any other")
    func idsBelowOne() throws {
        let roster = try ImportRoster()
        try Self.plant(roster, id: 0, name: "Zero")
        try Self.plant(roster, id: -7, name: "Minus")
        try Self.plant(roster, id: Int64.min, name: "Least")
        #expect(try roster.store.monsters().map(\.id) == [Int64.min, -7, 0, 1, 2, 3, 4, 5, 6])
        #expect(try roster.store.resolve("Zero").id == 0)
        #expect(try roster.store.resolve("0").name == "Zero")
        #expect(try roster.store.resolve("#0").name == "Zero")
        #expect(try roster.store.resolve("#-7").name == "Minus")
        #expect(try roster.store.resolve("#-9223372036854775808").name == "Least")
        let minus = try roster.store.resolve("#-7")
        #expect(try roster.store.edit(monsterID: -7, MonsterChanges(weapon: .fire), startingFrom: minus) != nil)
        #expect(try roster.store.resolve("Minus").weapon.type == .fire)

        // An id beyond 2^53−1, planted by another program, is exported as
        // it is, but an import refuses it rather than take it.
        let copy = try ImportRoster()
        let exported = try roster.export(.ndjson)
        #expect(copy.importProblems(String(decoding: exported, as: UTF8.self), mode: .replace) == [
            "1:7: id: an id is a whole number at most 9007199254740991 either side of 0, the largest every JSON reader keeps exact, not -9223372036854775808",
        ])
        #expect(try roster.store.remove(monsterID: Int64.min))
        for format in [ExportFormat.json, .ndjson, .csv] {
            let exported = try roster.export(format)
            let copy = try ImportRoster()
            try copy.importBytes(exported, mode: .replace)
            #expect(try copy.export(format) == exported, "\(format)")
        }
        // New monsters still get ids above the roster's largest, never below 1.
        #expect(try roster.importText("name,weapon\nNew,sword\n", mode: .insert) == ImportSummary(added: 1))
        #expect(try roster.store.resolve("New").id == 7)
        #expect(try roster.store.remove(monsterID: 0))
        #expect(try roster.store.find("Zero") == nil)
    }

    @Test("a reference reads as an id only when plainly written; names can never look like one")
    func references() {
        #expect(MonsterRules.id(in: "0") == 0)
        #expect(MonsterRules.id(in: "#-12") == -12)
        #expect(MonsterRules.id(in: "-12") == nil)
        #expect(MonsterRules.id(in: "#-0") == nil)
        #expect(MonsterRules.id(in: "007") == 7)
        #expect(MonsterRules.id(in: "#01") == 1)
        #expect(MonsterRules.id(in: "00") == 0)
        #expect(MonsterRules.id(in: "#-07") == nil)
        #expect(MonsterRules.id(in: "00000000000000000000009223372036854775807") == Int64.max)
        #expect(MonsterRules.id(in: "#9223372036854775807") == Int64.max)
        #expect(MonsterRules.id(in: "9223372036854775808") == nil)
        for name in ["#-12", "0", "#0", "007", "12"] {
            #expect(MonsterRules.nameProblem(name) != nil, "\(name)")
        }
        #expect(MonsterRules.nameProblem("-12") == nil)
    }
}
