import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore
import TextSafety

@Suite("Browsing the monster list")
struct ListTests {
    @Test("the screen shows the list beside the selected monster's details, and the keys that work")
    func layout() throws {
        let roster = try RosterScreenHarness()
        #expect(roster.listTitle == "Monsters · 6")
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
        #expect(roster.list.selected == "Cat-Bot")
        #expect(roster.details.field("Description")?.value == "MEE-OW")
        #expect(roster.details.field("Weapon")?.value.contains("Preferred way to kill") == true)
        #expect(roster.details.field("Weapon")?.value.contains("†  Sword") == true)
        #expect(roster.footer.keys.contains("q quit"))
        #expect(roster.footer.keys.contains("? help"))
    }

    @Test("on an 80-column terminal the footer keeps what acts on the list, its commands, help and quit; moving goes first")
    func footerAtEightyColumns() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        let footer = roster.footer.keys
        // With an empty history u and h can only say so: they give way,
        // and n new, which works, is kept.
        for hint in ["Enter open", "/ filter", "w weapon", "n new", "x remove", "? help", "q quit"] {
            #expect(footer.contains(hint), "\(hint) in \(footer)")
        }
        #expect(!footer.contains("u undo") && !footer.contains("h history"), "\(footer)")
        #expect(!footer.contains("↑↓ move"), "the arrows are found without being told: \(footer)")
        // With a detail field focused, and with a filter kept, the way back stays too.
        roster.press(.tab)
        #expect(roster.focusedLabel == "Name")
        let fieldFooter = roster.footer.keys
        #expect(fieldFooter.contains("Enter edit") && fieldFooter.contains("Esc list") && fieldFooter.contains("q quit"), "\(fieldFooter)")
        roster.press(.escape, .character("/")).type("fi").press(.enter)
        let filterFooter = roster.footer.keys
        #expect(filterFooter.contains("/ filter") && filterFooter.contains("Esc clear filter"), "\(filterFooter)")
    }

    @Test("arrows, vim keys, Home and End move the selection and the details follow")
    func navigation() throws {
        let roster = try RosterScreenHarness()
        roster.press(.down, .character("j"))
        #expect(roster.list.selected == "Explode-Bot")
        #expect(roster.details.field("Description")?.value == "Tick, tick, BOOM!")
        roster.press(.character("k"))
        #expect(roster.list.selected == "Dog-Bot")
        #expect(roster.details.field("Name")?.value == "Dog-Bot")
        roster.press(.end)
        #expect(roster.list.selected == "Mini-Tomato-Bot")
        roster.press(.down)
        #expect(roster.list.selected == "Mini-Tomato-Bot", "stays at the end")
        roster.press(.home)
        #expect(roster.list.selected == "Cat-Bot")
    }

    @Test("paging through a long list reads it a window at a time")
    func longList() throws {
        let roster = try RosterScreenHarness { store in
            try store.database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                SELECT 'Bot-' || i, 'bot-' || i, '', 'unknown.png', 'default', 'fire' FROM n
                """)
        }
        #expect(roster.listPosition == "1/30,006")
        roster.press(.pageDown)
        #expect(roster.list.selected?.hasPrefix("Bot-") == true)
        roster.press(.end)
        #expect(roster.list.selected == "Bot-30000")
        #expect(roster.listPosition == "30,006/30,006")
    }

    @Test("stepping past the bottom of the list scrolls it by half a page, not a row")
    func halfPageScroll() throws {
        let roster = try RosterScreenHarness(height: 16) { store in
            try store.database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
                SELECT 'Bot-' || i, 'bot-' || i, '', 'unknown.png', 'default', 'fire' FROM n
                """)
        }
        func rowOfSelection() -> Int? {
            let buffer = roster.screen
            // Below the header bar, which is reversed too.
            return (1..<buffer.size.height).first { buffer[2, $0].style.attributes.contains(.reverse) }
        }
        // The header bar, the list's top border and its headings above the
        // rows; its bottom border and the footer below them.
        let top = 3
        let visibleRows = 16 - top - 2
        for _ in 0..<(visibleRows - 1) { roster.press(.down) }
        #expect(rowOfSelection() == top + visibleRows - 1, "at the bottom row")
        roster.press(.down)
        #expect(rowOfSelection() == top + visibleRows - visibleRows / 2, "the list scrolled by half a page")
        roster.press(.down)
        #expect(rowOfSelection() == top + visibleRows - visibleRows / 2 + 1, "and the next step does not scroll")
    }

    @Test("a filter that is an expression and matches none is told as a sentence, as every message is, whole in a narrow list", arguments: [200, 80])
    func noMatchAsASentence(width: Int) throws {
        let roster = try RosterScreenHarness(width: width, height: 24)
        roster.press(.character("/")).type("name=zed-bot")
        #expect(roster.listMessage == "No monsters match `name=zed-bot`.", "\(roster.text)")
    }

    @Test("/ filters by name as you type; Esc clears")
    func filter() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("BOT")
        #expect(roster.listTitle == "Monsters · 6 found")
        roster.type("x")
        #expect(roster.listTitle == "Monsters · 0 found")
        #expect(roster.listMessage == "No names contain `botx`." || roster.listMessage == "No names contain `BOTx`.", "\(roster.text)")
        roster.press(.control("u")).type("fire")
        #expect(roster.listTitle == "Monsters · 1 found")
        #expect(roster.header.contains("· 1 of 6 monsters"), "the header keeps the roster's size")
        #expect(roster.list.selected == "Fire-Bot")
        #expect(roster.cursor != nil, "the filter shows a text cursor")
        roster.press(.enter)
        #expect(roster.cursor == nil)
        #expect(roster.listTitle == "Monsters · 1 found")
        roster.press(.escape)
        #expect(roster.listTitle == "Monsters · 6")
        #expect(roster.list.selected == "Fire-Bot", "the selection survives the filter")
    }

    @Test("? shows help generated from the key tables")
    func help() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("?"))
        let help = try #require(roster.overlay)
        #expect(help.title.hasPrefix("roster keys"))
        #expect(help.shows("Monster list"))
        #expect(help.shows("PgUp Ctrl-B PgDn Ctrl-F"))
        // Far down a help taller than the box: scrolled to, not found in the footer.
        for _ in 0..<60 where roster.overlay?.shows("quit") != true { roster.press(.down) }
        #expect(roster.overlay?.shows("quit") == true)
        roster.press(.escape)
        #expect(roster.overlay == nil)
    }

    @Test("q quits")
    func quit() throws {
        let roster = try RosterScreenHarness()
        #expect(roster.interface.quitStatus == nil)
        roster.press(.character("q"))
        #expect(roster.interface.quitStatus == 0)
        let interrupted = try RosterScreenHarness()
        interrupted.press(.control("c"))
        #expect(interrupted.interface.quitStatus == 0, "Ctrl-C read as a key quits as q does")
    }

    @Test("a change made by another program shows on the next poll")
    func externalChange() throws {
        let roster = try RosterScreenHarness()
        _ = try SQLiteRosterStore.open(path: roster.path).setWeapons([WeaponAssignment(reference: "Cat-Bot", weapon: .fire)])
        #expect(roster.interface.poll())
        #expect(roster.details.field("Weapon")?.value.contains("♨  Fire") == true)
        #expect(!roster.interface.poll())
    }

    @Test("a narrow terminal collapses the split; the Monsters button shows the list as an overlay")
    func narrow() throws {
        let roster = try RosterScreenHarness(width: 60, height: 24)
        #expect(roster.header.contains("≡ Monsters"))
        #expect(!roster.list.isShown)
        try roster.click(on: "≡ Monsters")
        #expect(roster.list.isShown)
        #expect(roster.listTitle == "Monsters · 6")
        roster.press(.down, .enter)
        #expect(!roster.list.isShown)
        #expect(roster.details.field("Description")?.value == "BOW-WOW")
    }

    @Test("narrowing the window while a filter is typed keeps it being typed, in the list's overlay; widening gives it back")
    func narrowWhileFiltering() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("ic")
        roster.interface.resize(to: Size(width: 60, height: 20))
        _ = roster.screen
        #expect(roster.listTitle == "Monsters · 1 found", "the list is in sight, in its overlay, the filter applied")
        #expect(roster.listFilterLine == "ic")
        // Before, the details took the keyboard and the rest of the word ran
        // as commands: `q` quit, `x` asked to remove, `n` added a monster.
        roster.type("e-bq")
        #expect(roster.interface.quitStatus == nil, "q is filter text while the filter is typed")
        #expect(roster.listFilterLine == "ice-bq")
        roster.press(.backspace)
        #expect(roster.listTitle == "Monsters · 1 found" && roster.list.lines == ["Ice-Bot"])
        // Wider again: the docked list's filter has the typing.
        roster.interface.resize(to: Size(width: 100, height: 30))
        _ = roster.screen
        roster.type("o")
        #expect(roster.listFilterLine == "ice-bo" && roster.list.lines == ["Ice-Bot"])
        #expect(roster.interface.quitStatus == nil)
        // Esc goes back one level at a time: the filter, then q is a key again.
        roster.press(.escape)
        _ = roster.screen
        roster.press(.character("q"))
        #expect(roster.interface.quitStatus == 0)
    }

    @Test("narrowing with the list focused and no filter typed gives the keyboard to the details; q still quits")
    func narrowFromList() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("ic").press(.enter)
        roster.interface.resize(to: Size(width: 60, height: 20))
        _ = roster.screen
        #expect(roster.focusedLabel == "Name", "the details have the focus, from the top")
        #expect(roster.details.field("Name")?.value == "Ice-Bot", "the filter stays applied")
        #expect(roster.interface.controller.list.count == 1)
        roster.press(.character("q"))
        #expect(roster.interface.quitStatus == 0, "q is a key")
    }

    @Test("a tiny terminal says how large it must be, and nothing breaks at any size")
    func tiny() throws {
        let roster = try RosterScreenHarness(width: 30, height: 8)
        #expect(roster.text.contains("40×12"))
        #expect(roster.text.contains("30×8"))
        for width in [1, 2, 5, 39, 40, 69, 70, 200] {
            for height in [1, 2, 11, 12, 50] {
                roster.interface.resize(to: Size(width: width, height: height))
                roster.press(.character("w"), .down, .tab)
                _ = roster.screen
            }
        }
    }
}

@Suite("Untrusted text in the interactive roster")
struct HostileTextTests {
    @Test("names and descriptions with escapes, C1 controls and bidi overrides show as visible escapes")
    func escapes() throws {
        let roster = try RosterScreenHarness { store in
            try store.database.execute("""
                INSERT INTO monster (name, name_key, description, icon, name_color, weapon) VALUES
                ('Evil' || char(27) || ']0;pwned' || char(7), 'evil', 'x' || char(155) || '2J' || char(8238) || 'cod.exe',
                 'unknown.png', 'red', 'fire')
                """)
        }
        roster.press(.end)
        #expect(roster.list.selected == #"Evil\e]0;pwned\x07"#)
        #expect(roster.details.field("Name")?.value == #"Evil\e]0;pwned\x07"#)
        #expect(roster.details.field("Description")?.value == #"x\u{9b}2J\u{202e}cod.exe"#)
        let buffer = roster.screen
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                #expect(!buffer[x, y].text.unicodeScalars.contains(where: SafeText.needsEscape))
            }
        }
    }
}
