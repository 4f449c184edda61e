import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// The keys of rows another program wrote are derived again with one
/// write a row, key and name together: after an outside insert of 200,000
/// monsters, three writes a row held the write lock for tens of seconds.
/// Only a row holding the key another of them gets (a swap of two names)
/// is moved out of the way first.
@Suite("Stale keys derived again with one write a row")
struct StaleKeyWritesTests {
    static let bulk = 50

    @Test("a file: 50 monsters inserted by another program and a swap of two names: each row written once, the swapped twice")
    func file() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.bulk))
            INSERT INTO monster (name, name_key, icon, weapon) SELECT 'Bulk-' || i || '-ÄÖÜ', 'planted-' || i, 'meetcatbot.png', 'fire' FROM n;
            UPDATE monster SET name = 'Swapping' WHERE id = 1;
            UPDATE monster SET name = 'Cat-Bot' WHERE id = 2;
            UPDATE monster SET name = 'Dog-Bot' WHERE id = 1;
            """)
        try roster.store.database.execute("""
            CREATE TEMP TABLE written (id INTEGER);
            CREATE TEMP TRIGGER note_written AFTER UPDATE ON main.monster BEGIN INSERT INTO written VALUES (NEW.id); END;
            """)
        #expect(try roster.store.find("bulk-7-äöü")?.id == 13)
        let writes = try roster.store.database.prepare("SELECT id, count(*) FROM written GROUP BY id ORDER BY id")
            .rows { ($0.int(0), $0.int(1)) }
        #expect(writes.map(\.0) == [1, 2] + (7..<(7 + Int64(Self.bulk))))
        #expect(writes.filter { $0.0 > 6 }.allSatisfy { $0.1 == 1 })
        #expect(writes.filter { $0.0 <= 2 }.allSatisfy { $0.1 <= 2 })
        #expect(try roster.store.find("Cat-Bot")?.id == 2)
        #expect(try roster.store.find("dog-bot")?.id == 1)
        #expect(try roster.store.database.prepare("SELECT count(*) FROM monster WHERE keyed_name IS NOT name").firstRow { $0.int(0) } == 0)
    }

    @Test("PostgreSQL: 50 monsters inserted by another program and a swap of two names: each row written once, the swapped twice")
    func postgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.monster (name, name_key, icon, weapon)
                SELECT 'Bulk-' || g || '-ÄÖÜ', 'planted-' || g, 'meetcatbot.png', 'fire' FROM generate_series(1, \(Self.bulk)) g;
            UPDATE roster.monster SET name = 'Swapping' WHERE id = 1;
            UPDATE roster.monster SET name = 'Cat-Bot' WHERE id = 2;
            UPDATE roster.monster SET name = 'Dog-Bot' WHERE id = 1;
            CREATE TABLE public.written (id bigint);
            CREATE FUNCTION public.note_written() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO public.written VALUES (NEW.id); RETURN NULL; END $$;
            CREATE TRIGGER note_written AFTER UPDATE ON roster.monster FOR EACH ROW EXECUTE FUNCTION public.note_written();
            """)
        #expect(try roster.find("bulk-7-äöü")?.id == 13)
        let writes = try admin.query("SELECT id, count(*) FROM public.written GROUP BY id ORDER BY id").rows
            .map { (Int64($0[0] ?? "") ?? 0, Int($0[1] ?? "") ?? 0) }
        #expect(writes.map(\.0) == [1, 2] + (7..<(7 + Int64(Self.bulk))))
        #expect(writes.filter { $0.0 > 6 }.allSatisfy { $0.1 == 1 })
        #expect(writes.filter { $0.0 <= 2 }.allSatisfy { $0.1 <= 2 })
        #expect(try roster.find("Cat-Bot")?.id == 2)
        #expect(try roster.find("dog-bot")?.id == 1)
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }
}
