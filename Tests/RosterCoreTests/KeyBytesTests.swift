import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A lookup reads a key's range up to the key and U+000B, where the
/// second of a look-alike pair is keyed (the key, a newline, its id). So
/// no name's key may hold a character below that bound (a name another
/// program wrote with a TAB or a newline, or CIRCLED CC, which UTS #39
/// spells with a TAB), and a lookup keeps only the key itself and each
/// row's own shadow of it. Keys are compared by their bytes, as the index
/// compares them: a key another program wrote in NFD is derived again.
@Suite("Name keys hold no controls and are compared by their bytes")
struct KeyBytesTests {
    @Test("no key holds a control: a name another program wrote with one reads as it is shown", arguments: [
        "Cat-Bot\tEvil", "Cat-Bot\n9", "Dog\u{0}Bot", "Dog-Bot\u{1F16D}", "Zoë\u{0B}-Bot", "Del\u{7F}-Bot",
    ])
    func noControlInKeys(_ name: String) {
        let key = MonsterRules.nameKey(name)
        #expect(!key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(key.unicodeScalars.map(\.value))")
    }

    @Test("Cat-Bot<TAB>Evil keys as it is shown, and CIRCLED CC as c c and the circle")
    func keysAsShown() {
        #expect(MonsterRules.nameKey("Cat-Bot\tEvil") == "cat-bot\\tevil")
        #expect(MonsterRules.nameKey("Dog-Bot\u{1F16D}").unicodeScalars.map(\.value) == Array("dog-botcc".unicodeScalars.map(\.value)) + [0x20DD])
    }

    @Test("ǅ, ǆ and Ǆ read as d and ž (a caron), as Dž does")
    func dzCaron() {
        for name in ["\u{1C5}emal-Bot", "\u{1C6}emal-Bot", "\u{1C4}EMAL-Bot", "D\u{17E}emal-Bot", "Dz\u{30C}emal-Bot"] {
            #expect(MonsterRules.nameKey(name) == "d\u{17E}emal-bot", "\(name)")
        }
    }

    @Test("a file: a row another program named Cat-Bot<TAB>Evil is not taken for cat-bot by show, set-weapon, remove or upsert")
    func plantedControlOnAFile() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("""
            DELETE FROM monster WHERE id IN (1, 5);
            INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (9, 'Cat-Bot' || char(9) || 'Evil', 'uuid-9', 'unknown.png', 'fire');
            INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (10, 'Ice-Bot' || char(9) || 'Evil', 'uuid-10', 'unknown.png', 'fire');
            """)
        #expect(try roster.store.find("cat-bot") == nil)
        #expect(throws: RosterError.self) { try roster.store.setWeapons([WeaponAssignment(reference: "cat-bot", weapon: .smoke)]) }
        #expect(throws: RosterError.self) { try roster.store.remove(["CAT-BOT"]) }
        #expect(try roster.importText("{\"name\": \"Ice-Bot\", \"weapon\": \"sword\", \"icon\": \"unknown.png\"}\n", mode: .upsert).updated == 0)
        #expect(try roster.store.monster(id: 9)?.weapon.type == .fire)
        #expect(try roster.store.monster(id: 10)?.weapon.type == .fire)
        #expect(try roster.store.find("Cat-Bot\tEvil")?.id == 9)
    }

    @Test("a file: rows whose forged keys sit in cat-bot's range (a TAB after it, its shadow for their id) are never found for it")
    func forgedKeysInTheRange() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("""
            INSERT INTO monster (id, name, name_key, keyed_name, icon, weapon) VALUES
              (9, 'Cat-Bot' || char(10) || '9', 'cat-bot' || char(10) || '9', 'Cat-Bot' || char(10) || '9', 'unknown.png', 'fire'),
              (10, 'Cat-Bot' || char(9) || 'Evil', 'cat-bot' || char(9) || 'evil', 'Cat-Bot' || char(9) || 'Evil', 'unknown.png', 'fire');
            UPDATE monster_changes SET keys_checked = count, keys_fold = \(NameFolding.revision);
            """)
        _ = try roster.store.remove(["#1"])
        #expect(try roster.store.find("Cat-Bot") == nil)
        #expect(throws: RosterError.self) { try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .smoke)]) }
        #expect(try roster.store.monster(id: 9)?.weapon.type == .fire)
        #expect(try roster.store.monster(id: 10)?.weapon.type == .fire)
    }

    @Test("a file: a key another program wrote in NFD is derived again: Zoë-Bot is found, and cannot be added twice")
    func decomposedKeyOnAFile() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("INSERT INTO monster (id, name, name_key, icon, weapon) VALUES (10, 'Zo\u{EB}-Bot', 'zoe\u{308}-bot', 'unknown.png', 'fire')")
        #expect(try roster.store.find("Zo\u{EB}-Bot")?.id == 10)
        #expect(throws: RosterError.self) {
            try roster.store.add(Monster(id: 0, name: "Zo\u{EB}-Bot", description: "", icon: "unknown.png", nameColor: .red, weapon: Weapon(.sword)))
        }
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id = 10").firstRow { Array($0.text(0).utf8) } == Array("zo\u{EB}-bot".utf8))
    }

    @Test("PostgreSQL: a row psql named Fire-Bot<LF>19 is not taken for fire-bot by upsert or lookup")
    func plantedControlOnPostgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("""
            DELETE FROM roster.monster WHERE id = 4;
            INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (19, 'Fire-Bot' || chr(10) || '19', 'uuid-19', 'unknown.png', 'fire')
            """)
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array("{\"name\": \"Fire-Bot\", \"weapon\": \"smoke\", \"icon\": \"unknown.png\"}\n".utf8),
                                                           name: "input", chunkSize: 1 << 20), format: nil, raw: false)
        #expect(try roster.importMonsters(from: reader, mode: .upsert, dryRun: false, progress: nil).updated == 0)
        #expect(try roster.monster(id: 19)?.weapon.type == .fire)
        #expect(try roster.find("Fire-Bot\n19")?.id == 19)
    }

    @Test("PostgreSQL: a key a writer wrote in NFD is derived again: Zoë-Bot is found, and cannot be added twice")
    func decomposedKeyOnPostgres() throws {
        let (roster, admin) = try PostgresTestServer.freshRoster()
        defer { admin.close() }
        try admin.simpleQuery("INSERT INTO roster.monster (id, name, name_key, icon, weapon) VALUES (10, 'Zo\u{EB}-Bot', 'zoe\u{308}-bot', 'unknown.png', 'fire')")
        #expect(try roster.find("Zo\u{EB}-Bot")?.id == 10)
        #expect(throws: RosterError.self) {
            try roster.add(Monster(id: 0, name: "Zo\u{EB}-Bot", description: "", icon: "unknown.png", nameColor: .red, weapon: Weapon(.sword)), dryRun: false)
        }
    }
}
