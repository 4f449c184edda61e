import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A look-alike pair another program left (`Cat-Bot`, id 1, and the Lisu
/// `ꓚat-Bot`, id 7, keyed by its id after `Cat-Bot`'s key), its lower
/// member then removed: nobody holds the plain key, and every way of
/// giving a name must still see `ꓚat-Bot` (attack20's M1); the undo of
/// the removal gives `Cat-Bot` the plain key back, as the lower id.
enum PairMemberRemoved {
    static func monster(_ name: String) -> Monster {
        Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))
    }

    static func readsAsTheOther(_ error: any Error) -> Bool {
        if case RosterError.nameTaken(_, let existing) = error { return existing == "ꓚat-Bot" }
        if case RosterError.problems(let problems, _, _) = error {
            return problems.count == 1 && problems[0].message.contains("`ꓚat-Bot`")
        }
        return false
    }

    /// A roster file with the Lisu `ꓚat-Bot` (id 7) inserted beside
    /// `Cat-Bot` by another connection, its key derived again; that connection.
    static func filePair() throws -> (ImportRoster, Database) {
        let roster = try ImportRoster()
        _ = try roster.store.count()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (7, 'ꓚat-Bot', 'old-key', 'unknown.png', 'smoke')")
        _ = try roster.store.find("ꓚat-Bot")
        return (roster, other)
    }

    /// The pair on a store of `kind`; `kept` holds what the store needs
    /// alive, `admin` (PostgreSQL) is to be closed.
    static func pairStore(_ kind: StoreKind) throws -> (store: any RosterStore, kept: Any, admin: PostgresConnection?) {
        switch kind {
        case .sqlite:
            let (roster, other) = try filePair()
            return (roster.store, (roster, other), nil)
        case .postgres:
            let (roster, connection) = try PostgresTestServer.freshRoster()
            try plantPair(roster, connection)
            return (roster, roster, connection)
        }
    }

    /// The same pair planted by psql on PostgreSQL.
    static func plantPair(_ roster: PostgresRosterStore, _ admin: PostgresConnection) throws {
        try admin.simpleQuery("INSERT INTO roster.monster (name, name_key, icon, weapon) VALUES ('ꓚat-Bot', 'zz-old', 'unknown.png', 'smoke')")
        _ = try roster.find("ꓚat-Bot")
    }

    static func importing(_ text: String, mode: ImportMode, into store: any RosterStore) throws -> ImportSummary {
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "input", chunkSize: 1 << 20), format: nil, raw: false)
        return try store.importMonsters(from: reader, mode: mode, dryRun: false, progress: nil)
    }

    /// Every way of giving a name is refused; the undo gives id 1 the plain
    /// key; an upsert updates the one monster whose name reads so.
    static func check(_ store: any RosterStore, key: (Int64) throws -> String?) throws {
        _ = try store.remove(["#1"], dryRun: false, confirmed: nil)
        #expect(try key(7) == NameRekeying.shadowKey(MonsterRules.nameKey("Cat-Bot"), id: 7))
        #expect { try store.add(monster("Cat-Bot"), dryRun: false) } throws: { readsAsTheOther($0) }
        #expect {
            try store.edit("Dog-Bot", MonsterChanges(name: "Cat-Bot"), dryRun: false, expecting: ExpectedValues())
        } throws: { readsAsTheOther($0) }
        #expect { try importing("name,weapon\nCat-Bot,fire\n", mode: .insert, into: store) } throws: { readsAsTheOther($0) }
        #expect(try store.count() == 6)
        // The removal's undo gives id 1 back on the plain key.
        _ = try store.undo(1, dryRun: false)
        #expect(try store.find("Cat-Bot")?.id == 1)
        #expect(try key(1) == MonsterRules.nameKey("Cat-Bot"))
        #expect(try key(7) == NameRekeying.shadowKey(MonsterRules.nameKey("Cat-Bot"), id: 7))
        // Removed again, an upsert of a spelling of it updates the one left.
        _ = try store.remove(["#1"], dryRun: false, confirmed: nil)
        #expect(try importing("name,weapon\nCAT-BOT,fire\n", mode: .upsert, into: store).added == 0)
        #expect(try store.count() == 6)
        #expect(try store.monster(id: 7)?.weapon.type == .fire)
    }
}

@Suite("A pair member removed on a file: its name stays taken, and its undo keys it plainly")
struct FilePairMemberRemovedTests {
    @Test("add, edit --name, import insert refused; upsert updates; undo of the removal keys id 1 plainly")
    func removedLowerMember() throws {
        let (roster, _) = try PairMemberRemoved.filePair()
        try PairMemberRemoved.check(roster.store) { id in
            try roster.store.database.cached("SELECT name_key FROM monster WHERE id = ?").firstRow([.integer(id)]) { $0.text(0) }
        }
    }
}

@Suite("A pair member removed on PostgreSQL: its name stays taken, and its undo keys it plainly")
struct PostgresPairMemberRemovedTests {
    @Test("add, edit --name, import insert refused; upsert updates; undo of the removal keys id 1 plainly")
    func removedLowerMember() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try PairMemberRemoved.plantPair(roster, admin)
        try PairMemberRemoved.check(roster) { id in
            try admin.query("SELECT name_key FROM roster.monster WHERE id = \(id)").rows.first?.first ?? nil
        }
    }
}

/// The undo of a pair member's removal after an unrelated outside write:
/// the holder is spelled otherwise, and roster cannot tell it was there
/// before, so the refusal says exactly that (attack20's L22).
@Suite("Undo of a pair member's removal after an outside write says why it cannot tell")
struct PairUndoAfterOutsideWriteTests {
    private static func refusedTruly(_ error: any Error) -> Bool {
        guard case RosterError.historyRefused(let sentence, _) = error else { return false }
        return sentence.contains("reads as `Cat-Bot` (id 1), and another program wrote the roster since, so roster cannot tell it was there before")
    }

    @Test("a file")
    func onAFile() throws {
        let (roster, other) = try PairMemberRemoved.filePair()
        _ = try roster.store.remove(["#7"], dryRun: false, confirmed: nil)
        try other.execute("UPDATE monster SET description = 'x' WHERE id = 3")
        #expect { try roster.store.undo(1, dryRun: false) } throws: { Self.refusedTruly($0) }
    }

    @Test("PostgreSQL")
    func onPostgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try PairMemberRemoved.plantPair(roster, admin)
        _ = try roster.remove(["#7"], dryRun: false, confirmed: nil)
        try admin.simpleQuery("UPDATE roster.monster SET description = 'x' WHERE id = 3")
        #expect { try roster.undo(1, dryRun: false) } throws: { Self.refusedTruly($0) }
    }
}
