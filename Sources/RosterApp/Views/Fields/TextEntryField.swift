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
    /// Rows the value keeps however little room the pane has (a longer
    /// description takes the rows the pane has left, `wholeHeight`), and
    /// the editing box's: 1 for a one-line field.
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

    /// Rows a field of several lines keeps however short its value.
    static let steadyRows = 3

    override func didBecomeFirstResponder() {
        model = TextFieldModel(controller.selected.map(read) ?? "", limit: limit)
    }

    /// The keys while the text is edited, declared once; the rest are
    /// the readline keys of `TextFieldModel`.
    static let keys = KeyTable<TextEntryField>([
        .init(.enter, "Enter", "done", run: { $0.done() }),
        .init(.escape, "Esc", "cancel", run: { $0.discardTyped() }),
        // As `git commit` and `gh` open a message (End still goes to the end of the line).
        // A command of the field: kept in a short footer over moving about.
        .init(.control("e"), "Ctrl-E", "open in your editor", brief: "editor", role: .command,
              run: { $0.editExternally() }),
    ])

    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    override var editsExternally: Bool { true }

    /// Opens the text in the person's editor (beginning to edit the field
    /// first when it is only focused). What the editor saves goes into the
    /// box and is saved as Enter saves it, through the one save path with
    /// its clash check: a refused or clashing text stays in the box, with
    /// the reason. An editor that fails changes nothing and says why.
    override func editExternally() {
        guard let window, let pane else { return }
        let openedForEditor = !isFirstResponder
        if openedForEditor { pane.edit(self) }
        guard isFirstResponder else { return }
        window.requestExternalEdit(ExternalEditRequest(text: model.text) { [weak self] result in
            self?.finishExternalEdit(result, openedForEditor: openedForEditor)
        })
    }

    private func finishExternalEdit(_ result: Result<String, ExternalEditor.Failure>, openedForEditor: Bool) {
        guard isFirstResponder else { return }
        switch result {
        case .success(let text):
            model = TextFieldModel(text, limit: limit)
            problem = nil
            pane?.finishEditing()
        case .failure(let failure):
            controller.tell("\(spokenName) not saved: \(failure)", isError: true)
            // Opened only for the editor: nothing is left half-edited.
            if openedForEditor { pane?.cancelEditing() }
        }
    }

    /// Printable keys belong to the text even when the model cannot take
    /// them (past the limit): they must not reach `q`.
    override var consumesText: Bool { true }

    override func handle(key: KeyEvent) -> Bool {
        if super.handle(key: key) { return true }
        // In a box of several rows, ↑↓ and Home/End move by the rows as drawn.
        if lines > 1, isFirstResponder, key.modifiers.isEmpty {
            let width = editingBox.width
            switch key.code {
            case .up: model.moveVertically(by: -1, width: width); return true
            case .down: model.moveVertically(by: 1, width: width); return true
            case .home: model.moveToRowEdge(end: false, width: width); return true
            case .end: model.moveToRowEdge(end: true, width: width); return true
            default: break
            }
        }
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

    override var typedText: String? { isFirstResponder ? model.text : nil }

    /// The person's text stays in the box: it is what Enter saves.
    override func clashed(current: Monster) {}

    /// Enter: saves the text; Enter on the text as it was saves nothing,
    /// and the footer says so, as a picker confirmed as it opened does
    /// (passing through with Prev or Next says nothing).
    private func done() {
        let monster = controller.draft == nil && ownChanges == nil ? controller.selected : nil
        let kept = monster.map { model.text == read($0) } ?? false
        pane?.finishEditing()
        if kept, !isFirstResponder, let monster {
            controller.tell("\(monster.name)'s \(spokenName) stays as it was", isError: false)
        }
    }

    /// Esc: the typed text goes, and the footer says so when there was
    /// any (a new monster's form says its own sentence as it goes:
    /// `DetailPane.cancelEditing`).
    private func discardTyped() {
        pane?.cancelEditing()
    }

    override var changedInEditor: Bool {
        guard let monster = controller.selected else { return false }
        return model.text != read(monster)
    }

    override func cancelEditing() {
        super.cancelEditing()
        model = TextFieldModel(controller.selected.map(read) ?? "", limit: limit)
    }

    override func preferredHeight(forWidth width: Int) -> Int {
        height(forWidth: width, upTo: lines)
    }

    override func wholeHeight(forWidth width: Int) -> Int {
        height(forWidth: width, upTo: lines > 1 ? Int.max / 2 : 1)
    }

    /// A text of several lines is edited in a box across the pane, under its label.
    override var editsAcrossPane: Bool { lines > 1 && isFirstResponder }

    /// The rows the field takes with its text given up to `most` rows.
    private func height(forWidth width: Int, upTo most: Int) -> Int {
        let valueWidth = max(1, width - Self.labelWidth - 1)
        if editsAcrossPane {
            // The label's row, then the box: it grows with the text, and
            // scrolls past the rows it is given.
            let editing = max(min(lines, Self.steadyRows), min(most, model.rowCount(width: max(1, width))))
            return 1 + editing + problemRows(forWidth: width)
        }
        // While editing a one-line field, one line of text with the reason
        // for a refusal under it.
        if isFirstResponder { return 1 + problemRows(forWidth: width) }
        // Short values keep the same rows from monster to monster (moving
        // the selection then redraws no field below); a long one takes more.
        let shown = controller.selected.map { displayedRows(read($0), width: valueWidth, rows: Int.max / 2).count } ?? 1
        return max(min(lines, Self.steadyRows), min(most, shown)) + problemRows(forWidth: width)
    }

    /// The value wrapped into `rows` rows, the last cut with … when it
    /// needs more. In a field of several rows a newline (descriptions may
    /// hold them) breaks the line rather than showing as `\n`.
    private func displayedRows(_ text: String, width: Int, rows limit: Int) -> [String] {
        guard lines > 1 else { return TextWrapping.lines(SafeText.escaped(text), width: width, limit: 1) }
        var rows: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            rows += TextWrapping.lines(SafeText.escaped(String(paragraph)), width: width)
        }
        if rows.count > limit {
            rows = Array(rows.prefix(max(1, limit)))
            rows[rows.count - 1] = DisplayWidth.truncate(rows[rows.count - 1] + " …", to: width)
        }
        return rows
    }

    /// Where the text is edited: across the field under its label for a
    /// text of several lines, else the value's column.
    private var editingBox: Rect {
        let rows = max(1, frame.height - problemRowsShown - (lines > 1 ? 1 : 0))
        if lines > 1 { return Rect(x: frame.x, y: frame.y + 1, width: max(1, frame.width), height: rows) }
        let valueArea = frame.inset(left: Self.labelWidth + 1)
        return Rect(x: valueArea.x, y: valueArea.y, width: max(1, valueArea.width), height: 1)
    }

    override var textCursorPosition: Point? {
        guard isFirstResponder else { return nil }
        let box = editingBox
        if lines > 1 {
            let wrapped = model.wrapped(width: box.width, rows: box.height)
            return Point(x: box.x + wrapped.cursor.x, y: box.y + wrapped.cursor.y)
        }
        let shown = model.visible(width: box.width)
        return Point(x: box.x + shown.cursorColumn, y: box.y)
    }

    /// `↑ 3 more lines · ↓ 1 more line`: the text out of sight of the box.
    static func outOfSight(above: Int, below: Int) -> String {
        func lines(_ count: Int) -> String { count == 1 ? "1 more line" : "\(count) more lines" }
        return [above > 0 ? "↑ " + lines(above) : nil, below > 0 ? "↓ " + lines(below) : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    override func draw(in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        if isFirstResponder, lines > 1 {
            // A box as wide as the pane under the label, over the rows the
            // text takes (up to those the pane has), scrolled to keep the
            // cursor in it; the label's row says what is out of sight, as
            // a scroll bar would.
            let box = editingBox
            let wrapped = model.wrapped(width: box.width, rows: box.height)
            buffer.fill(box, style: Theme.highlight)
            for (row, text) in wrapped.rows.enumerated() {
                buffer.write(SafeText.escaped(text), at: Point(x: box.x, y: box.y + row), width: box.width, style: Theme.highlight)
            }
            let hidden = model.rowsOutOfSight(width: box.width, rows: box.height)
            let note = Self.outOfSight(above: hidden.above, below: hidden.below)
            buffer.write(note, at: Point(x: max(valueArea.x, frame.maxX - DisplayWidth.of(note)), y: frame.y), width: valueArea.width, style: Theme.label)
            drawProblem(in: &buffer, valueArea: valueArea)
            return
        }
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
        let rows = displayedRows(text, width: valueArea.width, rows: max(1, frame.height - problemRowsShown))
        for (row, line) in rows.enumerated() {
            buffer.write(line, at: Point(x: valueArea.x, y: valueArea.y + row), width: valueArea.width, style: valueStyle(monster))
        }
        if text.isEmpty {
            buffer.write(Self.absent, at: valueArea.origin, width: valueArea.width, style: Theme.label)
        }
        let width = min(valueArea.width, max(4, rows.map(DisplayWidth.of).max() ?? 0))
        markValue(Rect(x: valueArea.x, y: valueArea.y, width: width, height: max(1, rows.count)), in: &buffer)
        drawProblem(in: &buffer, valueArea: valueArea)
    }
}
