import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A backup of a roster holding a look-alike pair another program made
/// (`Cat-Bot` and `ꓚat-Bot`, which roster keeps) is restored by a replace
/// import, the pair keyed as roster keys it; an insert or an upsert of
/// the same records still refuses the second name.
@Suite("A backup holding a look-alike pair restored by a replace import")
struct PairBackupRestoreTests {
    private func export(_ store: any RosterStore, _ format: ExportFormat) throws -> String {
        let output = ByteOutput()
        try store.export(format, to: output)
        try output.flush()
        return String(decoding: output.collected, as: UTF8.self)
    }

    @Test("export then import --mode replace gives back the same roster, pair and keys, on both stores and in every format",
          arguments: StoreKind.allCases, [ExportFormat.json, .csv, .ndjson])
    func restored(kind: StoreKind, format: ExportFormat) throws {
        let (store, kept, admin) = try PairMemberRemoved.pairStore(kind)
        defer { admin?.close() }
        _ = kept
        let backup = try export(store, format)
        #expect(backup.contains("ꓚat-Bot"))
        let summary = try PairMemberRemoved.importing(backup, mode: .replace, into: store)
        #expect(summary.added == 0 && summary.removed == 0)
        #expect(try export(store, format) == backup)
        let keys = try KeyedNames.nameKeys(store)
        #expect(keys[1] == "cat-bot")
        #expect(keys[7] == NameRekeying.shadowKey("cat-bot", id: 7))
        #expect(try store.find("ꓚat-Bot")?.id == 7)
        #expect(try store.find("Cat-Bot")?.id == 1)
        // Records that add monsters are still refused a name already used.
        #expect(throws: RosterError.self) { try PairMemberRemoved.importing(backup, mode: .insert, into: store) }
        #expect(throws: RosterError.self) {
            try PairMemberRemoved.importing("name,weapon\nꓚat-Bot,fire\nCat-Bot,fire\n", mode: .replace, into: store)
        }
        #expect(throws: RosterError.self) {
            try PairMemberRemoved.importing("id,name,weapon\n3,Cat-Bot,fire\n4,Cat-Bot,fire\n", mode: .replace, into: store)
        }
        #expect(try export(store, format) == backup)
    }

    @Test("a pair differing only in case, made by another program's rename, is restored by export then import --mode replace",
          arguments: StoreKind.allCases, [ExportFormat.json, .csv])
    func caseOnlyPairRestored(kind: StoreKind, format: ExportFormat) throws {
        let store: any RosterStore
        var kept: [Any] = []
        var admin: PostgresConnection?
        defer { admin?.close() }
        switch kind {
        case .sqlite:
            let roster = try ImportRoster()
            _ = try roster.store.count()
            try Database(path: roster.path, options: [.readWrite]).execute("UPDATE monster SET name = 'CAT-BOT' WHERE id = 2")
            (store, kept) = (roster.store, [roster])
        case .postgres:
            let (roster, connection) = try PostgresTestServer.freshRoster()
            try connection.simpleQuery("UPDATE roster.monster SET name = 'CAT-BOT' WHERE id = 2")
            (store, admin) = (roster, connection)
        }
        #expect(try store.find("CAT-BOT")?.id == 2)
        let backup = try export(store, format)
        #expect(backup.contains("CAT-BOT") && backup.contains("Cat-Bot"))
        var targets = [store]
        if kind == .sqlite {
            let fresh = try ImportRoster()
            kept.append(fresh)
            targets.append(fresh.store)
        }
        for target in targets {
            _ = try PairMemberRemoved.importing(backup, mode: .replace, into: target)
            #expect(try export(target, format) == backup)
            let keys = try KeyedNames.nameKeys(target)
            #expect(keys[1] == "cat-bot")
            #expect(keys[2] == NameRekeying.shadowKey("cat-bot", id: 2))
            #expect(try target.find("CAT-BOT")?.id == 2)
            #expect(try target.find("Cat-Bot")?.id == 1)
        }
        // The same name typed twice is still refused, and the roster stays.
        #expect(throws: RosterError.self) {
            try PairMemberRemoved.importing("id,name,weapon\n3,Zed-Bot,fire\n4,Zed-Bot,fire\n", mode: .replace, into: store)
        }
        #expect(try export(store, format) == backup)
        _ = kept
    }
}
