import Synchronization
import Testing
import TerminalKit
import TextSafety
@testable import RosterApp
@testable import RosterCore

/// `v` shows columns beside the names where the list has room; `y` and
/// `Y` copy the selected monster through OSC 52, as base64 only.
@Suite("The list's columns, and copying a monster")
struct ListColumnsAndCopyTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20)]

    @Test("v: where the list has room the weapon stands in one aligned column; narrow, glyph and name stay", arguments: sizes)
    func columns(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.press(.character("v"))
        // The footer says what the list has room for at this size, and what needs more.
        let said = size.width == 80 ? "the list shows names only; weapon, height, origin, activated need a wider screen"
            : "the list shows weapon, height; origin, activated need a wider screen"
        #expect(roster.footer.message == said, "\(roster.footer.message ?? "")")
        roster.showList()
        let lines = roster.list.lines
        let weapons = ["Sword", "Blowgun", "Smoke", "Ninja Star", "Fire", "Ninja Star"]
        let listWidth = roster.window.isPresenting(roster.interface.screen.listOverlay)
            ? roster.interface.screen.listOverlay.frame.width : roster.interface.screen.list.frame.width
        if listWidth >= 32 {
            let columns = zip(lines, weapons).map { line, weapon in line.range(of: weapon).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
            #expect(columns.allSatisfy { $0 != nil } && Set(columns).count == 1, "aligned: \(lines)")
            #expect(lines.first?.hasPrefix("Cat-Bot ") == true, "\(lines)")
        } else {
            #expect(lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"], "\(lines)")
        }
        // Round again to names alone.
        for _ in 1..<ListColumn.choices.count { roster.press(.character("v")) }
        roster.showList()
        #expect(roster.list.lines == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
    }

    @Test("y copies the name and Y the export's JSON, each as one OSC 52 sequence; the footer says so", arguments: sizes)
    func copy(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        roster.showList().press(.down, .character("y"))
        #expect(roster.footer.message == "copied Dog-Bot's name to the clipboard")
        #expect(roster.interface.takeClipboardSequence() == Array("\u{1B}]52;c;RG9nLUJvdA==\u{07}".utf8))
        #expect(roster.interface.takeClipboardSequence() == nil, "sent once")
        roster.press(.character("Y"))
        #expect(roster.footer.message == "copied Dog-Bot as JSON to the clipboard")
        let sequence = try #require(roster.interface.takeClipboardSequence())
        let output = ByteOutput()
        try MonsterRecords.appendJSON(try #require(try roster.store.find("Dog-Bot")), to: output)
        try output.flush()
        #expect(sequence == Array("\u{1B}]52;c;".utf8) + ClipboardSequence.base64(output.collected) + [0x07])
    }

    @Test("a name holding ESC, C1 and bidi controls is copied as the list shows it, with no control character, as base64")
    func hostileName() throws {
        let name = "Evil\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}Bot"
        // Another program wrote it: roster itself refuses such a name.
        let roster = try RosterScreenHarness(width: 120, height: 35) { store in
            try store.database.execute("INSERT INTO monster (name, name_key, description, icon, name_color, weapon) "
                                       + "VALUES (char(69,118,105,108,27,93,48,59,112,119,110,101,100,7,155,50,74,8238,66,111,116), "
                                       + "'evil-bot', '', 'unknown.png', 'default', 'fire')")
        }
        roster.press(.end, .character("y"))
        let sequence = try #require(roster.interface.takeClipboardSequence())
        let body = sequence.dropFirst(7).dropLast()
        #expect(body.allSatisfy { $0 >= 0x2B && $0 <= 0x7A }, "base64 only")
        #expect(sequence.filter { $0 == 0x1B }.count == 1 && sequence.filter { $0 == 0x07 }.count == 1)
        // The clipboard gets what the screen shows: each control a visible
        // escape, so pasting it into a shell runs nothing.
        let shown = SafeText.escaped(name)
        let field = try #require(roster.details.field("Name")?.value)
        #expect(field.hasPrefix("Evil\\e]0;pwned") && shown.hasPrefix(field.dropLast()), "the Name field shows \(field), cut at its width")
        #expect(ClipboardSequence.base64(Array(shown.utf8)) == Array(body), "the clipboard holds the name as the screen shows it")
        #expect(ClipboardSequence.base64(Array(name.utf8)) != Array(body), "not the raw name")
        #expect(!shown.unicodeScalars.contains(where: SafeText.needsEscape))
        #expect(roster.footer.message == "copied the name as shown to the clipboard, its control characters as visible escapes; Y copies it exactly, as JSON",
                "\(roster.footer.message ?? "")")
    }

    @Test("inside a tmux whose set-clipboard is external, y says the name was sent and dropped, and how to let it through; once tmux says on, copied",
          arguments: sizes)
    func tmuxDropsTheCopy(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        let setting = Mutex("external")
        roster.interface.controller.clipboard = ClipboardReach(insideTmux: true, ask: { setting.withLock { $0 } }, runElsewhere: { $0() })
        roster.showList().press(.down, .character("y"))
        #expect(roster.footer.message == "sent Dog-Bot's name for the clipboard, but tmux dropped it: its set-clipboard is external; "
                + "`tmux set -s set-clipboard on` lets it through", "\(roster.footer.message ?? "")")
        #expect(roster.interface.takeClipboardSequence() != nil, "sent all the same")
        setting.withLock { $0 = "on" }
        roster.press(.character("y"))
        #expect(roster.footer.message == "copied Dog-Bot's name to the clipboard", "\(roster.footer.message ?? "")")
    }

    @Test("inside tmux before it answers, Y says the JSON was sent through tmux; its answer, read by the next poll, says what became of it")
    func tmuxAnswersLater() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let waiting = Mutex<[@Sendable () -> Void]>([])
        roster.interface.controller.clipboard = ClipboardReach(insideTmux: true, ask: { "off" }, runElsewhere: { work in waiting.withLock { $0.append(work) } })
        roster.press(.character("Y"))
        #expect(roster.footer.message == "sent Cat-Bot as JSON for the clipboard through tmux, which passes it on only with set-clipboard on",
                "\(roster.footer.message ?? "")")
        #expect(roster.interface.isAskingTmux)
        for work in waiting.withLock({ $0 }) { work() }
        #expect(roster.interface.poll(), "the answer is drawn")
        #expect(roster.footer.message == "sent Cat-Bot as JSON for the clipboard, but tmux dropped it: its set-clipboard is off; "
                + "`tmux set -s set-clipboard on` lets it through", "\(roster.footer.message ?? "")")
        #expect(!roster.interface.isAskingTmux)
    }
}
