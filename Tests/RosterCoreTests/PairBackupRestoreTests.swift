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
        #expect(throws: RosterError.self) {
            try PairMemberRemoved.importing("id,name,weapon\n3,Zed-Bot,fire\n4,ZED-BOT,fire\n", mode: .replace, into: store)
        }
        #expect(try export(store, format) == backup)
    }
}
