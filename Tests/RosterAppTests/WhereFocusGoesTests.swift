import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Where the focus goes back to after an editor summoned from the monster
/// drawer, what the footer's Esc says it clears, and a change saved
/// although the server's reply was lost, told as the person's own.
@Suite("Focus back to the drawer, Esc's words, a lost reply's save")
struct WhereFocusGoesTests {
    @Test("at 60×20, w from the drawer and a choice give the focus back to the drawer, as Esc over the panel does",
          arguments: [KeyEvent.character("3"), .escape])
    func summonedFromTheDrawer(_ key: KeyEvent) throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("m"), .character("j"))
        #expect(roster.focused == "Monsters overlay")
        roster.press(.character("w"))
        #expect(roster.focused == "editing: Weapon", "\(roster.text)")
        roster.press(key)
        #expect(try roster.weaponInDatabase("Dog-Bot") == (key == .escape ? .blowgun : .fire))
        #expect(roster.focused == "Monsters overlay", "back where w was pressed: \(roster.focused)")
        #expect(roster.list.isShown, "\(roster.text)")
        // One level further back: the drawer closes onto the details.
        roster.press(.escape)
        #expect(!roster.list.isShown)
        #expect(roster.focused.hasPrefix("details"), "\(roster.focused)")
    }

    @Test("at 40 and 60 columns, n from the drawer and Esc: the new monster is not added, and the focus is back in the drawer, told",
          arguments: [Size(width: 40, height: 12), Size(width: 60, height: 20)])
    func newMonsterDiscardedFromTheDrawer(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("m"), .character("j"))
        #expect(roster.focused == "Monsters overlay")
        roster.press(.character("n"))
        #expect(roster.focused == "editing: Name", "\(roster.text)")
        roster.type("Foo-Bot").press(.escape)
        #expect(roster.footer.message == "did not add `Foo-Bot`; nothing was saved", "\(roster.footer.message ?? "")")
        #expect(roster.focused == "Monsters overlay", "back where n was pressed: \(roster.focused)")
        #expect(roster.list.isShown && roster.list.selected == "Dog-Bot", "\(roster.text)")
        // The list's keys work there: j moves on.
        roster.press(.character("j"))
        #expect(roster.list.selected == "Explode-Bot", "\(roster.text)")
    }

    @Test("at 60×20, w from the details goes back to the details, and Tab from the drawer does not bring the drawer back")
    func summonedElsewhere() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.character("w"), .character("4"))
        #expect(roster.focused.hasPrefix("details"), "\(roster.focused)")
        #expect(!roster.list.isShown)
        roster.press(.character("m"), .tab, .enter, .escape)
        #expect(roster.focused.hasPrefix("details"), "Tab left the drawer for the details: \(roster.focused)")
        #expect(!roster.list.isShown)
    }

    @Test("Esc in the footer says what it clears: the filter while one is in force, then the marks",
          arguments: [(120, 35), (80, 24)])
    func escSaysWhatItClears(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character(" "))
        roster.press(.character("/")).type("bot").press(.enter)
        #expect(roster.focused == "list")
        #expect(roster.footer.keys.contains("Esc clear filter"), "\(roster.footer.keys)")
        #expect(!roster.footer.keys.contains("Esc clear"), "\(roster.footer.keys)")
        roster.press(.escape)
        #expect(roster.listTitle?.contains("found") != true, "the filter went first: \(roster.listTitle ?? "")")
        roster.press(.character("j"))
        #expect(roster.footer.keys.contains("Esc clear marks"), "\(roster.footer.keys)")
        roster.press(.escape)
        #expect(!roster.interface.controller.hasAnyMarks)
    }

    @Test("a change saved although the server's reply was lost is told as saved, with its undo, not as another program's")
    func lostReplySaved() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let saved = "lost the connection to PostgreSQL at roster-test before it answered, but the change was saved (history entry 1)"
        // What a PostgreSQL store does on such a write: it connects again,
        // so its change counter starts afresh (here another connection's
        // write that records nothing moves the file's counter, as the
        // reconnection moves the server's), and it tells the outcome
        // (`RosterStore.tell`, heard here just before the write's answer).
        let other = try SQLiteRosterStore.open(path: roster.path)
        try other.database.execute("UPDATE monster SET description = description WHERE id = 6")
        roster.press(.character("j"), .character("w"))
        try #require(roster.interface.controller.store.tell != nil, "the interface listens to its store")
        roster.interface.controller.store.tell?(saved)
        roster.press(.character("3"))
        roster.interface.poll()
        let footer = roster.footerText
        // Read after the poll: opening another connection re-derives the keys of the row written outside roster.
        #expect(try roster.weaponInDatabase("Dog-Bot") == .fire)
        #expect(footer.hasPrefix("Dog-Bot now carries Fire; \(saved)"), "\(footer)")
        #expect(!footer.contains("another program"), "nobody else wrote: \(footer)")
        #expect(footer.hasSuffix("· u undo"), "the undo stays on offer: \(footer)")
    }
}

/// The description edited in a box as wide as the pane: rows break
/// between words, as the value shows when not edited, and the box opens
/// on the start of a text that fits.
@Suite("The description's editing box")
struct DescriptionBoxTests {
    /// Over two rows even in the box across the pane at 120 columns.
    static let text = "A loyal robot dog who guards the corner of the lab and barks at strangers, then sleeps in a basket by the door"

    @Test("editing keeps words whole and the start in sight; ↑ moves the cursor up a row as drawn",
          arguments: [(120, 35), (80, 24), (60, 20)])
    func wrapsByWordAndOpensOnTheStart(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1) { store in
            _ = try store.edit(monsterID: 1, MonsterChanges(description: Self.text))
        }
        let shown = try #require(roster.details.field("Description")?.value)
        try roster.edit("Description")
        let editing = try #require(roster.details.field("Description"))
        #expect(editing.isEditing)
        #expect(editing.value == Self.text, "the whole text, its words whole, the first row in sight: \(editing.value)")
        #expect(editing.value == shown, "the box breaks where the value shown did: \(shown)")
        let end = try #require(roster.cursor)
        roster.press(.up)
        let above = try #require(roster.cursor)
        #expect(above.y == end.y - 1, "↑ goes up a row: \(end) → \(above)")
        roster.press(.home)
        #expect(roster.cursor?.y == above.y, "Home stays on the row")
        roster.type("X").press(.enter)
        let saved = try #require(try roster.monster("Cat-Bot")?.description)
        #expect(saved != Self.text && saved.replacingOccurrences(of: "X", with: "") == Self.text, "typed at the start of a row: \(saved)")
    }
}
