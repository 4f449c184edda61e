import TerminalKit
@testable import RosterApp

/// What a person sees, part by part of the screen, in the spirit of
/// lazygit's integration tests: `roster.list.lines`, `roster.list.selected`,
/// `roster.details.field("Weapon").value`, `roster.footer.keys`,
/// `roster.focused`. Each reads the drawn frame inside one view's frame,
/// so a word in the footer never satisfies a check on the list.
extension RosterScreenHarness {
    struct ListPart {
        /// The names as drawn, top to bottom, without their glyphs.
        let lines: [String]
        let selected: String?
        let isShown: Bool
    }

    struct FieldPart {
        let label: String
        /// The value's rows as drawn, joined by a space.
        let value: String
        let isFocused: Bool
        let isEditing: Bool
    }

    struct DetailsPart {
        let harness: RosterScreenHarness
        /// The pane's title: "Details", or the monster's name while its Name row is scrolled out of sight.
        var title: String? {
            // Drawn first: whether the pane is drawn, and where, is known only then.
            _ = harness.screen
            let screen = harness.interface.screen
            guard screen.details.isDrawn else { return nil }
            let frame = screen.details.frame
            let top = String(harness.screen.text(row: frame.y).dropFirst(frame.x).prefix(frame.width))
            return top.split(separator: "─").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { !$0.isEmpty && $0 != "╭" && $0 != "╮" }
        }

        func field(_ label: String) -> FieldPart? {
            let details = harness.interface.screen.details
            guard let field = details.fields.first(where: { $0.label == label }) else { return nil }
            let buffer = harness.screen
            guard field.isDrawn else { return nil }
            // A long text is edited in a box under its label, across the pane.
            let across = field.editsAcrossPane
            let valueX = across ? field.frame.x : field.frame.x + DetailField.labelWidth + 1
            let rows = ((across ? field.frame.y + 1 : field.frame.y)..<field.frame.maxY).map { y in
                String(buffer.text(row: y).dropFirst(valueX).prefix(max(0, field.frame.maxX - valueX)))
                    .trimmingCharacters(in: .whitespaces)
            }
            return FieldPart(label: label, value: rows.filter { !$0.isEmpty }.joined(separator: " "),
                             isFocused: field.isFocused, isEditing: field.isFirstResponder)
        }
    }

    struct FooterPart {
        /// The footer's entries as drawn: `["↑↓ move", "Enter open", …]`,
        /// or the status line's sentence.
        let keys: [String]
        let message: String?
    }

    /// The monster list: the docked one, or the overlay in a narrow window.
    var list: ListPart {
        let screen = interface.screen
        let view: MonsterListView = window.isPresenting(screen.listOverlay) ? screen.listOverlay : screen.list
        let buffer = self.screen
        guard view.isVisible, window.isPresenting(screen.listOverlay) || !screen.isCollapsed else {
            return ListPart(lines: [], selected: nil, isShown: false)
        }
        var lines: [String] = []
        var selected: String?
        let frame = view.frame
        // The headings' row ("Name  Weapon") heads the names; it is none of them.
        for y in (frame.y + 1)..<max(frame.y + 1, frame.maxY - 1) where !(view.headingArea.height > 0 && y == view.headingArea.y) {
            let row = String(buffer.text(row: y).dropFirst(frame.x + 1).prefix(frame.width - 2))
            let trimmed = row.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("/ ") else { continue }
            // Each row is a glyph, a space and the name.
            let name = trimmed.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? trimmed
            lines.append(name)
            let style = buffer[frame.x + 2, y].style
            if style.attributes.contains(.reverse) || style.attributes.contains(.underline) { selected = name }
        }
        return ListPart(lines: lines, selected: selected, isShown: true)
    }

    var details: DetailsPart { DetailsPart(harness: self) }

    var footer: FooterPart {
        let row = lines.last ?? ""
        if let status = interface.controller.status { return FooterPart(keys: [], message: status.text) }
        let keys = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return FooterPart(keys: keys, message: nil)
    }

    /// Who has the keyboard, in words: `list`, `filter`, `details: Name`,
    /// `editing: Weapon`, `Monsters overlay`.
    var focused: String {
        let screen = interface.screen
        guard let responder = window.firstResponder else { return "nothing" }
        if responder === screen.list { return "list" }
        if responder === screen.listOverlay { return "Monsters overlay" }
        if responder === screen.list.filterField || responder === screen.listOverlay.filterField { return "filter" }
        if responder === screen.details { return "details: \(screen.details.focusedField?.label ?? "")" }
        if let field = screen.details.editingField { return "editing: \(field.label)" }
        return String(describing: Swift.type(of: responder))
    }

    /// Presses the key of the binding in force whose words are `help`
    /// ("weapon", "quit", "next field"), as the footer and `?` name it.
    @discardableResult
    func press(binding help: String) throws -> RosterScreenHarness {
        let binding = window.activeBindingGroups.flatMap(\.bindings).first { $0.help == help && !$0.keys.isEmpty }
        guard let key = binding?.keys.first else { throw HarnessError.notOnScreen("a binding “\(help)”", text) }
        return press(key)
    }
}
