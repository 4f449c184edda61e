import TextSafety

/// A picker of one or more wheels, like UIKit's `UIPickerView`: each
/// column shows its chosen value in the middle row with its neighbours
/// above and below. One type serves a single list (a country) and
/// several linked columns (feet and inches), configured by closures.
///
/// Keys: ↑↓ turn the focused wheel, PgUp/PgDn by five, Home/End to the
/// ends, ←→ move between wheels, typing letters jumps to the first value
/// that starts with them, Enter is Done and Esc cancels. The mouse wheel
/// turns the wheel under the pointer; a click picks the value clicked.
public final class WheelPicker: DockedPanel {
    public struct Column {
        public var title: String
        public var values: [String]
        public var selected: Int
        /// Columns the wheel takes; nil sizes it to its longest value.
        public var width: Int?

        public init(title: String = "", values: [String], selected: Int = 0, width: Int? = nil) {
            self.title = title
            self.values = values
            self.selected = max(0, min(values.count - 1, selected))
            self.width = width
        }
    }

    /// A button shown on the picker's bottom row (`Now` on a date picker).
    public struct ToolbarButton {
        public var title: String
        public var key: KeyEvent?
        public var action: () -> Void

        public init(_ title: String, key: KeyEvent? = nil, action: @escaping () -> Void) {
            self.title = title
            self.key = key
            self.action = action
        }
    }

    public var columns: [Column] = []
    public private(set) var focusedColumn = 0
    /// Rows shown per wheel (odd: the chosen value sits in the middle).
    public var visibleRows = 5
    public var toolbarButtons: [ToolbarButton] = []

    /// A wheel turned: (column, row).
    public var onChange: ((Int, Int) -> Void)?
    public var onDone: (() -> Void)?

    private var columnFrames: [Rect] = []
    private var buttonFrames: [Rect] = []
    private var typed = ""
    private var lastTypedAt = 0

    public init(configure: (WheelPicker) -> Void = { _ in }) {
        super.init()
        configure(self)
    }

    /// The chosen row of each column.
    public var selection: [Int] { columns.map(\.selected) }

    public func select(_ row: Int, inColumn column: Int, notify: Bool = true) {
        guard columns.indices.contains(column), !columns[column].values.isEmpty else { return }
        let clamped = max(0, min(columns[column].values.count - 1, row))
        guard clamped != columns[column].selected else { return }
        columns[column].selected = clamped
        if notify { onChange?(column, clamped) }
    }

    public func focus(column: Int) {
        focusedColumn = max(0, min(columns.count - 1, column))
    }

    // MARK: Keys

    public override var keyBindingsTitle: String { title.isEmpty ? "Picker" : title }

    /// The picker's keys, declared once; the toolbar's buttons add the
    /// keys they were configured with (`n` for a date picker's Now) before
    /// Enter and Esc.
    public static let keys = KeyTable<WheelPicker>([
        .init(.up, "↑↓", "turn", role: .choose, run: { $0.turn(by: -1) }),
        .init(.down, "↑↓", "turn", footer: false, run: { $0.turn(by: 1) }),
        .init(.pageUp, "PgUp/PgDn", "by 5", footer: false, run: { $0.turn(by: -5) }),
        .init(.pageDown, "PgUp/PgDn", "by 5", footer: false, run: { $0.turn(by: 5) }),
        .init(.home, "Home/End", "first/last", footer: false, run: { $0.turn(to: 0) }),
        .init(.end, "Home/End", "first/last", footer: false, run: { $0.turn(to: Int.max) }),
        .init(.left, "←→", "column", when: { .when($0.columns.count > 1) }, run: { $0.moveFocus(by: -1) }),
        .init(.right, "←→", "column", footer: false, when: { .when($0.columns.count > 1) }, run: { $0.moveFocus(by: 1) }),
    ])

    public static let closingKeys = KeyTable<WheelPicker>([
        .init(.enter, "Enter", "done", run: { $0.onDone?() }),
        .init(.escape, "Esc", "cancel", run: { $0.onCancel?() }),
    ])

    public override var keyBindings: [KeyBinding] {
        let buttons = toolbarButtons.compactMap { button in
            button.key.map { KeyBinding($0, $0.description, button.title.lowercased(), action: button.action) }
        }
        return Self.keys.bindings(for: self) + buttons + Self.closingKeys.bindings(for: self)
    }

    /// Letters with no meaning here do nothing (`stopsPrintableKeys`).
    public override var stopsPrintableKeys: Bool { true }

    /// A wheel of words (countries, months) takes typed letters: they jump
    /// to a value, and never become commands. A wheel of numbers takes
    /// only the digits that lead somewhere, and lets other keys go on.
    public override var consumesText: Bool {
        guard columns.indices.contains(focusedColumn) else { return false }
        return columns[focusedColumn].values.contains { $0.first?.isLetter == true }
    }

    public override func handle(key: KeyEvent) -> Bool {
        if super.handle(key: key) { return true }
        // Type-ahead: letters and digits jump to the first matching value.
        guard case .character(let character) = key.code, key.modifiers.isSubset(of: .shift),
              character.isLetter || character.isNumber || character == " " else { return false }
        return typeAhead(character)
    }

