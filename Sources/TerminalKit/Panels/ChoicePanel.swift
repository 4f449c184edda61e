/// A row of buttons to choose one value from, with a Close button: the
/// terminal's answer to a picker that slides up in place of a keyboard.
///
/// It knows nothing of what the values are. Whoever presents it
/// configures it with closures: the choices, which one is current,
/// `onChoose` (save it), `onCancel` (dismissed without a change) and
/// `onChange` (the highlight moved). One panel type serves any field whose
/// value is one of a few.
///
/// Keys: ←/→ or Tab/Shift-Tab move between buttons, the digits pick a
/// choice directly, Enter presses the highlighted button, Esc closes.
/// A click presses the button under it.
public final class ChoicePanel: DockedPanel {
    public struct Choice {
        public var title: String
        /// A narrow stand-in for the picture, drawn when there is no room
        /// for one or no way to show it.
        public var glyph: String
        public var style: Style
        /// Draws the choice's picture into a rectangle, when set.
        public var picture: ((inout Buffer, Rect) -> Void)?

        public init(title: String, glyph: String = "", style: Style = .plain,
                    picture: ((inout Buffer, Rect) -> Void)? = nil) {
            self.title = title
            self.glyph = glyph
            self.style = style
            self.picture = picture
        }
    }

    /// What `?` calls the panel's keys, when its title is a prompt rather
    /// than a name (`Weapon panel` for "Preferred way to kill").
    public var helpTitle = ""
    public var choices: [Choice] = []
    /// The value the field holds now; marked on its button.
    public var currentIndex: Int?
    /// The keyboard highlight; `choices.count` is the Close button.
    public private(set) var highlightedIndex = 0
    /// Whether the person moved the highlight or picked a button directly
    /// (a digit, a click) since it was put on the current value: Enter on
    /// it untouched is no choice.
    public private(set) var moved = false
    /// Rows given to pictures inside each button (0: glyphs only).
    public var pictureRows = 4
    /// The frame of a button that is not highlighted.
    public var quietColor: Color = .brightBlack

    public var onChoose: ((Int) -> Void)?
    public var onChange: ((Int) -> Void)?

    private var buttonFrames: [Rect] = []
    private var columns = 1

    public init(configure: (ChoicePanel) -> Void = { _ in }) {
        super.init()
        configure(self)
    }

    /// Puts the highlight on the current value, as when the panel opens.
    public func highlightCurrent() {
        highlightedIndex = currentIndex ?? 0
        moved = false
    }

    public var closeIndex: Int { choices.count }

    // MARK: Keys

    public override var keyBindingsTitle: String { !helpTitle.isEmpty ? helpTitle : title.isEmpty ? "Choices" : title }

    /// The panel's keys, declared once. Every digit belongs to the panel,
    /// the ones past its last choice too: they pick nothing and go no
    /// further, so stray typing never reaches the screen behind.
    public static let keys = KeyTable<ChoicePanel>([
        .init([.left, .backTab, .character("h")], "←→", "move", perform: { panel, _ in panel.moveHighlight(by: -1) }),
        .init([.right, .tab, .character("l")], "←→", "move", footer: false, perform: { panel, _ in panel.moveHighlight(by: 1) }),
        // In a grid of several rows, ↑↓ move by rows; in one row they are taken
        // all the same, so that they do not reach the fields behind the panel.
        .init([.up, .character("k")], "↑↓", "row", footer: false, perform: { panel, _ in panel.moveHighlight(by: -panel.columns) }),
        .init([.down, .character("j")], "↑↓", "row", footer: false, perform: { panel, _ in panel.moveHighlight(by: panel.columns) }),
        .init(digitKeys, "1–9", "choose", role: .choose, labelNow: digitsLabel, perform: choose(byDigit:_:)),
        .init(.enter, "Enter", "press", run: { $0.press($0.highlightedIndex) }),
        .init(.escape, "Esc", "close", run: { $0.onCancel?() }),
        .mouse("click", "press a button"),
    ])

    public override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    private static let digitKeys: [KeyEvent] = (1...9).map { KeyEvent.character(Character(String($0))) }

    @Sendable private static func digitsLabel(_ panel: ChoicePanel) -> String {
        panel.choices.count > 1 ? "1–\(min(9, panel.choices.count))" : "1"
    }

    @Sendable private static func choose(byDigit panel: ChoicePanel, _ key: KeyEvent) {
        guard case .character(let character) = key.code, let digit = character.wholeNumberValue,
              digit >= 1, digit <= panel.choices.count else { return }
        panel.highlightedIndex = digit - 1
        panel.moved = true
        panel.press(digit - 1)
    }

    /// Letters with no meaning here do nothing (`stopsPrintableKeys`).
    public override var stopsPrintableKeys: Bool { true }

    private func moveHighlight(by step: Int) {
        let count = choices.count + 1
        moved = true
        highlightedIndex = ((highlightedIndex + step) % count + count) % count
        if highlightedIndex < choices.count { onChange?(highlightedIndex) }
    }

    private func press(_ index: Int) {
        if index >= choices.count {
            onCancel?()
        } else {
            onChoose?(index)
        }
    }

    // MARK: Mouse

