import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// Undo after roster's own later writes, which the history records: they
/// are not another program's, and a change undone since left the roster
/// as it was. Both stores answer alike.
@Suite("Undo after roster's own writes since")
struct UndoAfterOwnWritesTests {
    /// A store holding the look-alike pair `Cat-Bot` (1) and `ꓚat-Bot` (7).
    private func pair(_ kind: StoreKind) throws -> (store: any RosterStore, keep: Any) {
        switch kind {
        case .sqlite:
            let (roster, other) = try PairMemberRemoved.filePair()
            return (roster.store, (roster, other))
        case .postgres:
            let (roster, admin) = try PostgresTestServer.freshRoster()
            try PairMemberRemoved.plantPair(roster, admin)
            return (roster, admin)
        }
    }

    @Test("a pair member's removal is undone after roster's own set-weapon of the other member, undone or not",
          arguments: StoreKind.allCases, [false, true])
    func pairMemberBackAfterOwnWrite(kind: StoreKind, undoneFirst: Bool) throws {
        let (store, keep) = try pair(kind)
        defer { (keep as? PostgresConnection)?.close() }
        _ = try store.remove(["#7"], dryRun: false, confirmed: nil)
        let removal = try #require(try store.history(touching: nil, limit: 1).first?.id)
        _ = try store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)], dryRun: false, expecting: nil)
        if undoneFirst {
            // Two steps in one call: the set-weapon, then the removal.
            #expect(try store.undo(2, dryRun: false).steps.count == 2)
            #expect(try store.monster(id: 1)?.weapon.type == .sword)
        } else {
            _ = try store.undo(change: removal, dryRun: false)
            #expect(try store.monster(id: 1)?.weapon.type == .smoke)
        }
        #expect(try store.monster(id: 7)?.name == "ꓚat-Bot")
        #expect(try store.find("Cat-Bot")?.id == 1)
        #expect(try store.find("ꓚat-Bot")?.id == 7)
    }

    @Test("a pair member's removal is still refused when a later change gave the other its name, naming that change",
          arguments: StoreKind.allCases)
    func pairMemberRefusedAfterRename(kind: StoreKind) throws {
        let (store, keep) = try pair(kind)
        defer { (keep as? PostgresConnection)?.close() }
        _ = try store.remove(["#7", "#1"], dryRun: false, confirmed: nil)
        let removal = try #require(try store.history(touching: nil, limit: 1).first?.id)
        _ = try store.edit("Dog-Bot", MonsterChanges(name: "Cat-Bot"), dryRun: false, expecting: ExpectedValues())
        #expect {
            try store.undo(change: removal, dryRun: false)
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("is now monster 2’s, by #") && sentence.contains("edit")
        }
    }

    /// A store of `kind` whose newest change is a replace import.
    private func imported(_ kind: StoreKind) throws -> TestRoster {
        let roster = try TestRoster(kind)
        let store = try roster.open()
        _ = try PairMemberRemoved.importing(#"[{"name":"Zed-Bot","weapon":"sword"},{"name":"Yak-Bot","weapon":"fire"}]"#,
                                            mode: .replace, into: store)
        return roster
    }

    @Test("an import is undone after a later change and that change's undo, and by undo 2 over both",
          arguments: StoreKind.allCases, [false, true])
    func importUndoneAfterUndoneChange(kind: StoreKind, inOneCall: Bool) throws {
        let roster = try imported(kind)
        let store = try roster.open()
        _ = try store.setWeapons([WeaponAssignment(reference: "Zed-Bot", weapon: .smoke)], dryRun: false, expecting: nil)
        if inOneCall {
            #expect(try store.undo(2, dryRun: false).steps.count == 2)
        } else {
            _ = try store.undo(1, dryRun: false)
            _ = try store.undo(1, dryRun: false)
        }
        #expect(try store.count() == 6)
        #expect(try store.find("Cat-Bot") != nil)
    }

    @Test("an import chosen by its number is refused while a later change stands, naming it", arguments: StoreKind.allCases)
    func importRefusedUnderStandingChange(kind: StoreKind) throws {
        let roster = try imported(kind)
        let store = try roster.open()
        let importID = try #require(try store.history(touching: nil, limit: 1).first?.id)
        _ = try store.setWeapons([WeaponAssignment(reference: "Zed-Bot", weapon: .smoke)], dryRun: false, expecting: nil)
        #expect {
            try store.undo(change: importID, dryRun: false)
        } throws: { error in
            guard case RosterError.historyRefused(let sentence, _) = error else { return false }
            return sentence.contains("the roster has been changed since, by #\(importID + 1) set-weapon Zed-Bot")
        }
        #expect(try store.find("Zed-Bot")?.weapon.type == .smoke)
    }

    @Test("a replace import that changes nothing is no write at all: the import before it is still undone", arguments: StoreKind.allCases)
    func unchangedReplaceIsNoWrite(kind: StoreKind) throws {
        let roster = try imported(kind)
        let store = try roster.open()
        let same = #"[{"id":7,"name":"Zed-Bot","weapon":"sword"},{"id":8,"name":"Yak-Bot","weapon":"fire"}]"#
        let ids = try store.monsters(matching: MonsterQuery()).map(\.id)
        #expect(ids == [7, 8])
        #expect(try PairMemberRemoved.importing(same, mode: .replace, into: store).isChange == false)
        _ = try store.undo(1, dryRun: false)
        #expect(try store.count() == 6)
    }
}
