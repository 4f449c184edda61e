import Foundation
import Testing
@testable import RosterCore

/// The filter and sort language as every store reads it: each test runs
/// once against a SQLite file and once against PostgreSQL, on the default
/// roster, and asks the same questions in the words a person types.
@Suite("Every store filters and sorts as the language says")
struct QueryStoreTests {
    static let kinds = StoreKind.allCases

    private func ids(_ store: any RosterStore, where expressions: [String] = [], sort: String? = nil) throws -> [Int64] {
        var query = MonsterQuery(conditions: try QueryParser.conditions(expressions))
        if let sort { query.order = try QueryParser.sortKeys(sort) }
        let viaIDs = try store.monsterIDs(matching: query)
        // Whole monsters come in the same order as the ids.
        #expect(try store.monsters(matching: query).map(\.id) == viaIDs)
        return viaIDs
    }

    @Test("values are read as the commands read them", arguments: kinds)
    func filters(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        #expect(try ids(store, where: ["weapon=ninja star"]) == [4, 6])
        #expect(try ids(store, where: ["weapon!=NinjaStar"]) == [1, 2, 3, 5])
        #expect(try ids(store, where: ["height>=5ft"]) == [4, 5])
        #expect(try ids(store, where: ["height<5ft5in"]) == [1, 2, 3, 6])
        #expect(try ids(store, where: ["height<=5ft5in"]) == [1, 2, 3, 5, 6])
        #expect(try ids(store, where: ["height=65in"]) == [5])
        #expect(try ids(store, where: ["height>=5ft", "origin=Finland"]) == [5])
        #expect(try ids(store, where: ["height>=5ft and origin=IS"]) == [4])
        #expect(try ids(store, where: ["origin!=JP"]) == [2, 3, 4, 5, 6])
        #expect(try ids(store, where: ["colour=red"]) == [3, 4])
        #expect(try ids(store, where: ["color = Blue"]) == [2, 5])
        #expect(try ids(store, where: ["id>4"]) == [5, 6])
        #expect(try ids(store, where: ["id<=#2"]) == [1, 2])
        #expect(try ids(store, where: ["name=ICE-BOT"]) == [5])
        #expect(try ids(store, where: ["name~tomato"]) == [6])
        #expect(try ids(store, where: ["name!=cat-bot"]) == [2, 3, 4, 5, 6])
        #expect(try ids(store, where: ["description~boom"]) == [3])
        #expect(try ids(store, where: ["description=MEE-OW"]) == [1])
        #expect(try ids(store, where: ["icon~DOG"]) == [2])
    }

    @Test("a date is its whole day, a time its minute; < and > are before and after them", arguments: kinds)
    func moments(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        #expect(try ids(store, where: ["activated<2020-01-01"]) == [1, 2, 5])
        #expect(try ids(store, where: ["activated>=2020-01-01"]) == [3, 4, 6])
        #expect(try ids(store, where: ["activated=2019-03-14T09:30Z"]) == [1])
        #expect(try ids(store, where: ["activated>2019-03-14T09:30Z", "activated<2021-01-01"]) == [3])
        #expect(try ids(store, where: ["activated!=2019-03-14T09:30Z"]) == [2, 3, 4, 5, 6])
    }

    @Test("unknown is none: matched by =none and !=, never by <, sorted last either way", arguments: kinds)
    func unknownValues(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try store.edit("Cat-Bot", MonsterChanges(height: .some(nil), origin: .some(nil)))
        #expect(try ids(store, where: ["height=none"]) == [1])
        #expect(try ids(store, where: ["height!=none"]) == [2, 3, 4, 5, 6])
        #expect(try ids(store, where: ["height<5ft"]) == [2, 3, 6])
        #expect(try ids(store, where: ["origin!=GB"]) == [1, 3, 4, 5, 6])
        #expect(try ids(store, where: ["height!=3ft1in"]) == [1, 3, 4, 5, 6])
        #expect(try ids(store, sort: "height") == [6, 2, 3, 5, 4, 1])
        #expect(try ids(store, sort: "-height") == [4, 5, 3, 2, 6, 1])
    }