    public override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return frame.contains(event.position) }
        if let index = buttonFrames.firstIndex(where: { $0.contains(event.position) }) {
            highlightedIndex = index
            moved = true
            press(index)
        }
        return true
    }

    // MARK: Layout and drawing

    private static let minimumButtonWidth = 11

    private func grid(forWidth width: Int) -> (columns: Int, rows: Int) {
        let buttons = choices.count + 1
        let columns = max(1, min(buttons, (width - 2) / (Self.minimumButtonWidth + 1)))
        return (columns, (buttons + columns - 1) / columns)
    }

    /// The picture rows a button of this inner width gets, when pictures
    /// fit only at some widths (pixel art at whole multiples); without it,
    /// `pictureRows` at every width.
    public var pictureRowsFitting: ((Int) -> Int)?

    private func buttonHeight(forWidth width: Int) -> Int {
        guard let pictureRowsFitting else { return 3 + pictureRows }
        let columns = grid(forWidth: width).columns
        let buttonWidth = max(1, (width - 2 - (columns - 1)) / columns)
        return 3 + max(0, pictureRowsFitting(buttonWidth - 2))
    }
    /// The picture rows this layout can afford: fewer, or none, when the
    /// window gives the panel less height than it asked for.
    private var shownPictureRows = 4

    public override func preferredHeight(forWidth width: Int) -> Int {
        // A title rule, the buttons, and the key hints.
        1 + grid(forWidth: width).rows * buttonHeight(forWidth: width) + 1
    }

    public override func layout() {
        let grid = grid(forWidth: frame.width)
        columns = grid.columns
        let area = frame.inset(top: 1, left: 1, bottom: 1, right: 1)
        let height = max(3, min(buttonHeight(forWidth: frame.width), area.height / max(1, grid.rows)))
        shownPictureRows = max(0, height - 3)
        let buttonWidth = max(1, (area.width - (grid.columns - 1)) / grid.columns)
        buttonFrames = (0...choices.count).map { index in
            let column = index % grid.columns, row = index / grid.columns
            return Rect(x: area.x + column * (buttonWidth + 1), y: area.y + row * height,
                        width: buttonWidth, height: height)
        }
        layoutHints()
    }

    public override func draw(in buffer: inout Buffer) {
        drawTitleRule(in: &buffer)
        for (index, rect) in buttonFrames.enumerated() {
            drawButton(index, in: rect, buffer: &buffer)
        }
    }

    private func drawButton(_ index: Int, in rect: Rect, buffer: inout Buffer) {
        let highlighted = index == highlightedIndex
        let isCurrent = index == currentIndex
        let borderStyle = highlighted ? Style(foreground: accentColor).bold : Style(foreground: quietColor)
        buffer.drawBox(rect, style: borderStyle, box: highlighted ? .heavy : .rounded)
        let inner = rect.inset(by: 1)
        if index == closeIndex {
            buffer.writeCentered("✕ Close", in: inner, row: max(0, inner.height / 2), style: highlighted ? Style().bold : .plain)
            return
        }
        let choice = choices[index]
        if shownPictureRows > 0 {
            let pictureArea = Rect(x: inner.x, y: inner.y, width: inner.width, height: shownPictureRows)
            if let picture = choice.picture {
                picture(&buffer, pictureArea)
            } else {
                buffer.writeCentered(choice.glyph, in: pictureArea, row: shownPictureRows / 2, style: choice.style.bold)
            }
        }
        // The current value's mark sits in the button's top edge, where a
        // long title cannot push it out.
        if isCurrent, rect.width > 4 {
            buffer.write("✓", at: Point(x: rect.maxX - 3, y: rect.y), style: Style(foreground: accentColor).bold)
        }
        // The digit that picks the button leads its label; when a label
        // would not fit that way, every button's digit moves to its top-left
        // edge instead, so narrow buttons keep whole names.
        var number = index < 9 ? "\(index + 1) " : ""
        if !number.isEmpty, numbersInEdges(innerWidth: inner.width) {
            if rect.width > 4 {
                buffer.write(String(number.dropLast()), at: Point(x: rect.x + 2, y: rect.y), style: highlighted ? Style().bold : .plain)
            }
            number = ""
        }
        var label = label(for: choice, number: number)
        // Without pictures the glyph leads the name; if any name would be
        // cut that way, every button gives up its glyph for whole names.
        if shownPictureRows == 0, !glyphsFit(innerWidth: inner.width) {
            label = number + choice.title
        }
        var labelStyle = highlighted ? Style().reversed : Style()
        if isCurrent && !highlighted { labelStyle = Style().bold.underlined }
        buffer.writeCentered(label, in: inner, row: inner.height - 1, style: labelStyle)
    }

    private func label(for choice: Choice, number: String) -> String {
        shownPictureRows > 0 ? "\(number)\(choice.title)" : "\(number)\(choice.glyph) \(choice.title)"
    }

    private func glyphsFit(innerWidth: Int) -> Bool {
        choices.allSatisfy { DisplayWidth.of("\($0.glyph) \($0.title)") <= innerWidth }
    }

    private func numbersInEdges(innerWidth: Int) -> Bool {
        choices.indices.contains { index in
            index < 9 && DisplayWidth.of(label(for: choices[index], number: "\(index + 1) ")) > innerWidth
        }
    }

    /// Where each button is, once laid out: for tests and clicks.
    public var buttonRects: [Rect] { buttonFrames }
}
