import RosterCore
import TerminalKit

/// The selected monster's details: its picture, name, description and
/// the weapon cell. One field at a time has the focus (marked with `▸`);
/// Enter on a field edits it through the field's own input view.
final class DetailPane: View {
    private let controller: RosterController
    let fields: [DetailField]
    private(set) var focusedIndex = 0
    /// Esc: give the focus back to the list.
    var onLeave: (() -> Void)?
    private var pictureArea = Rect.zero

    init(controller: RosterController, fields: [DetailField]) {
        self.controller = controller
        self.fields = fields
        super.init()
        for field in fields {
            addSubview(field)
            field.pane = self
        }
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyBindingsTitle: String { "Details" }

    /// Whether the pane or one of its fields has the keyboard.
    var hasFocus: Bool {
        isFirstResponder || fields.contains { $0.isFirstResponder }
    }

    var focusedField: DetailField? {
        fields.indices.contains(focusedIndex) ? fields[focusedIndex] : nil
    }

    func focus(_ index: Int) {
        focusedIndex = max(0, min(fields.count - 1, index))
        becomeFirstResponder()
    }

    /// Focuses a field and starts editing it at once (a click, `w`).
    func edit(_ field: DetailField) {
        guard let index = fields.firstIndex(where: { $0 === field }) else { return }
        focus(index)
        field.beginEditing()
    }

    override var keyBindings: [KeyBinding] {
        var bindings = [
            KeyBinding([.up, .character("k")], "↑↓", "field", action: { [weak self] in
                guard let self else { return }
                self.focusedIndex = max(0, self.focusedIndex - 1)
            }),
            KeyBinding([.down, .character("j")], "↑↓", "field", footer: false, action: { [weak self] in
                guard let self else { return }
                self.focusedIndex = min(self.fields.count - 1, self.focusedIndex + 1)
            }),
        ]
        if let field = focusedField, field.isEditable {
            bindings.append(KeyBinding(.enter, "Enter", field.editVerb, action: { [weak self] in
                self?.focusedField?.beginEditing()
            }))
        }
        bindings.append(KeyBinding(.escape, "Esc", "back to list", action: { [weak self] in self?.onLeave?() }))
        return bindings
    }

    override func layout() {
        let inner = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
        // The picture on the left when there is room, the fields beside it.
        let pictureWidth = inner.width >= 50 ? 16 : 0
        pictureArea = pictureWidth > 0 ? Rect(x: inner.x, y: inner.y, width: pictureWidth, height: min(8, inner.height)) : .zero
        let fieldsArea = inner.inset(left: pictureWidth > 0 ? pictureWidth + 2 : 0)
        var y = fieldsArea.y
        for field in fields {
            let height = min(field.preferredHeight(forWidth: fieldsArea.width), max(0, fieldsArea.maxY - y))
            field.frame = Rect(x: fieldsArea.x, y: y, width: fieldsArea.width, height: height)
            y += height + 1
        }
    }

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        let focused = hasFocus
        let monster = controller.selected
        buffer.drawBox(frame, style: focused ? Theme.focusedBorder : Theme.border,
                       title: monster?.name ?? "Details",
                       titleStyle: monster.map { Theme.nameStyle($0.nameColor).bold } ?? Theme.title)
        guard let monster else {
            buffer.write("No monster selected.", at: frame.inset(by: 2).origin, width: frame.width - 4, style: Theme.label)
            fields.forEach { $0.isHidden = true }
            return
        }
        fields.forEach { $0.isHidden = false }
        if !pictureArea.isEmpty {
            drawIcon(of: monster, in: &buffer)
        }
    }

    /// The monster's icon, framed, with its asset name beneath.
    private func drawIcon(of monster: Monster, in buffer: inout Buffer) {
        buffer.drawBox(pictureArea, style: Theme.border)
        let inner = pictureArea.inset(by: 1)
        buffer.writeCentered(monster.icon, in: inner, row: inner.height - 1, style: Theme.label)
    }
}

/// One field of the detail pane: a label and a value, marked when focused
/// and highlighted while being edited.
class DetailField: View {
    let label: String
    weak var pane: DetailPane?
    let controller: RosterController

    init(label: String, controller: RosterController) {
        self.label = label
        self.controller = controller
        super.init()
    }

    /// Whether Enter does anything here.
    var isEditable: Bool { false }
    /// What Enter does, for the footer: `choose weapon`, `edit name`.
    var editVerb: String { "edit" }

    func beginEditing() {
        guard isEditable else { return }
        becomeFirstResponder()
    }

    var isFocused: Bool {
        pane?.focusedField === self && (pane?.hasFocus ?? false)
    }

    static let labelWidth = 14

    override func preferredHeight(forWidth width: Int) -> Int { 1 }

    /// Draws the label column and returns the rectangle left for the value.
    func drawLabel(in buffer: inout Buffer) -> Rect {
        let marker = isFirstResponder ? "▶ " : (isFocused ? "▸ " : "  ")
        let style = isFocused || isFirstResponder ? Style(foreground: Theme.accent).bold : Theme.label
        buffer.write(marker + label, at: frame.origin, width: Self.labelWidth, style: style)
        return frame.inset(left: Self.labelWidth + 1)
    }

    /// Marks the value when the field is focused or being edited.
    func markValue(_ rect: Rect, in buffer: inout Buffer) {
        if isFirstResponder {
            buffer.restyle(rect) { $0.background(Theme.accent).foreground(.black) }
        } else if isFocused {
            buffer.restyle(rect) { $0.underlined }
        }
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        if isEditable {
            pane?.edit(self)
        } else if let pane, let index = pane.fields.firstIndex(where: { $0 === self }) {
            pane.focus(index)
        }
        return true
    }
}

/// A field that only shows text (name and description, until they get
/// their own input views).
final class TextDetailField: DetailField {
    private let value: (Monster) -> (String, Style)
    private let lines: Int

    init(label: String, controller: RosterController, lines: Int = 1, value: @escaping (Monster) -> (String, Style)) {
        self.value = value
        self.lines = lines
        super.init(label: label, controller: controller)
    }

    override func preferredHeight(forWidth width: Int) -> Int { lines }

    override func draw(in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        guard let monster = controller.selected else { return }
        let (text, style) = value(monster)
        let wrapped = TextWrapping.lines(SafeText.escaped(text), width: valueArea.width, limit: lines)
        for (row, line) in wrapped.enumerated() {
            buffer.write(line, at: Point(x: valueArea.x, y: valueArea.y + row), width: valueArea.width, style: style)
        }
        let used = Rect(x: valueArea.x, y: valueArea.y, width: min(valueArea.width, wrapped.map(DisplayWidth.of).max() ?? 0),
                        height: max(1, wrapped.count))
        markValue(used.width > 0 ? used : valueArea.row(0), in: &buffer)
    }
}
