import Testing
@testable import RosterCore

/// A bulk load writes `ImportLoad.groupSize` records a statement; these
/// files are long enough to fill groups, so that what a group does is
/// what a record written alone would do.
@Suite("Bulk imports written a group of records at a time")
struct ImportGroupTests {
    /// `count` CSV records `id,name,weapon` from line 2 on, the ids as `id(i)` gives them.
    func records(_ count: Int, id: (Int) -> Int = { $0 }) -> String {
        "id,name,weapon\n" + (1...count).map { "\(id($0)),Bot-\($0),sword\n" }.joined()
    }

    @Test("replace finds an id used twice in one group and across groups, each at its place")
    func replaceDuplicateIDsInGroups() throws {
        let roster = try ImportRoster()
        let size = ImportLoad.groupSize
        // Record 5 reuses record 3's id (the same group); record size + 7
        // reuses record 2's (a later group); the last record, alone after
        // the groups, reuses record 1's.
        let count = 3 * size + 3
        let text = records(count) { index in
            switch index {
            case 5: 3
            case size + 7: 2
            case count: 1
            default: index
            }
        }
        let before = try roster.export(.json)
        #expect(roster.importProblems(text, mode: .replace) == [
            "6:1: id: the id 3 is also used at line 4, column 1",
            "\(size + 8):1: id: the id 2 is also used at line 3, column 1",
            "\(count + 1):1: id: the id 1 is also used at line 2, column 1",
        ])
        #expect(try roster.export(.json) == before)
    }

    @Test("a name used twice across groups is reported at the later use")
    func duplicateNameAcrossGroups() throws {
        let roster = try ImportRoster()
        let count = 2 * ImportLoad.groupSize + 1
        let text = "name,weapon\n" + (1...count).map { "\($0 == count ? "bot-3" : "Bot-\($0)"),fire\n" }.joined()
        #expect(roster.importProblems(text, mode: .replace) == [
            "\(count + 1):1: name: `bot-3` reads as `Bot-3`, which is already used at line 4, column 1 (names are compared ignoring case, width and look-alike letters)",
        ])
    }

    @Test("an insert into an emptied roster numbers the monsters past every id it gave, in file order, groups and the rest alike")
    func insertNumbersInOrder() throws {
        let roster = try ImportRoster()
        _ = try roster.importText("name,weapon\n", mode: .replace)
        let count = 2 * ImportLoad.groupSize + 5
        let text = "name,weapon\n" + (1...count).map { "Bot-\($0),smoke\n" }.joined()
        #expect(try roster.importText(text, mode: .insert) == ImportSummary(added: count))
        for index in [1, ImportLoad.groupSize, ImportLoad.groupSize + 1, count] {
            #expect(try roster.store.resolve("Bot-\(index)").id == Int64(6 + index))
        }
        #expect(try roster.store.count() == count)
    }

    @Test("replace writes every record of full groups and of the rest, ids kept")
    func replaceKeepsIDs() throws {
        let roster = try ImportRoster()
        let count = 2 * ImportLoad.groupSize + 5
        #expect(try roster.importText(records(count) { $0 * 10 }, mode: .replace) == ImportSummary(added: count, removed: 6))
        for index in [1, ImportLoad.groupSize + 1, count] {
            #expect(try roster.store.resolve("Bot-\(index)").id == Int64(index * 10))
        }
    }
}
