import Foundation
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

    /// A roster of `count` more monsters with long descriptions, so that
    /// copying or deleting its rows takes many pages.
    private func largeRoster(_ count: Int) throws -> ImportRoster {
        let roster = try ImportRoster()
        try roster.store.database.execute("""
            INSERT INTO monster (name, name_key, description, icon, weapon)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            SELECT 'Mon-' || i, 'mon-' || i, printf('%.200c', 'x'), 'unknown.png', 'fire' FROM n;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        return roster
    }

    @Test("on a full disk a bad file is told as its own problem at its place, dry run or not, and the roster is unchanged")
    func badFileOnFullDisk() throws {
        let roster = try largeRoster(3000)
        let before = try roster.export(.json)
        let pages = try #require(try roster.store.database.integer("PRAGMA page_count"))
        try roster.store.database.execute("PRAGMA max_page_count = \(pages)")
        let file = Array("{\"name\":\"A\",\"weapon\":\"fire\"}\n{\"name\":\"B\",\"weapon\":\"swrod\"}\n".utf8)
        for dryRun in [false, true] {
            do {
                _ = try roster.importBytes(file, mode: .replace, dryRun: dryRun)
                Issue.record("the import was accepted")
            } catch RosterError.problems(let problems, _, _) {
                #expect(described(problems).count == 1, "\(problems)")
                #expect(described(problems).first?.hasPrefix("2:") == true, "\(problems)")
                #expect(described(problems).first?.contains("weapon") == true, "\(problems)")
            } catch {
                Issue.record("dry run \(dryRun): \(error)")
            }
        }
        // A good file on the same disk is still told that the disk is full.
        let good = Array("{\"name\":\"A\",\"weapon\":\"fire\"}\n".utf8)
        #expect { try roster.importBytes(good, mode: .replace) } throws: { error in
            guard case RosterError.full = error else { return false }
            return true
        }
        try roster.store.database.execute("PRAGMA max_page_count = 1073741823")
        #expect(try roster.export(.json) == before)
    }

    @Test("a refused import into a large roster leaves no megabytes of rolled-back WAL behind")
    func refusedImportEmptiesTheWAL() throws {
        let roster = try largeRoster(20_000)
        let file = Array("{\"name\":\"A\",\"weapon\":\"fire\"}\n{\"name\":\"B\",\"weapon\":\"swrod\"}\n".utf8)
        for dryRun in [false, true] {
            #expect(throws: RosterError.self) { try roster.importBytes(file, mode: .replace, dryRun: dryRun) }
            let size = (try? FileManager.default.attributesOfItem(atPath: roster.path + "-wal")[.size] as? Int) ?? 0
            #expect(size <= SQLiteRosterStore.walCheckpointBytes, "dry run \(dryRun): the WAL holds \(size) bytes")
        }
        #expect(try roster.store.count() == 20_006)
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
