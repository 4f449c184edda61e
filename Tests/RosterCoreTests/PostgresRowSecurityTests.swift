import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// Row-level security an owner adds on roster.monster, beyond
/// docs/sharing.md's recipe: a DELETE policy that spares a row makes the
/// server delete nothing, without an error. roster never says "removed"
/// of a monster still there: the whole write is refused in one sentence.
@Suite("A PostgreSQL roster under row-level security")
struct PostgresRowSecurityTests {
    @Test("a monster a DELETE policy spares: remove, remove of several and the undo of an add are refused, and nothing changes")
    func deletePolicySparesARow() throws {
        let (roster, psql, admin) = try PostgresTestServer.rosterWithWriter("spared_writer")
        defer { psql.close(); admin.close() }
        let added = try roster.add(Monster(id: 0, name: "Kept-Bot", description: "", icon: "meetcatbot.png", nameColor: .default,
                                           weapon: Weapon(.sword)))
        try admin.simpleQuery("""
            ALTER TABLE roster.monster ENABLE ROW LEVEL SECURITY;
            CREATE POLICY everyone_reads ON roster.monster FOR SELECT USING (true);
            CREATE POLICY everyone_changes ON roster.monster FOR UPDATE USING (true);
            CREATE POLICY everyone_adds ON roster.monster FOR INSERT WITH CHECK (true);
            CREATE POLICY swords_stay ON roster.monster FOR DELETE USING (weapon <> 'sword');
            """)
        let entries = try admin.query("SELECT count(*) FROM roster.history").firstValue
        func refusal(_ body: () throws -> Void) -> String? {
            do { try body() } catch let error as RosterError {
                guard case .notPermitted(let sentence) = error else { return "another error: \(error)" }
                return sentence
            } catch { return "another error: \(error)" }
            return nil
        }
        let one = refusal { _ = try roster.remove(monsterID: 1, confirmed: nil) }
        #expect(one?.contains("kept a monster roster was removing: the server deleted fewer rows than asked") == true, "\(one ?? "removed")")
        #expect(one?.hasSuffix("; nothing was changed") == true, "\(one ?? "removed")")
        let several = refusal { _ = try roster.remove(["Dog-Bot", "Cat-Bot"], dryRun: false, confirmed: nil) }
        #expect(several?.contains("deleted fewer rows than asked") == true, "\(several ?? "removed")")
        let undone = refusal { _ = try roster.undo(1, dryRun: false) }
        #expect(undone?.contains("deleted fewer rows than asked") == true, "\(undone ?? "undone")")
        #expect(try admin.query("SELECT id FROM roster.monster WHERE id IN (1, 2, \(added.id)) ORDER BY id").rows.map { $0[0] }
                == ["1", "2", String(added.id)])
        #expect(try admin.query("SELECT count(*) FROM roster.history").firstValue == entries, "no entry for what did not happen")
        // Whole-roster writes: a replace import, and the undo of one.
        let file = try MonsterReader(input: ChunkedInput(bytes: Array("name,weapon\nNew-Bot,fire\n".utf8), name: "new.csv"), format: .csv, raw: false)
        let replaced = refusal { _ = try roster.importMonsters(from: file, mode: .replace) }
        #expect(replaced?.contains("deleted fewer rows than asked") == true, "\(replaced ?? "replaced")")
        #expect(try admin.query("SELECT count(*) FROM roster.monster").firstValue == "7")
        #expect(try admin.query("SELECT count(*) FROM roster.history").firstValue == entries, "no entry for what did not happen")
        // A monster the policy lets go goes, as ever.
        #expect(try roster.remove(["Dog-Bot"], dryRun: false, confirmed: nil).map(\.name) == ["Dog-Bot"])
    }
}