    @Test("sorting by what values mean, ties in id order", arguments: kinds)
    func sorting(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        // Blowgun, Fire, Ninja Star, Smoke, Sword.
        #expect(try ids(store, sort: "weapon") == [2, 5, 4, 6, 3, 1])
        #expect(try ids(store, sort: "-weapon") == [1, 3, 4, 6, 5, 2])
        // 1 ft 3 in before 2 ft 4 in … before 5 ft 9 in.
        #expect(try ids(store, sort: "height") == [6, 1, 2, 3, 5, 4])
        // Blue, Default, Green, Red; within a colour by id descending.
        #expect(try ids(store, sort: "colour,-id") == [5, 2, 1, 6, 4, 3])
        #expect(try ids(store, sort: "activated") == [5, 2, 1, 3, 4, 6])
        #expect(try ids(store, sort: "origin") == [5, 2, 4, 6, 1, 3])
        #expect(try ids(store, sort: "-name") == [6, 5, 4, 3, 2, 1])
        #expect(try ids(store, where: ["weapon=ninja-star"], sort: "-height") == [4, 6])
    }

    @Test("typed values are bound, never pasted: quotes, % and _ are only characters", arguments: kinds)
    func boundValues(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        #expect(try ids(store, where: ["name=O'Brien'; DROP TABLE monster; --"]).isEmpty)
        #expect(try ids(store, where: ["description~%"]).isEmpty)
        #expect(try ids(store, where: ["description~_"]).isEmpty)
        _ = try store.add(Monster(id: 0, name: "Per%cent_Bot", description: "50% off", icon: "unknown.png",
                                  nameColor: .default, weapon: Weapon(.fire)))
        #expect(try ids(store, where: ["description~%"]) == [7])
        #expect(try ids(store, where: ["name~t_b"]) == [7])
        #expect(try store.count() == 7)
    }

    @Test("records carry the fields asked for, in that order, in every form", arguments: kinds)
    func fields(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        var query = MonsterQuery(conditions: try QueryParser.conditions("weapon=ninja star"))
        query.fields = try QueryParser.fields("weapon, name,height")
        let csv = ByteOutput()
        try store.appendRecords(.csv(CSVWriter()), matching: query, to: csv)
        #expect(csv.text() == "ninja-star,Fire-Bot,5ft9in\r\nninja-star,Mini-Tomato-Bot,1ft3in\r\n")
        let json = ByteOutput()
        try store.appendRecords(.jsonLine, matching: query, to: json)
        #expect(json.text() == """
            {"weapon":"ninja-star","name":"Fire-Bot","height":"5ft9in"}
            {"weapon":"ninja-star","name":"Mini-Tomato-Bot","height":"1ft3in"}

            """)
        let plain = ByteOutput()
        try store.appendRecords(.plain, matching: query, to: plain)
        #expect(plain.text() == "ninja-star\tFire-Bot\t5ft9in\nninja-star\tMini-Tomato-Bot\t1ft3in\n")
    }

    @Test("an export takes the query: only the matches, in its order", arguments: kinds)
    func export(kind: StoreKind) throws {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        var options = ExportOptions()
        options.query = MonsterQuery(conditions: try QueryParser.conditions("height>=4ft"), order: try QueryParser.sortKeys("-height"),
                                     fields: try QueryParser.fields("id,name"))
        let output = ByteOutput()
        try store.export(.csv, to: output, options: options)
        #expect(output.text() == "id,name\r\n4,Fire-Bot\r\n5,Ice-Bot\r\n3,Explode-Bot\r\n")
        var markdown = options
        markdown.query.fields = nil
        let page = ByteOutput()
        try store.export(.markdown, to: page, options: markdown)
        #expect(page.text().contains("Fire-Bot") && !page.text().contains("Cat-Bot"))
    }
}
