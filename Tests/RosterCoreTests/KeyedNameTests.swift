import Foundation
import Testing
@testable import RosterCore

/// Every row keeps the name its key was derived from (`keyed_name`), so
/// the rows another program renamed are found in one probe, whatever the
/// file's bookkeeping says (here it says every key was checked, as a
/// program that sets `keys_checked` makes it say). A monster is found by
/// its name now, beside any other that reads alike, never by a stale key.
@Suite("A file's keys another program left stale are found by keyed_name")
struct KeyedNameTests {
    private func query(_ text: String, sort: QueryField? = nil) throws -> MonsterQuery { try KeyedNames.query(text, sort: sort) }
    private func readsAsTwo(_ error: any Error) -> Bool { KeyedNames.readsAsTwo(error) }

    /// Renames monster `id` as another program would, leaving its key, and
    /// marks every key checked.
    private func rename(_ id: Int64, to name: String, in roster: ImportRoster) throws {
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("UPDATE monster SET name = '\(name)' WHERE id = \(id); UPDATE monster_changes SET keys_checked = count, keys_fold = \(NameFolding.revision)")
    }

    @Test("a monster renamed to read as Cat-Bot is seen beside it: remove cat-bot is refused naming both, a filter by cat-bot lists both, CAT-BOT removes it alone")
    func renamedToAnExistingName() throws {
        let roster = try ImportRoster()
        try rename(2, to: "CAT-BOT", in: roster)
        #expect { try roster.store.remove(["cat-bot"]) } throws: { readsAsTwo($0) }
        #expect(try roster.store.monsterIDs(matching: query("name = cat-bot")) == [1, 2], "a reading takes both")
        #expect { try roster.store.monsterIDs(matching: query("name = cat-bot").acting) } throws: { readsAsTwo($0) }
        #expect(try roster.store.count() == 6)
        #expect(try roster.store.monsterIDs(matching: query("name = CAT-BOT")) == [2])
        #expect(try roster.store.monsterIDs(matching: query("name ~ cat-b")) == [1, 2])
        #expect(try roster.store.remove(["CAT-BOT"]).map(\.id) == [2])
        #expect(try roster.store.find("cat-bot")?.id == 1)
    }

    @Test("names another program gave, differing in width, look-alike letters or case beyond ASCII, are found by their fold",
          arguments: [("Ｗuf-Bot", "wuf-bot"), ("ꓚow-Bot", "Cow-Bot"), ("Ärgel-Bot", "ärgel-bot")])
    func foldedSpellings(_ given: String, _ asked: String) throws {
        let roster = try ImportRoster()
        try rename(2, to: given, in: roster)
        #expect(try roster.store.find(asked)?.id == 2)
        #expect(try roster.store.find("Dog-Bot") == nil)
    }

