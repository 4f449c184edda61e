import TerminalKit
@testable import RosterApp

/// The rest of the screen, part by part, beside `ScreenVocabulary`: the
/// header bar, what the list says in its border and in place of rows, the
/// overlay in front (help, history, a question) and the docked panel.
/// Each reads only the cells inside its own part's frame, so a word drawn
/// elsewhere (the footer names every key) never satisfies a check on it.
extension RosterScreenHarness {
    /// The cells of `rect`, row by row, each row without the spaces at
    /// its ends.
    func rows(in rect: Rect) -> [String] {
        let buffer = screen
        let inside = rect.intersection(Rect(origin: .zero, size: buffer.size))
        guard !inside.isEmpty else { return [] }
        return (inside.y..<inside.maxY).map { y in
            String(buffer.text(row: y).dropFirst(inside.x).prefix(inside.width)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The header bar, the screen's top row: "roster · 6 monsters", the
    /// "≡ Monsters" button of a narrow window.
    var header: String {
        rows(in: Rect(x: 0, y: 0, width: screen.size.width, height: 1)).first ?? ""
    }

    /// The footer as drawn, its rows inside its frame joined by a space:
    /// the keys, or the status line's sentence (which may wrap) with the
    /// key it offers (`· u undo`).
    var footerText: String {
        _ = screen
        return rows(in: interface.screen.footer.frame).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The list's position in its bottom border: `1/30,006`; nil when no list is shown.
    var listPosition: String? {
        guard list.isShown else { return nil }
        let view: MonsterListView = window.isPresenting(interface.screen.listOverlay) ? interface.screen.listOverlay
            : interface.screen.list
        let frame = view.frame
        let border = rows(in: Rect(x: frame.x + 1, y: frame.maxY - 1, width: frame.width - 2, height: 1)).first ?? ""
        return border.split(separator: " ").first { $0.contains("/") }.map(String.init)
    }

    /// What the shown list says where its rows would be when it has none:
    /// "No names contain `botx`.", "The roster is empty.".
    var listMessage: String? {
        guard list.isShown else { return nil }
        let view: MonsterListView = window.isPresenting(interface.screen.listOverlay) ? interface.screen.listOverlay
            : interface.screen.list
        guard interface.controller.list.count == 0 else { return nil }
        let frame = view.frame
        // Wrapped over as many rows as the pane's width needs: read whole.
        let lines = rows(in: frame.inset(by: 1)).filter { !$0.isEmpty && !$0.hasPrefix("/") }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// A detail field's label as drawn, with its marker: `► Activated`
    /// while its editor is up, `▸ Weapon` while it has the focus; nil when
    /// the field is out of sight.
    func fieldLabel(_ label: String) -> String? {
        _ = screen
        guard let field = interface.screen.details.fields.first(where: { $0.label == label }), field.isDrawn else { return nil }
        return rows(in: Rect(x: field.frame.x, y: field.frame.y, width: DetailField.labelWidth, height: 1)).first
    }

    struct OverlayPart {
        /// The title on its top border: "roster keys".
        let title: String
        /// Its rows inside the border, as drawn.
        let lines: [String]
        /// Whether any of its rows holds `text`.
        func shows(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
    }

    /// The overlay in front (help, history, the list's drawer, a
    /// question), read inside its frame; nil when none is open.
    var overlay: OverlayPart? {
        _ = screen
        guard let view = window.overlays.last?.view else { return nil }
        return part(view)
    }

    /// The popover hanging at a field (the name colour's), read inside
    /// its frame; nil when none is up.
    var popover: OverlayPart? {
        _ = screen
        guard window.popoverIsShowing, let view = window.firstResponder?.inputView else { return nil }
        return part(view)
    }

    /// A view's title and rows, read inside its frame: inside the border
    /// of a boxed one, whole for a bare one (the question in the footer's
    /// place, "Remove Dog-Bot?  y / N").
    private func part(_ view: View) -> OverlayPart {
        let frame = view.frame
        let top = rows(in: Rect(x: frame.x, y: frame.y, width: frame.width, height: 1)).first ?? ""
        guard top.hasPrefix("╭") else { return OverlayPart(title: "", lines: rows(in: frame)) }
        let title = top.split(separator: "─").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && $0 != "╭" && $0 != "╮" } ?? ""
        return OverlayPart(title: title, lines: rows(in: frame.inset(by: 1)))
    }

    /// The panel docked at the bottom (the weapon panel, a wheel), read
    /// inside its frame; nil when none is up.
    var dockedPanel: OverlayPart? {
        guard let view = window.dockedViews.last else { return nil }
        _ = screen
        let lines = rows(in: view.frame)
        let title = (lines.first ?? "").split(separator: "─").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty } ?? ""
        return OverlayPart(title: title, lines: lines)
    }
}
