import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A mark, an open editor and the plain roster's chosen monster hold the
/// monster as it was found: its id and its name. Another program (the
/// sqlite3 shell here) may move a monster to another id and put a
/// different one at its old id; nothing the person chose then goes to the
/// stranger. The mark is dropped and told, a choice on the set is refused
/// once and told, a single monster's save is refused as a clash.
/// (On PostgreSQL, with psql: `PostgresMonsterAsFoundTests`.)
@Suite("Marks, editors and the plain roster hold the monster as found")
struct MonsterAsFoundTests {
    static let sizes = [Size(width: 110, height: 30), Size(width: 60, height: 20)]

    /// Another program moves the monsters numbered `ids` to ids past the
    /// roster's and puts a stranger at each old id (Stranger2-Bot at 2…,
    /// with `description`), without roster, as the sqlite3 shell would.
    static func swapInStrangers(at ids: [Int64], path: String, description: String = "") throws {
        let other = try Database(path: path, options: .readWrite)
        try other.execute("BEGIN")
        for id in ids {
            try other.execute("UPDATE monster SET id = \(id + 400) WHERE id = \(id)")
            try other.execute("""
                INSERT INTO monster (id, name, name_key, description, icon, weapon) VALUES
                    (\(id), 'Stranger\(id)-Bot', 'stranger\(id)-bot', '\(description)', 'meetcatbot.png', 'sword')
                """)
        }
        try other.execute("COMMIT")
    }

    @Test("three marks, the weapon panel open: two rows get strangers; their marks drop, told; Fire is refused once, then given to Cat-Bot alone",
          arguments: sizes, [true, false])
    func marksDropAndChoiceRefused(_ size: Size, seen: Bool) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.character(" "), .character(" "), .character(" "))    // Cat-Bot, Dog-Bot, Explode-Bot
        roster.press(.character("w"))
        #expect(roster.weaponPanel?.title == "Weapon for 3 marked monsters, which differ", "\(roster.text)")
        try Self.swapInStrangers(at: [2, 3], path: roster.path)
        let dropped = "Dog-Bot and Explode-Bot are now called Stranger2-Bot and Stranger3-Bot, or other monsters took their places"
        if seen {
            #expect(roster.interface.poll())
            #expect(roster.footer.message?.hasSuffix("; \(dropped), so their marks were dropped") == true, "\(roster.footer.message ?? "")")
            #expect(roster.weaponPanel?.title == "Weapon for 1 marked monster; 2 dropped out", "\(roster.text)")
        }
        let historyBefore = try roster.store.historyCount()
        roster.type("3")                                                          // Fire
        #expect(roster.footer.message == "no weapon was changed: after you began, \(dropped), so their marks were dropped; "
                + "choose again to act on the 1 marked monster left", "\(roster.footer.message ?? "")")
        #expect(try roster.store.historyCount() == historyBefore, "nothing written")
        #expect(try roster.weaponInDatabase("Stranger2-Bot") == .sword && roster.weaponInDatabase("Stranger3-Bot") == .sword)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
        #expect(roster.weaponPanel != nil, "the panel stays open: \(roster.text)")
        #expect(roster.interface.controller.marked.count == 1, "only Cat-Bot's mark is left")
        roster.type("3")
        #expect(roster.footer.message == "gave 1 marked monster Fire", "\(roster.footer.message ?? "")")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
        #expect(try roster.weaponInDatabase("Stranger2-Bot") == .sword && roster.weaponInDatabase("Stranger3-Bot") == .sword)
        #expect(try roster.weaponInDatabase("Dog-Bot") == .blowgun && roster.weaponInDatabase("Explode-Bot") == .smoke,
                "the monsters marked, moved away, are left as they were")
    }

    @Test("a mark whose row got a stranger while no editor was open: dropped and told with the news, the other mark kept")
    func markDroppedWhileIdle() throws {
        let roster = try RosterScreenHarness(width: 110, height: 30)
        roster.showList().press(.character(" "), .character(" "))                // Cat-Bot, Dog-Bot
        try Self.swapInStrangers(at: [2], path: roster.path)
        #expect(roster.interface.poll())
        #expect(roster.footer.message?.hasSuffix("; Dog-Bot is now called Stranger2-Bot, or another monster took its place, so its mark was dropped")
                == true, "\(roster.footer.message ?? "")")
        #expect(roster.interface.controller.marked.count == 1)
        #expect(roster.list.lines.contains("✓ Cat-Bot") && roster.list.lines.contains("Stranger2-Bot"), "\(roster.list.lines)")
    }

    /// The stranger has Dog-Bot's description: the field edited alone
    /// would not tell them apart.
    @Test("the description editor open on Dog-Bot; a stranger with its description put at its id: Enter is refused as a clash, the stranger untouched")
    func singleEditRefused() throws {
        let roster = try RosterScreenHarness(width: 110, height: 30)
        roster.showList().press(.down)                                           // Dog-Bot
        try roster.edit("Description")
        roster.press(.control("u")).type("for Dog-Bot")
        try Self.swapInStrangers(at: [2], path: roster.path, description: "BOW-WOW")
        roster.press(.enter)
        // Dog-Bot is on the roster still, at another id: said so, not a rename.
        #expect(roster.footer.message?.hasPrefix("after you began, another program moved Dog-Bot to id ") == true,
                "\(roster.footer.message ?? "")")
        #expect(roster.footer.message?.contains("and put another monster, `Stranger2-Bot`, in its place") == true,
                "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Stranger2-Bot")?.description == "BOW-WOW", "nothing written to the stranger")
        #expect(try roster.monster("Dog-Bot")?.description == "BOW-WOW")
        #expect(roster.editingLabel == "Description", "the editor stays open with the person's text")
    }

    @Test("the plain roster: the chosen Dog-Bot's id given to a stranger before a command: nothing is done to it, and the person is told")
    func plainChoiceDropped() throws {
        let session = try PlainSessionTests.Conversation(["2", "weapon fire", "details"])
        session.beforeEachAnswer = { answered in
            guard answered == 1 else { return }
            try? Self.swapInStrangers(at: [2], path: session.store.name)
        }
        try session.run()
        #expect(session.lines.contains("Dog-Bot is now called Stranger2-Bot, or another monster took its place, so nothing is chosen now; "
                                       + "type a number or a name to choose again."), "\(session.lines)")
        #expect(try session.store.find("Stranger2-Bot")?.weapon.type == .sword)
        #expect(try session.store.find("Dog-Bot")?.weapon.type == .blowgun)
    }

    @Test("the plain roster's own rename keeps its choice: the next command acts on it")
    func plainOwnRenameKeepsChoice() throws {
        let session = try PlainSessionTests.Conversation(["2", "name Pup-Bot", "weapon fire"])
        try session.run()
        #expect(try session.store.find("Pup-Bot")?.weapon.type == .fire, "\(session.lines)")
    }

    @Test("the interface's own rename and its undo keep the mark")
    func ownRenameKeepsMark() throws {
        let roster = try RosterScreenHarness(width: 110, height: 30)
        roster.showList().press(.character(" "), .up)                            // Cat-Bot marked, and selected
        try roster.edit("Name")
        roster.press(.control("u")).type("Kitty-Bot").press(.enter)
        roster.showList()
        #expect(roster.list.lines.contains("✓ Kitty-Bot"), "\(roster.list.lines)")
        roster.press(.character("u"))
        #expect(roster.list.lines.contains("✓ Cat-Bot"), "\(roster.list.lines) \(roster.footer.message ?? "")")
        #expect(roster.interface.controller.marked.count == 1)
    }
}
