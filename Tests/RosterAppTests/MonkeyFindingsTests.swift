import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Sequences the randomized walk found (script/monkey), shrunk, each now
/// a test of its own.
@Suite("What the monkey found")
struct MonkeyFindingsTests {
    @Test("a monster added while a filter hides its name is added, its editor put away, the filter kept")
    func addedUnderAFilter() throws {
        // key /, key /, resize 69×24, key n, key ?, key Tab; with Enter
        // before the resize now, since a filter being typed goes on being
        // typed in the list's overlay when the window narrows. The filter
        // used to be cleared so that the new monster's fields stayed in
        // sight; now it stays, and no editor goes on out of sight.
        let roster = try RosterScreenHarness(width: 80, height: 24)
        roster.press(.character("/")).type("/").press(.enter)
        roster.interface.resize(to: Size(width: 69, height: 24))
        roster.press(.character("n")).type("?").press(.tab)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("?") != nil)
        #expect(roster.interface.controller.list.filter == "/")
        #expect(roster.footer.message == "added ?; ? does not match the filter `/`, and no monster matches it now")
        _ = roster.screen
        #expect(roster.window.firstResponder != nil)
    }

    @Test("renaming a monster so the filter no longer matches it saves it and puts its editor away")
    func renamedOutOfTheFilter() throws {
        let roster = try RosterScreenHarness()
        roster.press(.character("/")).type("cat").press(.enter)
        try roster.edit("Name")
        roster.press(.control("u")).type("Tabby").press(.tab)
        #expect(roster.editingLabel == nil)
        #expect(try roster.monster("Tabby")?.description == "MEE-OW")
        #expect(try roster.monster("Dog-Bot")?.description == "BOW-WOW", "nothing reached another monster")
    }
}

@Suite("The footer offers only keys that do what it says")
struct FooterTruthTests {
    @Test("in the origin wheel, where letters jump to a country, the footer does not offer w, a, ? or q")
    func lettersInTheOriginWheel() throws {
        let roster = try RosterScreenHarness()
        try roster.edit("Origin")
        let keys = roster.footer.keys
        #expect(keys.contains("↑↓ turn"), "\(keys)")
        for letter in ["w ", "a ", "? ", "q "] {
            #expect(!keys.contains { $0.hasPrefix(letter) }, "\(letter) in \(keys)")
        }
        roster.press(.character("w"))
        #expect(roster.editingLabel == "Origin", "w typed into the wheel, as the footer says")
        // In the height wheels letters are not typing: ? works there, and
        // other letters have no meaning there, q included, so none is
        // offered; Ctrl-C quits.
        try roster.edit("Height")
        #expect(roster.footer.keys.contains("Ctrl-C quit") && roster.footer.keys.contains("? help"), "\(roster.footer.keys)")
        #expect(!roster.footer.keys.contains { $0.hasPrefix("a ") || $0.hasPrefix("w ") || $0.hasPrefix("q ") }, "\(roster.footer.keys)")
    }
}

extension FooterTruthTests {
    @Test("while the activation is being edited, the footer does not offer a to edit it")
    func noActivationKeyInItsOwnEditor() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        roster.press(.character("a"))
        #expect(roster.focused == "editing: Activated")
        #expect(!roster.footer.keys.contains("a activated"), "\(roster.footer.keys)")
        #expect(!roster.footer.keys.contains("w weapon"), "a letter over a picker is not a command")
    }
}

extension MonkeyFindingsTests {
    @Test("an overlay opened over a field's editor and closed by widening the window leaves the focus somewhere")
    func overlayOverAnEditorClosedByResize() throws {
        // seed 2000001, walk 337: Enter, click 10,0, /, paste "q", resize 125×31
        let roster = try RosterScreenHarness(width: 40, height: 12)
        roster.press(.enter).click(Point(x: 10, y: 0)).press(.character("/")).paste("q")
        roster.interface.resize(to: Size(width: 125, height: 31))
        _ = roster.screen
        #expect(roster.window.firstResponder != nil)
        #expect(roster.window.firstResponder?.window === roster.window)
        let replay = MonkeyWalk.play([.key(.enter), .click(Point(x: 10, y: 0)), .key(.character("/")), .paste("q"),
                                      .resize(Size(width: 125, height: 31))], start: Size(width: 40, height: 12))
        #expect(replay == nil, "\(replay.map { "\($0.failure)" } ?? "")")
    }
}