    /// Returns whether the character led to a value.
    private func typeAhead(_ character: Character) -> Bool {
        let now = MonotonicClock.milliseconds()
        if now - lastTypedAt > 1000 { typed = "" }
        lastTypedAt = now
        // A space only goes on with a name (`new z`): alone it would match
        // every value and turn the wheel to its first.
        if character == " " && typed.isEmpty { return false }
        typed.append(character)
        guard columns.indices.contains(focusedColumn) else { return false }
        // Case and accents do not matter: `cur` finds Curaçao.
        let wanted = SearchFolding.key(typed)
        guard !wanted.isEmpty else {
            typed = ""
            return false
        }
        let values = columns[focusedColumn].values
        if let row = values.firstIndex(where: { SearchFolding.key($0).hasPrefix(wanted) }) {
            select(row, inColumn: focusedColumn)
            return true
        } else if typed.count > 1,
                  let row = values.firstIndex(where: { SearchFolding.key($0).hasPrefix(SearchFolding.key(String(character))) }) {
            // A fresh start when the run no longer matches anything.
            typed = String(character)
            select(row, inColumn: focusedColumn)
            return true
        }
        typed = String(typed.dropLast())
        return false
    }

    private func turn(by step: Int) {
        guard columns.indices.contains(focusedColumn) else { return }
        select(columns[focusedColumn].selected + step, inColumn: focusedColumn)
    }

    private func turn(to row: Int) {
        guard columns.indices.contains(focusedColumn) else { return }
        select(min(row, columns[focusedColumn].values.count - 1), inColumn: focusedColumn)
    }

    private func moveFocus(by step: Int) {
        focus(column: focusedColumn + step)
        typed = ""
    }

    // MARK: Layout and drawing

    public override func preferredHeight(forWidth width: Int) -> Int {
        // Title rule, column titles, the wheels, the toolbar, the hints.
        1 + 1 + visibleRows + (toolbarButtons.isEmpty ? 0 : 1) + 1
    }

    private func width(of column: Column, padding: Int) -> Int {
        column.width ?? max(DisplayWidth.of(column.title), column.values.map(DisplayWidth.of).max() ?? 1) + padding
    }

    /// Wheel rows this layout can afford (the window may give less height
    /// than asked for on a short screen); odd, so one row is the middle.
    private var shownRows = 5

    public override func layout() {
        // Roomy columns when they fit, tight ones when they do not.
        var gap = 2
        var widths = columns.map { width(of: $0, padding: 4) }
        if widths.reduce(0, +) + max(0, columns.count - 1) * gap > frame.width - 2 {
            gap = 1
            widths = columns.map { width(of: $0, padding: 1) }
        }
        let fixed = 1 + 1 + (toolbarButtons.isEmpty ? 0 : 1) + 1
        shownRows = min(visibleRows, max(1, frame.height - fixed))
        if shownRows % 2 == 0 { shownRows -= 1 }
        let total = widths.reduce(0, +) + max(0, columns.count - 1) * gap
        var x = frame.x + max(0, (frame.width - total) / 2)
        columnFrames = widths.map { width in
            defer { x += width + gap }
            return Rect(x: x, y: frame.y + 2, width: min(width, max(0, frame.maxX - x)), height: shownRows)
        }
        layoutHints()
        var buttonX = frame.x + 2
        buttonFrames = toolbarButtons.map { button in
            let rect = Rect(x: buttonX, y: frame.maxY - 2, width: DisplayWidth.of(" \(button.title) "), height: 1)
            buttonX = rect.maxX + 2
            return rect
        }
    }

    public override func draw(in buffer: inout Buffer) {
        drawTitleRule(in: &buffer)
        for (index, column) in columns.enumerated() where index < columnFrames.count {
            drawColumn(column, focused: index == focusedColumn, in: columnFrames[index], buffer: &buffer)
        }
        drawToolbar(in: &buffer)
    }

    private func drawColumn(_ column: Column, focused: Bool, in rect: Rect, buffer: inout Buffer) {
        buffer.writeCentered(column.title, in: Rect(x: rect.x, y: rect.y - 1, width: rect.width, height: 1),
                             style: focused ? Style().bold.underlined : Style())
        let middle = shownRows / 2
        for row in 0..<shownRows {
            let index = column.selected + row - middle
            let line = rect.row(row)
            guard column.values.indices.contains(index) else { continue }
            let distance = abs(row - middle)
            // Rows further from the choice are not greyed: a grey is
            // unreadable on some terminals' default background.
            let style: Style = distance == 0 ? Style().bold : Style()
            buffer.writeCentered(column.values[index], in: line, style: style)
            if distance == 0 {
                buffer.restyle(line) { focused ? $0.reversed : $0.underlined }
            }
        }
    }

    private func drawToolbar(in buffer: inout Buffer) {
        for (button, rect) in zip(toolbarButtons, buttonFrames) {
            buffer.write(" \(button.title) ", at: rect.origin, style: Style().reversed)
        }
    }

    // MARK: Mouse

    public override func handle(mouse event: MouseEvent) -> Bool {
        if let button = buttonFrames.firstIndex(where: { $0.contains(event.position) }) {
            if case .press(button: 0) = event.kind { toolbarButtons[button].action() }
            return true
        }
        guard let column = columnFrames.firstIndex(where: { $0.contains(event.position) }) else { return true }
        focusedColumn = column
        switch event.kind {
        case .scrollUp: turn(by: -1)
        case .scrollDown: turn(by: 1)
        case .press(button: 0):
            let offset = event.position.y - columnFrames[column].y - shownRows / 2
            select(columns[column].selected + offset, inColumn: column)
        default: break
        }
        return true
    }

    /// Where each wheel is drawn, for tests and clicks.
    public var wheelFrames: [Rect] { columnFrames }
}