    @Test("name ~ ärgel finds a monster another program named Ärgel-Bot; renamed rows take their places in a sort by name")
    func containsBeyondASCII() throws {
        let roster = try ImportRoster()
        try rename(5, to: "Ärgel-Bot", in: roster)
        #expect(try roster.store.monsterIDs(matching: query("name ~ ärgel")) == [5])
        try rename(6, to: "Aal-Bot", in: roster)
        #expect(try roster.store.monsters(matching: query("name ~ -bot", sort: .name)).map(\.name)
                == ["Aal-Bot", "Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ärgel-Bot"])
    }

    @Test("a list sorted by name, without a filter on names, puts a monster another program renamed in its place")
    func sortedWithoutANameFilter() throws {
        let roster = try ImportRoster()
        try rename(5, to: "Aaa-Bot", in: roster)
        let sorted = MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name)])
        #expect(try roster.store.monsters(matching: sorted).map(\.id) == [5, 1, 2, 3, 4, 6])
        #expect(try roster.store.monsterIDs(matching: MonsterQuery(conditions: [], order: [MonsterSortKey(field: .name, descending: true)]))
                == [6, 4, 3, 2, 1, 5])
    }

    @Test("a write derives again only the keys of rows another program wrote, and each keeps the name it was derived from")
    func onlyStaleRowsRekeyed() throws {
        let roster = try ImportRoster()
        try rename(3, to: "Boom-Bot", in: roster)
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.execute("INSERT INTO monster (name, name_key, icon, weapon) VALUES ('Zed-Bot', 'bogus', 'unknown.png', 'smoke')")
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 2)
        _ = try roster.store.setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id IN (3, 7) ORDER BY id").rows { $0.text(0) } == ["boom-bot", "zed-bot"])
        #expect(try roster.store.find("zed-bot")?.id == 7)
    }

    @Test("roster's own writes leave every row keyed from its name: add, rename, each import, remove, undo and redo")
    func ownWritesKeyed() throws {
        let roster = try ImportRoster()
        try KeyedNames.ownWrites(roster.store)
        #expect(try roster.store.count() == 9)
        #expect(try roster.store.database.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
    }

    @Test("a roster that cannot be written folds the renamed rows in memory: found by their names now, the file unchanged")
    func readOnlyRoster() throws {
        let roster = try ImportRoster()
        try rename(2, to: "CAT-BOT", in: roster)
        try rename(4, to: "Ｗuf-Bot", in: roster)
        // A second name for the file: roster opens it only to read.
        let link = roster.directory.appendingPathComponent("second.db").path
        #expect(Foundation.link(roster.path, link) == 0)
        let reader = try SQLiteRosterStore.open(path: roster.path)
        #expect(reader.database.isReadOnly)
        #expect(try reader.find("wuf-bot")?.id == 4)
        #expect(try reader.find("Fire-Bot") == nil)
        #expect { try reader.find("cat-bot") } throws: { readsAsTwo($0) }
        #expect(try reader.monsterIDs(matching: query("name ~ bot")) == [1, 2, 3, 4, 5, 6])
        #expect(try reader.monsterIDs(matching: query("name ~ wuf")) == [4])
        #expect(try reader.monsterIDs(matching: query("name ~ fire")) == [])
        #expect(try KeyedNames.nameKeys(reader)[4] == "wuf-bot", "the interface's index of names")
        let other = try Database(path: roster.path, options: [.readOnly])
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 2)
    }
}

/// What the keyed-name tests of both stores ask.
enum KeyedNames {
    /// The keys the interface indexes names by, by id.
    static func nameKeys(_ store: any RosterStore) throws -> [Int64: String] {
        var keys: [Int64: String] = [:]
        try store.forEachNameKey { id, key in keys[id] = String(decoding: key, as: UTF8.self) }
        return keys
    }

    /// Every kind of write roster makes to the monsters: add, rename,
    /// import in each mode, remove, and their undos and redos.
    static func ownWrites(_ store: any RosterStore) throws {
        func importing(_ text: String, _ mode: ImportMode) throws {
            let reader = try MonsterReader(input: ChunkedInput(bytes: Array(text.utf8), name: "input", chunkSize: 1 << 20), format: nil, raw: false)
            _ = try store.importMonsters(from: reader, mode: mode)
        }
        _ = try store.add(Monster(id: 0, name: "New-Bot", description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire)))
        _ = try store.edit("Dog-Bot", MonsterChanges(name: "Wolf-Bot"))
        try importing("name,weapon\nImp-Bot,fire\n", .insert)
        try importing("name,weapon\nImp-Bot,smoke\nUp-Bot,sword\n", .upsert)
        _ = try store.undo()
        _ = try store.redo()
        _ = try store.remove(["Cat-Bot"])
        _ = try store.undo()
        try importing("name,weapon\nRe-Bot,fire\nWolf-Bot,smoke\n", .replace)
        _ = try store.undo()
        _ = try store.redo()
        _ = try store.undo()
    }

    static func query(_ text: String, sort: QueryField? = nil) throws -> MonsterQuery {
        MonsterQuery(conditions: try QueryParser.conditions([text]), order: sort.map { [MonsterSortKey(field: $0, descending: false)] } ?? [])
    }

    /// The refusal of a name that reads as Cat-Bot (id 1) and CAT-BOT (id 2).
    static func readsAsTwo(_ error: any Error) -> Bool {
        guard case RosterError.namesReadAlike(let sentence) = error else { return false }
        return sentence.contains("`Cat-Bot` (id 1)") && sentence.contains("`CAT-BOT` (id 2)")
    }
}
