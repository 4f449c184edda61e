import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// What another program writing `roster.monster` in psql, as a writer role
/// of docs/sharing.md, cannot make roster do: act on another monster
/// than the one a record names, give an id twice, or keep two monsters
/// spelled alike (schema 12, and the import's check of the rows its keys
/// find).
@Suite("A PostgreSQL roster keeps its identities whatever psql writes")
struct PostgresOutsideIdentityTests {
    private func rosterWithWriter() throws -> (roster: PostgresRosterStore, psql: PostgresConnection, admin: PostgresConnection) {
        try PostgresTestServer.rosterWithWriter("keeper")
    }

    private func records(_ text: String) throws -> MonsterReader {
        try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "up.json"), format: .json, raw: false)
    }

    private static let catBot = #"[{"name":"Cat-Bot","icon":"meetcatbot.png","weapon":"smoke","description":"planted"}]"#

    /// Cat-Bot gone, and Evil-Bot keyed as Cat-Bot with its `keyed_name`
    /// written too: a key no name of its gives, which `monster_stale_key`
    /// cannot see.
    private func forgeCatBotsKey(_ psql: PostgresConnection) throws {
        try psql.simpleQuery("""
            DELETE FROM roster.monster WHERE id = 1;
            INSERT INTO roster.monster (id, name, name_key, icon, weapon, keyed_name)
                VALUES (50, 'Evil-Bot', 'cat-bot', 'meetcatbot.png', 'fire', 'Evil-Bot')
            """)
    }

    private func evilBot(_ admin: PostgresConnection) throws -> [[String?]] {
        try admin.query("SELECT name, weapon, description FROM roster.monster WHERE id = 50").rows
    }

    @Test("an import of Cat-Bot beside Evil-Bot keyed as Cat-Bot adds Cat-Bot and leaves Evil-Bot, in every mode and in a dry run",
          arguments: [ImportMode.insert, .upsert])
    func forgedExactKey(_ mode: ImportMode) throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        try forgeCatBotsKey(psql)
        #expect(try roster.importMonsters(from: records(Self.catBot), mode: mode, dryRun: true) == ImportSummary(added: 1))
        #expect(try roster.importMonsters(from: records(Self.catBot), mode: mode) == ImportSummary(added: 1))
        #expect(try evilBot(admin) == [["Evil-Bot", "fire", ""]])
        #expect(try roster.find("Cat-Bot")?.description == "planted")
        #expect(try roster.find("Evil-Bot")?.id == 50)
    }

    @Test("a replace import of Cat-Bot, without an id, beside Evil-Bot keyed as Cat-Bot gives Cat-Bot a new id, never Evil-Bot's")
    func forgedExactKeyReplaced() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        try forgeCatBotsKey(psql)
        let summary = ImportSummary(added: 1, removed: 6)
        #expect(try roster.importMonsters(from: records(Self.catBot), mode: .replace, dryRun: true) == summary)
        #expect(try roster.importMonsters(from: records(Self.catBot), mode: .replace) == summary)
        #expect(try admin.query("SELECT id > 50, name FROM roster.monster").rows == [["t", "Cat-Bot"]])
    }

    @Test("a monster psql inserts with its own id past roster's next never breaks roster's add or import, and its id is never given again")
    func outsideIDs() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        try psql.simpleQuery("INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (8, 'Zz-Bot', 'uuid-8', 'meetcatbot.png', 'fire')")
        func add(_ name: String) throws -> Int64 {
            try roster.add(Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))).id
        }
        #expect(try add("Yy-Bot") == 9)
        try psql.simpleQuery("DELETE FROM roster.monster WHERE id = 8")
        #expect(try add("Xx-Bot") == 10)
        // Renumbered past them, then gone: still never given again.
        try psql.simpleQuery("UPDATE roster.monster SET id = 30 WHERE id = 10; DELETE FROM roster.monster WHERE id = 30")
        try psql.simpleQuery("INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (40, 'Ww-Bot', 'uuid-40', 'meetcatbot.png', 'fire')")
        #expect(try roster.importMonsters(from: records(#"[{"name":"Vv-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#), mode: .upsert)
                == ImportSummary(added: 1))
        #expect(try roster.find("Vv-Bot")?.id == 41)
        #expect(try add("Uu-Bot") == 42)
        // Two programs inserting at once take turns (a lock of roster's own key space).
        #expect(PostgresSchema.version12.contains("pg_advisory_xact_lock(\(PostgresSchema.LockKey.space), \(PostgresSchema.LockKey.outsideIDs))"))
    }

    @Test("a replace import's own ids move the sequence before they go in, and a refused one gives them back")
    func replaceImportIDs() throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        // Giving ids back sets the sequence, which the older recipe's UPDATE on it allows (the newer grants only
        // USAGE, and a refused import then leaves a gap, which is harmless).
        try admin.simpleQuery("GRANT UPDATE ON ALL SEQUENCES IN SCHEMA roster TO keeper")
        #expect(try roster.importMonsters(from: records(#"[{"id":100,"name":"Hundred-Bot","icon":"meetcatbot.png","weapon":"fire"}]"#),
                                          mode: .replace) == ImportSummary(added: 1, removed: 6))
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "100")
        // Refused (a name twice) after its new ids moved the sequence: they are given back.
        #expect(throws: RosterError.self) {
            try roster.importMonsters(from: records(#"[{"name":"A-Bot","icon":"meetcatbot.png","weapon":"fire"},{"name":"a-bot","icon":"meetcatbot.png","weapon":"fire"}]"#),
                                      mode: .replace)
        }
        #expect(try admin.query("SELECT last_value FROM roster.monster_id").firstValue == "100")
        #expect(try roster.add(Monster(id: 0, name: "Next-Bot", description: "", icon: "meetcatbot.png", nameColor: .default,
                                       weapon: Weapon(.fire))).id == 101)
    }

    @Test("a key psql rewrites alone, to another spelling of the same name, is derived again before an add: no second monster spelled alike",
          arguments: [("Café-Bot", "cafe\u{301}-bot", "Café-Bot"), ("\u{FB01}re2-Bot", "\u{FB01}re2-bot", "Fire2-Bot")])
    func keyRewrittenAlone(_ name: String, _ key: String, _ added: String) throws {
        let (roster, psql, admin) = try rosterWithWriter()
        defer { psql.close(); admin.close() }
        let id = try roster.add(Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))).id
        try psql.query("UPDATE roster.monster SET name_key = $1 WHERE id = $2", [key, String(id)])
        #expect(try admin.query("SELECT keyed_name FROM roster.monster WHERE id = $1", [String(id)]).rows == [[nil]])
        #expect { try roster.add(Monster(id: 0, name: added, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))) }
            throws: { error in
                guard case RosterError.nameTaken = error else { return false }
                return true
            }
        #expect(try roster.find(added)?.id == id)
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }
}
