import Foundation
import TerminalKit
@testable import RosterApp

/// The list's own words, read inside its frame: the title on its top
/// border ("Monsters · 6 · height, tallest first") and the filter line
/// under it ("weapon=fire"), the headings over its rows, whichever list is shown (docked, or the
/// drawer of a narrow window).
extension RosterScreenHarness {
    private var shownList: MonsterListView? {
        let screen = interface.screen
        if window.isPresenting(screen.listOverlay) { return screen.listOverlay }
        return screen.isCollapsed ? nil : screen.list
    }

    /// The title between the top corners, without the border.
    var listTitle: String? {
        // Drawn first: a list just presented has its frame only then.
        let buffer = screen
        guard let view = shownList, view.frame.width >= 2 else { return nil }
        let frame = view.frame
        let top = String(buffer.text(row: frame.y).dropFirst(frame.x + 1).prefix(frame.width - 2))
        return top.trimmingCharacters(in: CharacterSet(charactersIn: "─ "))
    }

    /// The filter line's text after `/ `, nil when the list shows none.
    var listFilterLine: String? {
        let buffer = screen
        guard let view = shownList, view.frame.width >= 2 else { return nil }
        let frame = view.frame
        let row = String(buffer.text(row: frame.y + 1).dropFirst(frame.x + 1).prefix(frame.width - 2))
            .trimmingCharacters(in: .whitespaces)
        guard row.hasPrefix("/") else { return nil }
        return String(row.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    /// The headings over the list's rows as drawn ("Name ▲  Weapon
    /// Height"), their gaps squeezed to two spaces; nil when the list
    /// shows no heading row.
    var listHeadings: String? {
        let buffer = screen
        guard let view = shownList, view.headingArea.height > 0 else { return nil }
        let area = view.headingArea
        let row = String(buffer.text(row: area.y).dropFirst(area.x).prefix(area.width)).trimmingCharacters(in: .whitespaces)
        return row.replacingOccurrences(of: " {3,}", with: "  ", options: .regularExpression)
    }

    /// Opens the monster list where it is a drawer; a docked list is in sight.
    @discardableResult
    func showList() -> RosterScreenHarness {
        if interface.screen.isCollapsed, !window.isPresenting(interface.screen.listOverlay) { press(.character("m")) }
        return self
    }
}
