import Foundation
import Testing
@testable import RosterCore

/// A key another program rewrites without its name (schema 10): the row
/// forgets the name its key was derived from, so the next write derives
/// it again, and an add of the same name is refused, not made twice.
@Suite("A file's key rewritten alone by another program is derived again")
struct KeyWrittenAloneTests {
    private func add(_ name: String, to roster: ImportRoster) throws -> Monster {
        try roster.store.add(Monster(id: 0, name: name, description: "", icon: "meetcatbot.png", nameColor: .default, weapon: Weapon(.fire)))
    }

    @Test("a key rewritten to another spelling of the same name: add of that name is refused, the monster found, the change counted once",
          arguments: [("Café-Bot", "cafe\u{301}-bot", "Café-Bot"), ("\u{FB01}re2-Bot", "\u{FB01}re2-bot", "Fire2-Bot")])
    func keyRewrittenAlone(_ name: String, _ key: String, _ added: String) throws {
        let roster = try ImportRoster()
        let id = try add(name, to: roster).id
        let counted = try roster.store.monsterChangeCount()
        let other = try Database(path: roster.path, options: [.readWrite])
        try other.prepare("UPDATE monster SET name_key = ? WHERE id = ?").run(.text(key), .integer(id))
        #expect(try other.integer("SELECT keyed_name IS NULL FROM monster WHERE id = \(id)") == 1)
        #expect(try roster.store.monsterChangeCount() == counted + 1)
        #expect { try add(added, to: roster) } throws: { error in
            guard case RosterError.nameTaken = error else { return false }
            return true
        }
        #expect(try roster.store.find(added)?.id == id)
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
    }

    @Test("roster's own moves of a key to its shadow and back, and its re-derivation, leave no row marked")
    func ownKeyWritesUnmarked() throws {
        let roster = try ImportRoster()
        let other = try Database(path: roster.path, options: [.readWrite])
        // Another program's look-alike of Cat-Bot: keyed by its id after Cat-Bot's key once derived.
        try other.execute("UPDATE monster SET name = 'ꓚat-Bot' WHERE id = 2")
        #expect(try roster.store.find("ꓚat-Bot")?.id == 2)
        #expect(try other.prepare("SELECT name_key FROM monster WHERE id = 2").firstRow { $0.text(0) } == "cat-bot\n2")
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
        // Cat-Bot removed and its removal undone: the pair's keys move as roster moves them.
        _ = try roster.store.remove(["Cat-Bot"])
        _ = try roster.store.undo()
        #expect(try other.integer("SELECT count(*) FROM monster WHERE keyed_name IS NOT name") == 0)
        #expect(try roster.store.find("Cat-Bot")?.id == 1)
    }
}
