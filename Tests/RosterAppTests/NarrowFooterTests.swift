import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// What narrow and tiny windows keep in sight: the way back, and a
/// message that reads whole.
@Suite("Narrow windows keep the way out in sight")
struct NarrowFooterTests {
    @Test("with a panel up, the footer keeps Esc however narrow the window",
          arguments: [(40, 12), (60, 20), (70, 24), (80, 24)], ["Weapon", "Height", "Origin", "Activated"])
    func escapeStays(_ size: (Int, Int), _ label: String) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        try roster.edit(label)
        #expect(roster.editingLabel == label)
        let footer = roster.footerText
        #expect(footer.contains("Esc close") || footer.contains("Esc cancel"), "\(size): \(footer)")
        // q is a letter in a picker (the origin wheel's jump to a country,
        // or one that does nothing): Ctrl-C quits there, and the footer
        // says so where it has room.
        #expect(!footer.contains("q quit"), "\(size): \(footer)")
        if size.0 >= 60 { #expect(footer.contains("Ctrl-C quit"), "\(size): \(footer)") }
        // What acts here is kept before anything else.
        #expect(footer.contains("Enter "), "\(size): \(footer)")
        if size.0 >= 60 {
            if label != "Origin" { #expect(footer.contains("? help"), "\(size): \(footer)") }
            #expect(footer.contains(label == "Weapon" ? "1–5 choose" : "↑↓ turn"), "choosing stays at \(size): \(footer)")
        }
        if size.0 == 60 && label == "Weapon" {
            #expect(footer == "1–5 choose  Enter press  Esc close  ? help  Ctrl-C quit", "keys that jump elsewhere give way first: \(footer)")
        }
    }

    @Test("the too-small message breaks between its phrases, never inside “Press q to quit.”",
          arguments: [(39, 11), (30, 8), (20, 10), (24, 6)])
    func tooSmallMessage(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: 100, height: 30)
        roster.interface.resize(to: Size(width: size.0, height: size.1))
        let lines = roster.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.contains { $0.hasSuffix("Press q to quit.") }, "\(lines)")
        #expect(lines.contains { $0.contains("this one is \(size.0)×\(size.1).") }, "\(lines)")
        #expect(!lines.contains("quit."), "\(lines)")
    }

    @Test("phrases are packed whole, as many to a line as fit; one longer than a line wraps at its spaces")
    func phrases() {
        #expect(TextWrapping.lines(phrases: ["needs 40×12;", "this is 30×8.", "Press q to quit."], width: 30)
                == ["needs 40×12; this is 30×8.", "Press q to quit."])
        #expect(TextWrapping.lines(phrases: ["a terminal of at least 40×12;", "Press q to quit."], width: 16)
                == ["a terminal of at", "least 40×12;", "Press q to quit."])
    }

    @Test("the key help leaves the header and the footer in sight, and the footer says how to close it",
          arguments: [(40, 12), (45, 14), (50, 16), (60, 20), (69, 22), (80, 24), (100, 30)])
    func helpKeepsTheFooter(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("?"))
        let lines = roster.lines
        let footer = try #require(lines.last)
        #expect(footer.contains("Esc close help"), "\(size): \(footer)")
        #expect(!footer.contains("╰") && !footer.contains("─"), "the help's border is over the footer at \(size): \(footer)")
        #expect(!(lines.first ?? "").contains("╭"), "the help's border is over the header at \(size): \(lines.first ?? "")")
        roster.press(.escape)
        #expect(!roster.lines.joined().contains("roster keys"), "\(size)")
    }

    @Test("the Monsters overlay's footer offers Esc, which closes it",
          arguments: [(40, 12), (50, 16), (60, 20), (69, 22)])
    func monstersOverlayOffersEscape(_ size: (Int, Int)) throws {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        roster.press(.character("m"))
        let footer = roster.footerText
        #expect(footer.contains("Esc close"), "\(size): \(footer)")
        roster.press(.escape)
        #expect(!roster.footerText.contains("Esc close"), "\(size): \(roster.footerText)")
    }

    @Test("60×20: a message of several rows under the weapon panel leaves every button whole above it")
    func longMessageKeepsButtons() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        try roster.edit("Weapon")
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit("Cat-Bot", MonsterChanges(weapon: .smoke))
        roster.type("3")                                  // refused: a sentence of several rows
        _ = roster.screen
        let bar = try #require(roster.window.messageBar)
        #expect(bar.rowsNeeded(forWidth: 60) >= 2, "\(roster.text)")
        let panel = try #require(roster.weaponPanel)
        #expect(!panel.buttonRects.isEmpty)
        for button in panel.buttonRects {
            #expect(button.intersection(bar.frame).isEmpty, "button \(button) under the message \(bar.frame):\n\(roster.text)")
            #expect(button.maxY <= bar.frame.y, "\(button) \(bar.frame)")
        }
    }
}
