import RosterCore
import TerminalKit
import TextSafety

/// Name and description: text edited in place, with a visible cursor and
/// the keys of readline (←/→, Home/End, Backspace/Delete, Ctrl-A/E/K/U/W),
/// and bracketed paste. Done (Enter) checks the value with the model's
/// rules and saves it; a refused value keeps the field open with the
/// reason beside it. Esc restores the old value.
///
/// The box always holds what Enter saves: when another program changed the
/// value after editing began, the person's own text stays in the box, the
/// reason names the other program's value, and Enter again saves the text
/// shown over it (Esc keeps theirs).
final class TextEntryField: DetailField {
    private let read: (Monster) -> String
    private let change: (String) -> MonsterChanges
    private let valueStyle: (Monster) -> Style
    private let lines: Int
    private let limit: Int
    private var model = TextFieldModel()
    private let field: MonsterField

    init(label: String, field: MonsterField, controller: RosterSessionController, lines: Int = 1, limit: Int,
         read: @escaping (Monster) -> String, change: @escaping (String) -> MonsterChanges,
         style: @escaping (Monster) -> Style = { _ in .plain }) {
        self.read = read
        self.change = change
        self.valueStyle = style
        self.lines = lines
        self.limit = limit
        self.field = field
        super.init(label: label, controller: controller)
    }

    override var monsterField: MonsterField? { field }

    override func didBecomeFirstResponder() {
        model = TextFieldModel(controller.selected.map(read) ?? "", limit: limit)
    }

    override var keyBindings: [KeyBinding] {
        [
            KeyBinding(.enter, "Enter", "done", action: { [weak self] in self?.pane?.finishEditing() }),
            KeyBinding(.escape, "Esc", "cancel", action: { [weak self] in self?.pane?.cancelEditing() }),
        ]
    }

    /// Printable keys belong to the text even when the model cannot take
    /// them (past the limit): they must not reach `q`.
    override var consumesText: Bool { true }

    override func handle(key: KeyEvent) -> Bool {
        if super.handle(key: key) { return true }
        if model.handle(key) {
            problem = nil
            return true
        }
        return false
    }

    override func handle(paste text: String) -> Bool {
        model.insert(text)
        problem = nil
        return true
    }

    override func commitEditing() -> Bool {
        // An unchanged value writes nothing; a new monster is added once
        // it has a name it may have (the controller knows which). What is
        // saved is the text in the box, always.
        save(change(model.text))
    }

    /// The person's text stays in the box: it is what Enter saves.
    override func clashed(current: Monster) {}

    override func cancelEditing() {
        super.cancelEditing()
        model = TextFieldModel(controller.selected.map(read) ?? "", limit: limit)
    }

    override func preferredHeight(forWidth width: Int) -> Int {
        // While editing, one line of text with the reason for a refusal
        // under it, in the rows the value had, so nothing below moves.
        isFirstResponder ? max(lines, 1 + problemRows(forWidth: width)) : lines + problemRows(forWidth: width)
    }

    /// The value wrapped into the field's rows. In a field of several rows a
    /// newline (descriptions may hold them) breaks the line rather than
    /// showing as `\n`.
    private func displayedRows(_ text: String, width: Int) -> [String] {
        guard lines > 1 else { return TextWrapping.lines(SafeText.escaped(text), width: width, limit: 1) }
        var rows: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            rows += TextWrapping.lines(SafeText.escaped(String(paragraph)), width: width)
        }
        if rows.count > lines {
            rows = Array(rows.prefix(lines))
            rows[lines - 1] = DisplayWidth.truncate(rows[lines - 1] + " …", to: width)
        }
        return rows
    }

    override var textCursorPosition: Point? {
        guard isFirstResponder else { return nil }
        let valueArea = frame.inset(left: Self.labelWidth + 1)
        let shown = model.visible(width: max(1, valueArea.width))
        return Point(x: valueArea.x + shown.cursorColumn, y: valueArea.y)
    }

    override func draw(in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        if isFirstResponder {
            // While editing, one scrolling line with the cursor in it.
            let line = Rect(x: valueArea.x, y: valueArea.y, width: valueArea.width, height: 1)
            buffer.fill(line, style: Theme.highlight)
            let shown = model.visible(width: max(1, valueArea.width))
            buffer.write(shown.text, at: line.origin, width: line.width, style: Theme.highlight)
            drawProblem(in: &buffer, valueArea: valueArea)
            return
        }
        guard let monster = controller.selected else { return }
        let text = read(monster)
        let rows = displayedRows(text, width: valueArea.width)
        for (row, line) in rows.enumerated() {
            buffer.write(line, at: Point(x: valueArea.x, y: valueArea.y + row), width: valueArea.width, style: valueStyle(monster))
        }
        if text.isEmpty {
            buffer.write("none", at: valueArea.origin, width: valueArea.width, style: Theme.label)
        }
        let width = min(valueArea.width, max(4, rows.map(DisplayWidth.of).max() ?? 0))
        markValue(Rect(x: valueArea.x, y: valueArea.y, width: width, height: max(1, min(lines, rows.count))), in: &buffer)
        drawProblem(in: &buffer, valueArea: valueArea)
    }
}
