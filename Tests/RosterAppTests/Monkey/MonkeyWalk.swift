import Foundation
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// A randomized walk through the interactive roster, checking after every
/// step that no state traps a person:
/// - Ctrl-C ends the program from any state;
/// - `q` quits unless a text-consuming responder has the keyboard;
/// - every key the footer offers is handled;
/// - each press of Esc goes back one level (the focus, an overlay or panel,
///   the filter or the marks change), and at most six reach the list with
///   nothing open: the deepest is an overlay over a field's editor, the
///   editor, the narrow window's drawer, its filter, its marks (the
///   `escapeHome` step; skipped below the minimum size, whose own screen
///   says how to quit);
/// - the focus is on something shown, in this window;
/// - drawing changes nothing: no view's state (the focus, the overlays
///   and panels, what is hidden, each field's problem, the selection:
///   `eventOwnedState`) changes by drawing once or twice, and the same
///   state draws the same frame twice;
/// - nothing ends the session, and no database error reaches the status line;
/// - the frame fits the terminal.
/// A failing walk is replayed without parts of it until no part can go:
/// the short sequence that remains is what a regression test repeats.
struct MonkeyWalk {
    struct Failure: Error, CustomStringConvertible {
        let invariant: String
        let detail: String
        var description: String { "\(invariant): \(detail)" }
    }

    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20),
                        Size(width: 40, height: 12), Size(width: 39, height: 11), Size(width: 69, height: 24),
                        Size(width: 70, height: 16)]

    // MARK: Playing

    /// Plays `events` on a fresh roster of the default monsters; the first
    /// failure and the index of the step after which it showed.
    static func play(_ events: [MonkeyEvent], start: Size) -> (index: Int, failure: Failure)? {
        guard let roster = try? RosterScreenHarness(width: start.width, height: start.height, pictures: .text) else {
            return (0, Failure(invariant: "set-up", detail: "the roster could not be opened"))
        }
        var player = Player(roster: roster)
        do {
            try player.check()
            for (index, event) in events.enumerated() {
                do {
                    try player.apply(event)
                    try player.check()
                } catch {
                    return (index, error)
                }
            }
        } catch {
            return (0, error)
        }
        return nil
    }

    /// Walks `steps` random steps from a fresh roster, choosing each from
    /// what the screen offers at that moment. Returns the walk and its
    /// failure, if one happened.
    static func walk(steps: Int, generator: inout SeededGenerator, start: Size) -> (events: [MonkeyEvent], failure: Failure?) {
        guard let roster = try? RosterScreenHarness(width: start.width, height: start.height, pictures: .text) else {
            return ([], Failure(invariant: "set-up", detail: "the roster could not be opened"))
        }
        var player = Player(roster: roster)
        var events: [MonkeyEvent] = []
        for _ in 0..<steps {
            let event = player.randomEvent(using: &generator)
            events.append(event)
            do {
                try player.apply(event)
                try player.check()
            } catch {
                return (events, error)
            }
        }
        return (events, nil)
    }

    /// The shortest sequence found that still fails the same way: chunks
    /// of halving size are dropped while the failure stays.
    static func shrink(_ events: [MonkeyEvent], start: Size, invariant: String, budget: Int = 3000) -> [MonkeyEvent] {
        var current = events
        var replays = 0
        func stillFails(_ candidate: [MonkeyEvent]) -> Bool {
            replays += 1
            return play(candidate, start: start)?.failure.invariant == invariant
        }
        var chunk = max(1, current.count / 2)
        while chunk >= 1, replays < budget {
            var removedAny = false
            var index = 0
            while index < current.count, replays < budget {
                var candidate = current
                candidate.removeSubrange(index..<min(current.count, index + chunk))
                if stillFails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    index += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        // Cut what follows the failing step.
        if let failed = play(current, start: start), failed.failure.invariant == invariant {
            current = Array(current.prefix(failed.index + 1))
        }
        return current
    }

    // MARK: One roster, step by step

    struct Player {
        let roster: RosterScreenHarness
        var interface: HeadlessRoster { roster.interface }
        var window: Window { roster.interface.window }
        var screen: RosterRootView { roster.interface.screen }
        var controller: RosterSessionController { roster.interface.controller }
        private var namesAdded = 0

        init(roster: RosterScreenHarness) {
            self.roster = roster
        }

        mutating func apply(_ event: MonkeyEvent) throws(Failure) {
            switch event {
            case .key(let key):
                let offered = Set(window.footerBindings.flatMap(\.keys))
                let handled = interface.handle(.key(key))
                if offered.contains(key), !handled {
                    throw Failure(invariant: "footer key handled", detail: "the footer offers \(key) and nothing handled it")
                }
            case .paste(let text):
                interface.handle(.paste(text))
            case .click(let point, let modifiers):
                interface.handle(.mouse(MouseEvent(.press(button: 0), at: point, modifiers: modifiers)))
                interface.handle(.mouse(MouseEvent(.release(button: 0), at: point, modifiers: modifiers)))
            case .scroll(let point, let up):
                interface.handle(.mouse(MouseEvent(up ? .scrollUp : .scrollDown, at: point)))
            case .resize(let size):
                interface.resize(to: size)
            case .elsewhere(let change):
                try applyElsewhere(change)
                interface.poll()
            case .escapeHome:
                guard !window.isTooSmall else { return }
                for _ in 0..<6 where !isHome {
                    let before = level
                    interface.handle(.key(.escape))
                    if !isHome, level == before {
                        throw Failure(invariant: "Esc goes back one level", detail: "Esc changed nothing in \(stateDescription)")
                    }
                }
                if !isHome {
                    throw Failure(invariant: "Esc reaches the list", detail: "six presses of Esc left \(stateDescription)")
                }
            }
            // Quitting only sets the exit status: the walk goes on from the same state.
            screen.quitStatus = nil
            screen.suspendRequested = false
        }

        private mutating func applyElsewhere(_ change: MonkeyEvent.ExternalChange) throws(Failure) {
            do {
                let other = try SQLiteRosterStore.open(path: roster.path)
                let ids = try other.monsters(offset: 0, limit: 1000).map(\.id)
                switch change {
                case .setWeapon(let monster, let weapon):
                    guard !ids.isEmpty else { return }
                    _ = try other.edit(monsterID: ids[monster % ids.count], MonsterChanges(weapon: weapon))
                case .remove(let monster):
                    guard ids.count > 1 else { return }
                    _ = try other.remove(monsterID: ids[monster % ids.count])
                case .add(let name):
                    guard ids.count < 12, try other.find(name) == nil else { return }
                    _ = try other.add(Monster(id: 0, name: name, description: "", icon: Monster.defaultIcon,
                                              nameColor: .default, weapon: Weapon(.fire)))
                case .rename(let monster, let name):
                    guard !ids.isEmpty, try other.find(name) == nil else { return }
                    _ = try other.edit(monsterID: ids[monster % ids.count], MonsterChanges(name: name))
                }
            } catch {
                throw Failure(invariant: "another program's change", detail: "\(error)")
            }
        }

        /// The list with the keyboard and nothing open over it; in a
        /// narrow window, whose list is an overlay, the details.
        var isHome: Bool {
            guard window.overlays.isEmpty, window.dockedViews.isEmpty, window.popoverIsShowing == false else { return false }
            let home: Responder = screen.isCollapsed ? screen.details : screen.list
            return window.firstResponder === home
        }

        /// What a press of Esc goes back from: the focus, what is open
        /// over it, the filter, the marks.
        var level: [String] {
            [window.firstResponder.map { "\(ObjectIdentifier($0))" } ?? "nothing", "\(window.overlays.count)",
             "\(window.dockedViews.count)", "\(window.popoverIsShowing)", controller.list.filter, "\(controller.hasAnyMarks)"]
        }

        var stateDescription: String {
            let focus = window.firstResponder.map { String(describing: type(of: $0)) } ?? "nothing"
            let overlays = window.overlays.map { String(describing: type(of: $0.view)) }
            let docked = window.dockedViews.map { String(describing: type(of: $0)) }
            return "focus on \(focus), overlays \(overlays), docked \(docked), size \(window.size.width)×\(window.size.height)"
        }

        private var checks = 0

        mutating func check() throws(Failure) {
            checks += 1
            if let error = controller.fatalError {
                throw Failure(invariant: "nothing ends the session", detail: error.description)
            }
            if let status = controller.status, status.isError, status.text.contains("SQLite") || status.text.contains("database") {
                throw Failure(invariant: "no database error", detail: status.text)
            }
            let stateBefore = roster.eventOwnedState
            let frame = interface.render()
            try expectUnchanged(from: stateBefore, by: "drawing")
            // Drawn again on one step in four: enough to catch a frame that
            // depends on the one before, at a quarter of the cost.
            if checks % 4 == 0 {
                if interface.render().buffer != frame.buffer {
                    throw Failure(invariant: "drawing changes nothing", detail: "the same state drew two different frames: \(stateDescription)")
                }
                try expectUnchanged(from: stateBefore, by: "drawing twice")
            }
            let size = window.size
            guard frame.buffer.size == size else {
                throw Failure(invariant: "the frame fits", detail: "a \(frame.buffer.size) frame on a \(size) terminal")
            }
            if let cursor = frame.cursor, !window.bounds.contains(cursor) {
                throw Failure(invariant: "the frame fits", detail: "the cursor at \(cursor) is off the screen")
            }
            for placement in frame.buffer.placements where !placement.frame.isEmpty {
                if placement.frame.intersection(window.bounds) != placement.frame {
                    throw Failure(invariant: "the frame fits", detail: "a picture at \(placement.frame) is off the screen")
                }
            }
            guard let focused = window.firstResponder else {
                throw Failure(invariant: "focus is shown", detail: "nothing has the focus")
            }
            if focused.window !== window {
                throw Failure(invariant: "focus is shown", detail: "the focus is on a \(type(of: focused)) no longer on screen")
            }
            if !window.isTooSmall, let view = focused as? View, !view.isVisible {
                throw Failure(invariant: "focus is shown", detail: "the focus is on a hidden \(type(of: view)): \(stateDescription)")
            }
            // Ctrl-C and q only set the exit status, so they can be tried
            // in every state and the walk can go on.
            window.dispatch(.key(.control("c")))
            if screen.quitStatus != 0 {
                throw Failure(invariant: "Ctrl-C quits", detail: "Ctrl-C did not quit: \(stateDescription)")
            }
            screen.quitStatus = nil
            // q quits where no letter is typed or kept; over a picker, whose
            // letters do nothing, it does nothing too (and says so).
            let route = window.keyRoute
            if !route.textConsumerHasKeyboard {
                window.dispatch(.key(.character("q")))
                if !route.printableKeysStopped, screen.quitStatus != 0 {
                    throw Failure(invariant: "q quits", detail: "q did not quit, and nothing has the letters: \(stateDescription)")
                }
                if route.printableKeysStopped, screen.quitStatus != nil {
                    throw Failure(invariant: "q is a picker's letter", detail: "q quit over a picker: \(stateDescription)")
                }
                screen.quitStatus = nil
            }
        }

        /// Drawing changes no view's state: the focus, the overlays and
        /// panels, what is hidden, what each view holds (`eventOwnedState`).
        private func expectUnchanged(from before: [String], by what: String) throws(Failure) {
            let after = roster.eventOwnedState
            guard after != before else { return }
            let changed = zip(before, after).first { $0 != $1 }.map { "\($0.0) → \($0.1)" } ?? "\(before.count) → \(after.count) lines"
            throw Failure(invariant: "drawing changes nothing", detail: "\(what) changed a view's state: \(changed); \(stateDescription)")
        }

        // MARK: Choosing a step

        mutating func randomEvent(using generator: inout SeededGenerator) -> MonkeyEvent {
            let size = window.size
            let roll = Int.random(in: 0..<100, using: &generator)
            switch roll {
            case 0..<30:
                let keys = window.activeBindingGroups.flatMap(\.bindings).flatMap(\.keys)
                if let key = keys.randomElement(using: &generator) { return .key(key) }
                return .key(.escape)
            case 30..<42:
                let keys = window.footerBindings.compactMap(\.keys.first)
                if let key = keys.randomElement(using: &generator) { return .key(key) }
                return .key(.enter)
            case 42..<57:
                let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /?-_#.é猫🐱")
                return .key(.character(characters.randomElement(using: &generator) ?? "a"))
            case 57..<70:
                let special: [KeyEvent] = [.escape, .enter, .tab, .backTab, .up, .down, .left, .right, .backspace, .delete,
                                           .home, .end, .pageUp, .pageDown, KeyEvent(.function(1)), KeyEvent(.insert),
                                           .control("a"), .control("e"), .control("k"), .control("u"), .control("w"),
                                           .control("b"), .control("f"), .character("x", .alt), .character("q", .alt)]
                return .key(special.randomElement(using: &generator) ?? .escape)
            case 70..<74:
                let pastes = ["Kitty", "12", "a\nb", "\u{1B}[31mred", "Dog-Bot", String(repeating: "w", count: 80), "", "q"]
                return .paste(pastes.randomElement(using: &generator) ?? "")
            case 74..<86:
                return .click(Point(x: Int.random(in: 0..<max(1, size.width), using: &generator),
                                    y: Int.random(in: 0..<max(1, size.height), using: &generator)),
                              modifiers: Int.random(in: 0..<4, using: &generator) == 0 ? .control : [])
            case 86..<88:
                return .scroll(Point(x: Int.random(in: 0..<max(1, size.width), using: &generator),
                                     y: Int.random(in: 0..<max(1, size.height), using: &generator)),
                               up: Bool.random(using: &generator))
            case 88..<92:
                if Bool.random(using: &generator), let size = MonkeyWalk.sizes.randomElement(using: &generator) { return .resize(size) }
                return .resize(Size(width: Int.random(in: 1...200, using: &generator), height: Int.random(in: 1...60, using: &generator)))
            case 92..<95:
                let monster = Int.random(in: 0..<12, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return .elsewhere(.setWeapon(monster: monster, WeaponType.allCases.randomElement(using: &generator) ?? .fire))
                case 1: return .elsewhere(.remove(monster: monster))
                case 2:
                    namesAdded += 1
                    return .elsewhere(.add("Monkey-\(Int.random(in: 0..<50, using: &generator))"))
                default: return .elsewhere(.rename(monster: monster, "Renamed-\(Int.random(in: 0..<50, using: &generator))"))
                }
            default:
                return .escapeHome
            }
        }
    }
}
