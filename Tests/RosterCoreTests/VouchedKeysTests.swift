import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// No key another program wrote is trusted (file schema 12, PostgreSQL
/// schema 17): a key that is another id's shadow, left by renumbering a
/// row, is derived again; and the upgrade trusts no key it cannot tell is
/// its name's, so a key rewritten alone before the triggers existed is
/// derived again too. Either way `add` of the name is refused, never made
/// a second time.
@Suite("Keys another program left as another id's shadow, or rewrote before the upgrade, are derived again")
struct VouchedKeysTests {
    private static func monster(_ name: String) -> Monster {
        Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire))
    }

    private static func taken(_ error: any Error) -> Bool {
        if case RosterError.nameTaken = error { return true }
        return false
    }

    // MARK: the file

    @Test("a file: a key moved to its own shadow with an id change, then the id changed alone, is derived again; add is refused")
    func fileShadowThenRenumbered() throws {
        let roster = try ImportRoster()
        let added = try roster.store.add(Self.monster("Zoë-Bot"))
        let counted = try roster.store.monsterChangeCount()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("UPDATE monster SET name_key = name_key || char(10) || '99999', id = 99999 WHERE id = \(added.id)")
        try other.execute("UPDATE monster SET id = 7777 WHERE id = 99999")
        #expect(try other.integer("SELECT keyed_name IS NULL FROM monster WHERE id = 7777") == 1)
        #expect(try roster.store.monsterChangeCount() == counted + 2, "each outside statement counted once")
        #expect { try roster.store.add(Self.monster("Zoë-Bot")) } throws: { Self.taken($0) }
        #expect(try roster.store.find("Zoë-Bot")?.id == 7777)
        #expect(try roster.store.count() == 7)
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
    }

    @Test("a file: a look-alike roster keyed by its id, renumbered by another program, is found by its name, not taken for Cat-Bot")
    func fileLookAlikeRenumbered() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("UPDATE monster SET name = 'ꓚat-Bot' WHERE id = 2")
        #expect(try roster.store.find("ꓚat-Bot")?.id == 2)
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id = 2").firstRow { $0.text(0) } == "cat-bot\n2")
        try other.execute("UPDATE monster SET id = 70 WHERE id = 2")
        #expect(try roster.store.find("ꓚat-Bot")?.id == 70)
        #expect(try roster.store.find("Cat-Bot")?.id == 1)
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id = 70").firstRow { $0.text(0) } == "cat-bot\n70")
    }

    @Test("a file of schema 9 whose keys another program rewrote alone is upgraded trusting only keys SQL can tell are their names': add is refused",
          arguments: [("Café-Bot", "cafe\u{301}-bot"), ("Zap-Bot", "zap-bot-x")])
    func fileRewrittenBeforeTheUpgrade(_ name: String, _ key: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-vouched-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.db").path
        try FileManager.default.copyItem(atPath: ShippedSchemaTests.fixtures.appendingPathComponent("roster-v9.db").path, toPath: path)
        do {
            let other = try Database(path: path, options: [.readWrite])
            try other.prepare("UPDATE monster SET name_key = ? WHERE name = ?").run(.text(key), .text(name))
            #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0, "schema 9 trusts it")
        }
        let store = try SQLiteRosterStore.open(path: path)
        let before = try store.count()
        #expect { try store.add(Self.monster(name)) } throws: { Self.taken($0) }
        #expect(try store.count() == before)
        #expect(try store.find(name)?.name == name)
    }

    @Test("a file's upgrade has every key checked once where one is beyond what SQL can vouch for, and nowhere else; counting no change",
          arguments: [("Café-Bot", true), ("Cafe-Bot", false)])
    func fileUpgradeChecksKeysOnce(_ name: String, _ checked: Bool) throws {
        let roster = try ImportRoster()
        _ = try roster.store.add(Self.monster(name))
        let other = try Database(path: roster.path, options: [.readWrite])
        // Back to schema 11, as the file was before this upgrade.
        try other.execute("""
            DROP TRIGGER monster_shadow_key_moved;
            PRAGMA user_version = 11
            """)
        let counted = try other.integer("SELECT count FROM monster_changes")
        try Schema.migrate(other)
        #expect(try other.integer("SELECT keys_fold FROM monster_changes") == (checked ? 0 : NameFolding.revision))
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
        #expect(try other.integer("SELECT count FROM monster_changes") == counted)
        #expect(try roster.store.find(name)?.id == 7)
        #expect(try other.integer("SELECT keys_fold FROM monster_changes") == NameFolding.revision)
    }

    // MARK: PostgreSQL

    @Test("PostgreSQL: a key moved to its own shadow with an id change, then the id changed alone, is derived again; add is refused")
    func postgresShadowThenRenumbered() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        let added = try roster.add(Self.monster("Zoë-Bot"))
        try admin.simpleQuery("UPDATE roster.monster SET name_key = name_key || chr(10) || '99999', id = 99999 WHERE id = \(added.id)")
        try admin.simpleQuery("UPDATE roster.monster SET id = 7777 WHERE id = 99999")
        #expect(try admin.query("SELECT keyed_name FROM roster.monster WHERE id = 7777").rows == [[nil]])
        #expect { try roster.add(Self.monster("Zoë-Bot")) } throws: { Self.taken($0) }
        #expect(try roster.find("Zoë-Bot")?.id == 7777)
        #expect(try roster.count() == 7)
        #expect(try admin.query("SELECT count(*) FROM roster.monster WHERE keyed_name IS DISTINCT FROM name").firstValue == "0")
    }

    @Test("PostgreSQL: a look-alike roster keyed by its id, renumbered by psql, is found by its name, not taken for Cat-Bot")
    func postgresLookAlikeRenumbered() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("UPDATE roster.monster SET name = 'ꓚat-Bot' WHERE id = 2")
        #expect(try roster.find("ꓚat-Bot")?.id == 2)
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id = 2").firstValue == "cat-bot\n2")
        try admin.simpleQuery("UPDATE roster.monster SET id = 70 WHERE id = 2")
        #expect(try roster.find("ꓚat-Bot")?.id == 70)
        #expect(try roster.find("Cat-Bot")?.id == 1)
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id = 70").firstValue == "cat-bot\n70")
    }

    @Test("PostgreSQL schema 11 whose keys psql rewrote alone is upgraded trusting only keys SQL can tell are their names': add is refused",
          arguments: [("Café-Bot", "cafe\u{301}-bot"), ("Zap-Bot", "zap-bot-x")])
    func postgresRewrittenBeforeTheUpgrade(_ name: String, _ key: String) throws {
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 11)
        defer { admin.close() }
        try admin.query("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon, keyed_name) VALUES (7, $1, $2, 'meetcatbot.png', 'fire', $1)
            """, [name, key])
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        #expect { try roster.add(Self.monster(name)) } throws: { Self.taken($0) }
        #expect(try roster.count() == 7)
        #expect(try roster.find(name)?.id == 7)
    }

    @Test("PostgreSQL's upgrade has every key checked once where one is beyond what SQL can vouch for, and nowhere else; counting no outside write",
          arguments: [("Café-Bot", true), ("Cafe-Bot", false)])
    func postgresUpgradeChecksKeysOnce(_ name: String, _ checked: Bool) throws {
        let (database, admin) = try PostgresSchemaUpgradeTests.roster(atVersion: 13)
        defer { admin.close() }
        try admin.query("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon, keyed_name) VALUES (7, $1, lower($1), 'meetcatbot.png', 'fire', $1)
            """, [name])
        try admin.query(PostgresRosterStore.noteNameKeysChecked, [String(NameFolding.revision)])
        let counted = try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue
        let roster = try PostgresRosterStore.open(uri: PostgresTestServer.shared().uri(database: database, applicationName: "tester-a"), environment: [:])
        #expect(try admin.query("SELECT keys_fold FROM roster.roster_schema").firstValue == (checked ? "0" : String(NameFolding.revision)))
        #expect(try admin.query("SELECT outside_writes FROM roster.roster_schema").firstValue == counted)
        #expect(try roster.find(name)?.id == 7)
        #expect(try admin.query("SELECT keys_fold FROM roster.roster_schema").firstValue == String(NameFolding.revision))
    }
}
