import Testing
import PostgresWire
@testable import RosterCore

/// Undo and redo of a change of many monsters on PostgreSQL: one
/// statement for all of them, whatever their number, and the roster
/// exactly as it was (ids, names, keys, every field, and the history).
@Suite("Undo of a big removal on PostgreSQL")
struct PostgresBigUndoTests {
    private func export(_ store: PostgresRosterStore) throws -> [UInt8] {
        let output = ByteOutput()
        try store.export(.ndjson, to: output)
        try output.flush()
        return output.collected
    }

    @Test("undoing the removal of 20,000 monsters is one INSERT and gives back the same export; redoing it is one DELETE")
    func undoOfBigRemovalIsOneStatement() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.makeDatabase()
        let store = try PostgresRosterStore.open(uri: server.uri(database: database), environment: [:])
        var lines = ["name,description,icon,name_color,weapon,height,origin,activated"]
        for number in 1...20_000 {
            lines.append("Gone-\(number),Number \(number),unknown.png,\(number % 2 == 0 ? "red" : "default"),fire,"
                         + "\(number % 3 == 0 ? "" : "5ft\(number % 12)in"),\(number % 5 == 0 ? "" : "JP"),")
        }
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "gone.csv"),
                                       format: .csv, raw: false)
        _ = try store.importMonsters(from: reader, mode: .insert)
        let full = try export(store)
        let keys = try store.connection.query("SELECT id, name_key FROM roster.monster ORDER BY id").rows

        // Every INSERT and DELETE statement on the monsters is counted.
        let admin = try server.adminConnection(database: database)
        defer { admin.close() }
        try admin.simpleQuery("""
            CREATE TABLE public.statements (kind text);
            CREATE FUNCTION public.count_statement() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO public.statements VALUES (TG_OP); RETURN NULL; END $$;
            CREATE TRIGGER counted AFTER INSERT OR DELETE ON roster.monster FOR EACH STATEMENT EXECUTE FUNCTION public.count_statement();
            """)
        func statements(_ kind: String) throws -> String? {
            try admin.query("SELECT count(*) FROM public.statements WHERE kind = $1", [kind]).firstValue
        }

        let removed = try store.remove((1...20_000).map { "Gone-\($0)" })
        #expect(removed.count == 20_000)
        let without = try export(store)
        #expect(try store.count() == 6)
        try admin.simpleQuery("DELETE FROM public.statements")

        _ = try store.undo()
        #expect(try statements("INSERT") == "1")
        #expect(try export(store) == full)
        #expect(try store.connection.query("SELECT id, name_key FROM roster.monster ORDER BY id").rows == keys)

        _ = try store.redo()
        #expect(try statements("DELETE") == "1")
        #expect(try export(store) == without)
        #expect(try store.history(limit: 3).map(\.command) == ["redo", "undo", "remove"])
    }
}
