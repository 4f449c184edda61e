import Foundation
import Testing
@testable import RosterCore

/// Change numbers go on from the highest the history holds or held. Only
/// another program can write #2^63−1; after it no number is left, and a
/// change is refused in one sentence with nothing written, rather than
/// failing with SQLite's "datatype mismatch" (the +1 overflowed to a real).
@Suite("History numbers at the end of what SQLite stores")
struct HistoryNumbersTests {
    static let refusal = "no number is left for a new change: the roster's history already reaches #9223372036854775807, "
        + "a number another program wrote; `roster history --clear` empties the history and numbers changes on from roster's own"

    /// A history entry with id `id`, written as another program could.
    static func plantEntry(_ roster: ImportRoster, id: Int64) throws {
        try roster.store.database.cached("""
            INSERT INTO history (id, at, surface, command, summary, kind)
            VALUES (?, '2026-01-01T00:00:00Z', 'command line', 'set-weapon', 'planted', 'rows')
            """).run([.integer(id)])
    }

    func expectRefused(_ roster: ImportRoster, _ change: () throws -> Void) throws {
        let before = try roster.export(.json)
        do {
            try change()
            Issue.record("the change was recorded past the last number")
        } catch RosterError.invalid(let problems) {
            #expect(problems.map(\.message) == [Self.refusal])
        }
        #expect(try roster.export(.json) == before)
        #expect(try roster.store.history().map(\.id) == [Int64.max])
    }

    @Test("a set-weapon after an entry numbered 2^63−1 is refused as data, nothing changed")
    func setWeaponAfterLast() throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: .max)
        try expectRefused(roster) {
            _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        }
    }

    @Test("an import, kept as a snapshot, after an entry numbered 2^63−1 is refused the same way")
    func importAfterLast() throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: .max)
        try expectRefused(roster) {
            _ = try roster.importText(#"{"name":"Zed-Bot","weapon":"sword"}"#, mode: .replace)
        }
    }

    @Test("2^63−2 is still given out: the change after it is #2^63−1")
    func lastNumberGiven() throws {
        let roster = try ImportRoster()
        try Self.plantEntry(roster, id: .max - 1)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try roster.store.history().map(\.id).max() == .max)
    }

    @Test("history --clear after an entry numbered 2^63−1 gives the numbers a way on, after the last roster gave",
          arguments: [Int64.max, HistoryTable.countedBound + 1])
    func clearGivesNumbersBack(planted: Int64) throws {
        let roster = try ImportRoster()
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        let given = try #require(try roster.store.history().map(\.id).max())
        try Self.plantEntry(roster, id: planted)
        #expect(try roster.store.clearHistory() == 3)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .sword)])
        #expect(try roster.store.history().map(\.id) == [given + 1])
        // A clear within the bound still keeps every number given.
        #expect(try roster.store.clearHistory() == 1)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Ice-Bot", weapon: .fire)])
        #expect(try roster.store.history().map(\.id) == [given + 2])
    }
}
