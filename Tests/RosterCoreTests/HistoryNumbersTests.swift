import Foundation
import Testing
@testable import RosterCore

/// Change numbers go on from the highest the history holds or held, up to
/// 2^53−1, the largest whole number every JSON reader keeps exact. Only
/// another program can write a number near it (or #2^63−1); after the
/// last, a change is refused in one sentence with nothing written, rather
/// than numbered past what a JSON reader keeps apart (or failing with
/// SQLite's "datatype mismatch", the +1 overflowed to a real).
@Suite("History numbers at the end of what a JSON reader keeps exact")
struct HistoryNumbersTests {
    static let refusal = "no number is left for a new change: the roster's history already reaches #9007199254740991, "
        + "the largest whole number every JSON reader keeps exact, after a number another program wrote; "
        + "`roster history --clear` empties the history and numbers changes on from roster's own"

    /// A history entry with id `id`, written as another program could.
    static func plantEntry(_ roster: ImportRoster, id: Int64) throws {
        try roster.store.database.cached("""
            INSERT INTO history (id, at, surface, command, summary, kind)
            VALUES (?, '2026-01-01T00:00:00Z', 'command line', 'set-weapon', 'planted', 'rows')
            """).run([.integer(id)])
    }

    func expectRefused(_ roster: ImportRoster, _ change: () throws -> Void) throws {
        let before = try roster.export(.json)
        let history = try roster.store.history().map(\.id)
        do {
            try change()
            Issue.record("the change was recorded past the last number")
        } catch RosterError.invalid(let problems) {
            #expect(problems.map(\.message) == [Self.refusal])
        }
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.history().map(\.id) == history)
    }

    @Test("a set-weapon after an entry numbered 2^53−1 or 2^63−1 is refused as data, nothing changed",
          arguments: [HistoryTable.largestNumber, Int64.max])
    func setWeaponAfterLast(planted: Int64) throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: planted)
        try expectRefused(roster) {
            _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        }
    }

    @Test("an import, kept as a snapshot, after an entry numbered 2^53−1 or 2^63−1 is refused the same way",
          arguments: [HistoryTable.largestNumber, Int64.max])
    func importAfterLast(planted: Int64) throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: planted)
        try expectRefused(roster) {
            _ = try roster.importText(#"{"name":"Zed-Bot","weapon":"sword"}"#, mode: .replace)
        }
    }

    @Test("after an entry numbered 2^53−2 the next change is #2^53−1, and the one after it is refused")
    func lastNumberGiven() throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: HistoryTable.largestNumber - 1)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try roster.store.history().map(\.id).max() == 9_007_199_254_740_991)
        try expectRefused(roster) {
            _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .sword)])
        }
    }

    @Test("history --clear after the last number gives the numbers a way on, after the last roster counted to",
          arguments: [Int64.max, HistoryTable.largestNumber - 1, HistoryTable.countedBound + 1])
    func clearGivesNumbersBack(planted: Int64) throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let given = try #require(try roster.store.history().map(\.id).max())
        try Self.plantEntry(roster, id: planted)
        // Numbered past the plant while numbers are left.
        _ = try? roster.store.setWeapons([WeaponAssignment(reference: "Explode-Bot", weapon: .fire)])
        let held = try roster.store.historyCount()
        #expect(try roster.store.clearHistory() == held)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(try roster.store.history().map(\.id) == [given + 1])
        // A clear within the bound still keeps every number given.
        #expect(try roster.store.clearHistory() == 1)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .fire)])
        #expect(try roster.store.history().map(\.id) == [given + 2])
    }
}