extension MonkeyFindingsTests {
    @Test("Esc out of the Monsters overlay, with a filter that hides every monster, reaches the details")
    func overlayClosedOverAnEmptyFilter() throws {
        // seed 1000001, walk 1207: w, click 0,0, /, j, Enter, then Esc home
        let events: [MonkeyEvent] = [.key(.character("w")), .click(Point(x: 0, y: 0)), .key(.character("/")),
                                     .key(.character("j")), .key(.enter), .escapeHome]
        let replay = MonkeyWalk.play(events, start: Size(width: 60, height: 20))
        #expect(replay == nil, "\(replay.map { "\($0.failure)" } ?? "")")
    }
}

extension MonkeyFindingsTests {
    @Test("a name being typed on a screen too small: the footer offers F1 for help, never ?, which is a letter there")
    func helpWhileTypingOnATinyScreen() throws {
        // seed 20261201, walk 5, step 1771: Enter at 69×24, resize 49×2, ?
        let roster = try RosterScreenHarness(width: 69, height: 24)
        roster.press(.enter)
        #expect(roster.editingLabel == "Name")
        roster.interface.resize(to: Size(width: 49, height: 2))
        let offered = roster.window.footerBindings.flatMap(\.keys)
        #expect(!offered.contains(.character("?")) && offered.contains(.f1), "\(offered)")
        let replay = MonkeyWalk.play([.key(.enter), .resize(Size(width: 49, height: 2)), .key(.character("?"))],
                                     start: Size(width: 69, height: 24))
        #expect(replay == nil, "\(replay.map { "\($0.failure)" } ?? "")")
    }
}

extension MonkeyFindingsTests {
    @Test("in a narrow window, Esc from the weapon under help, with a filter and a hidden mark, goes back a level at a time to the details")
    func escFromTheWeaponThroughTheDrawer() throws {
        // seed 4226865582, walk 38, step 15089: five levels, each Esc told.
        let events: [MonkeyEvent] = [.key(.character(" ")), .elsewhere(.add("Monkey-20")), .key(.character("/")),
                                     .key(.character("k")), .click(Point(x: 64, y: 8)), .resize(Size(width: 69, height: 24)),
                                     .escapeHome, .key(.character("n")), .key(.character("p")), .key(.tab),
                                     .key(.character("w")), .key(.character("?")), .escapeHome]
        let replay = MonkeyWalk.play(events, start: Size(width: 80, height: 24))
        #expect(replay == nil, "\(replay.map { "\($0.failure)" } ?? "")")
        // Drawn after each step, as a terminal would: the click lands on what is drawn there.
        let roster = try RosterScreenHarness(width: 80, height: 24, pictures: .text)
        for event in events.dropLast() {
            switch event {
            case .key(let key): roster.press(key)
            case .click(let point, _): roster.click(point)
            case .resize(let size): roster.interface.resize(to: size)
            case .escapeHome: roster.press(.escape)
            case .elsewhere:
                _ = try SQLiteRosterStore.open(path: roster.path).add(Monster(id: 0, name: "Monkey-20", description: "",
                                                                              icon: Monster.defaultIcon, nameColor: .default, weapon: Weapon(.fire)))
                roster.interface.poll()
            default: break
            }
            _ = roster.screen
        }
        var told: [String] = []
        for _ in 0..<5 {
            roster.press(.escape)
            told.append(roster.footer.message ?? "")
        }
        #expect(told.contains("cleared the filter") && told.contains("cleared 1 mark"), "\(told)")
        #expect(roster.window.overlays.isEmpty && roster.window.firstResponder === roster.interface.screen.details, "\(roster.text)")
    }
}
