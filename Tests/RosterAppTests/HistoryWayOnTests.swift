import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

extension RosterScreenHarness {
    /// The history overlay's highlighted row, as drawn: `#1  edit Cat-Bot: …`.
    var highlightedHistoryRow: String? {
        let buffer = screen
        guard let view = window.overlays.last?.view, view is HistoryOverlay else { return nil }
        let inner = view.frame.inset(by: 1)
        for y in inner.y..<inner.maxY where buffer[inner.x + 1, y].style.attributes.contains(.reverse) {
            return rows(in: Rect(x: inner.x, y: y, width: inner.width, height: 1)).first
        }
        return nil
    }
}

/// Issue 25, case 7: an undo blocked by a change made outside roster stays
/// blocked for good, and a refused undo in the history overlay closed it
/// and offered no way on. Refused, the history stays open, the footer says
/// why and offers the change that can be undone on its own, highlighted.
@Suite("A refused undo says why and offers the way on")
struct HistoryWayOnTests {
    static let sizes = [(120, 35), (80, 24), (60, 20)]

    /// #1 gives Cat-Bot Fire and #2 Dog-Bot Fire, from another roster
    /// process; then a program outside roster gives Dog-Bot Smoke, which
    /// blocks undoing #2 (and so `u`) for good.
    private func blockedRoster(_ size: (Int, Int)) throws -> RosterScreenHarness {
        let roster = try RosterScreenHarness(width: size.0, height: size.1)
        let other = try SQLiteRosterStore.open(path: roster.path)
        for name in ["Cat-Bot", "Dog-Bot"] {
            let monster = try #require(try other.find(name))
            _ = try other.edit(monsterID: monster.id, MonsterChanges(weapon: .fire))
        }
        let dog = try #require(try other.find("Dog-Bot"))
        try Database(path: roster.path, options: [.readWrite]).execute("UPDATE monster SET weapon = 'smoke' WHERE id = \(dog.id)")
        _ = roster.interface.poll()
        roster.interface.controller.clearStatus()
        return roster
    }

    @Test("u on the list, refused, offers the change that can be undone alone, and h highlights it", arguments: sizes)
    func refusedOnTheList(_ size: (Int, Int)) throws {
        let roster = try blockedRoster(size)
        roster.press(.character("u"))
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("cannot undo #2"), "\(message)")
        #expect(roster.footerText.hasSuffix("· h, then u undoes #1 alone"), "the way on, whole: \(roster.footerText)")
        // The why is drawn, not only told: a message longer than the
        // footer's rows keeps its beginning in sight, cut on its last row.
        #expect(roster.footerText.contains("Dog-Bot has been changed since by another program"), "\(roster.footerText)")
        #expect(roster.footerText.hasPrefix("Cannot undo #2"), "\(roster.footerText)")
        roster.press(.character("h"))
        #expect(roster.overlay?.title == "History · newest first")
        #expect(roster.highlightedHistoryRow?.hasPrefix("#1 ") == true, "\(roster.highlightedHistoryRow ?? "none")")
        #expect(roster.overlay?.lines.first?.hasPrefix("#2 ") == true, "the newest is still in sight above it: \(roster.overlay?.lines ?? [])")
        roster.press(.character("u"))
        #expect(roster.overlay == nil, "taken back, the history closes")
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword, "#1 was undone on its own")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke, "the outside change is kept")
        #expect(roster.footer.message?.hasPrefix("undid") == true && roster.footer.message?.contains("Cat-Bot") == true,
                "\(roster.footer.message ?? "")")
    }

    @Test("u in the history on a blocked change keeps it open, says why, and highlights the way on", arguments: sizes)
    func refusedInTheHistory(_ size: (Int, Int)) throws {
        let roster = try blockedRoster(size)
        roster.press(.character("h"))
        #expect(roster.highlightedHistoryRow?.hasPrefix("#2 ") == true, "the newest first: \(roster.highlightedHistoryRow ?? "none")")
        roster.press(.character("u"))
        #expect(roster.overlay?.title == "History · newest first", "the history stays open")
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("cannot undo #2"), "\(message)")
        #expect(message.contains("Dog-Bot has been changed since by another program"), "why: \(message)")
        #expect(roster.footerText.hasSuffix("· u undoes #1 alone"), "the way on: \(roster.footerText)")
        #expect(roster.highlightedHistoryRow?.hasPrefix("#1 ") == true, "\(roster.highlightedHistoryRow ?? "none")")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke)
        roster.press(.character("u"))
        #expect(roster.overlay == nil)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .sword)
    }

    @Test("going back past a blocked change, refused, keeps the history open with the way on", arguments: sizes)
    func goingBackRefused(_ size: (Int, Int)) throws {
        let roster = try blockedRoster(size)
        roster.press(.character("h"), .down, .enter)
        #expect(roster.overlay?.shows("Take back #2, the one change after #1?") == true, "\(roster.overlay?.lines ?? [])")
        roster.press(.character("y"))
        #expect(roster.overlay?.title == "History · newest first", "the history stays open")
        #expect(roster.footer.message?.hasPrefix("cannot undo #2") == true, "\(roster.footer.message ?? "")")
        #expect(roster.footerText.hasSuffix("· u undoes #1 alone"), "\(roster.footerText)")
        #expect(try roster.weaponInDatabase("Dog-Bot") == .smoke)
        #expect(try roster.weaponInDatabase("Cat-Bot") == .fire)
    }
}
