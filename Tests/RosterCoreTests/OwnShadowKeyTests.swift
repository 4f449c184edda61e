import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A row matched by a filter on names is passed on only when its stored
/// key is its name's key, or its own shadow of it (the key, a newline
/// and its own id): another row's shadow is a key no roster gave it, one
/// a program that writes `name_key` (and `keyed_name`) itself forged, and
/// the key is derived again.
@Suite("A filter by name admits a row's own shadow key only")
struct OwnShadowKeyTests {
    @Test("the key, or the row's own shadow of it; never another id's shadow, nor a longer tail")
    func keyIsRight() {
        #expect(NameRecheck.keyIsRight(name: "Zed-Bot", storedKey: "zed-bot", id: 9))
        #expect(NameRecheck.keyIsRight(name: "Zed-Bot", storedKey: "zed-bot\n9", id: 9))
        #expect(!NameRecheck.keyIsRight(name: "Zed-Bot", storedKey: "zed-bot\n7", id: 9))
        #expect(!NameRecheck.keyIsRight(name: "Zed-Bot", storedKey: "zed-bot\n", id: 9))
        #expect(!NameRecheck.keyIsRight(name: "Zed-Bot", storedKey: "zed-bot\n9x", id: 9))
    }

    private var filter: MonsterQuery { get throws { try KeyedNames.query("name ~ zed") } }

    @Test("a file: a row keyed by another id's shadow is still found by name~, and its key is derived again")
    func file() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("""
            INSERT INTO monster (id, name, name_key, icon, weapon, keyed_name)
            VALUES (9, 'Zed-Bot', 'zed-bot' || char(10) || '7', 'meetcatbot.png', 'fire', 'Zed-Bot');
            UPDATE monster_changes SET keys_checked = count, keys_fold = \(NameFolding.revision)
            """)
        #expect(try roster.store.monsterIDs(matching: try filter) == [9])
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id = 9").firstRow { $0.text(0) } == "zed-bot")
    }

    @Test("PostgreSQL: a row keyed by another id's shadow is still found by name~, and its key is derived again")
    func postgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            INSERT INTO roster.monster (id, name, name_key, icon, weapon, keyed_name)
            VALUES (9, 'Zed-Bot', 'zed-bot' || chr(10) || '7', 'meetcatbot.png', 'fire', 'Zed-Bot')
            """)
        #expect(try roster.monsterIDs(matching: try filter) == [9])
        #expect(try roster.monsters(matching: try filter).map(\.id) == [9])
        #expect(try admin.query("SELECT name_key FROM roster.monster WHERE id = 9").firstValue == "zed-bot")
    }
}
