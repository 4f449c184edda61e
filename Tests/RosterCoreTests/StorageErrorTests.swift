import Testing
@testable import RosterCore

/// SQLite's failures as the roster words them, and dry runs rolled back
/// by the transaction itself.
@Suite("Storage errors and dry runs")
struct StorageErrorTests {
    @Test("a write that fills the disk is a storage error that says nothing changed")
    func diskFull() throws {
        let roster = try ImportRoster()
        let pages = try #require(try roster.store.database.integer("PRAGMA page_count"))
        // SQLite reports SQLITE_FULL when the file may grow no further.
        try roster.store.database.execute("PRAGMA max_page_count = \(pages)")
        let rows = (1...2000).map { "Bot-\($0),fire,\(String(repeating: "x", count: 200))" }.joined(separator: "\n")
        do {
            _ = try roster.importBytes(Array(("name,weapon,description\n" + rows + "\n").utf8), mode: .insert)
            Issue.record("the import fitted in \(pages) pages")
        } catch let error as RosterError {
            guard case .full = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description == "the change did not fit in the roster database \(roster.path): the disk is full; nothing was changed")
        }
        #expect(try roster.store.count() == 6)
    }

    @Test("a dry run returns its result and leaves the roster as it was")
    func dryRunRollsBack() throws {
        let roster = try ImportRoster()
        let added = try roster.store.add(Monster(id: 0, name: "Bat-Bot", description: "", icon: Monster.defaultIcon,
                                                 nameColor: .default, weapon: Weapon(.smoke)), dryRun: true)
        #expect(added.name == "Bat-Bot" && added.id == 7)
        #expect(try roster.store.count() == 6)
        #expect(!roster.store.database.isInTransaction)
        #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue == 2067 && ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY.rawValue == 1555)
    }
}
