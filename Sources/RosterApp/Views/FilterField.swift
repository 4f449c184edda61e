import TextSafety
import RosterCore
import TerminalKit

/// The filter line above the list: `/ cat`, filtering as you type.
/// Enter keeps the filter, Esc clears it; ↑↓ still move in the list.
final class FilterField: View {
    private let controller: RosterSessionController
    private var model = TextFieldModel(limit: 64)

    init(controller: RosterSessionController) {
        self.controller = controller
        super.init()
    }

    override var canBecomeFirstResponder: Bool { true }
    override var keyBindingsTitle: String { "Filter" }

    /// The filter's keys, declared once; the rest are the readline keys
    /// of `TextFieldModel`, and letters are the filter's text.
    static let keys = KeyTable<FilterField>([
        .init(.enter, "Enter", "keep filter", run: { $0.accept() }),
        .init(.escape, "Esc", "clear filter", run: { $0.clear() }),
        .init(.up, "↑↓", "move", run: { $0.controller.moveSelection(by: -1) }),
        .init(.down, "↑↓", "move", footer: false, run: { $0.controller.moveSelection(by: 1) }),
    ])

    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    /// Plain characters always belong to the filter; other keys it does
    /// not use (Tab, Ctrl-C) go up the chain.
    override var consumesText: Bool { true }

    override func handle(key: KeyEvent) -> Bool {
        if super.handle(key: key) { return true }
        let before = model.text
        guard model.handle(key) else { return false }
        if model.text != before { typed() }
        return true
    }

    override func handle(paste text: String) -> Bool {
        model.insert(text)
        typed()
        return true
    }

    /// The first letters of an expression (`we`, `weap`, `weapon`) would
    /// filter names for a moment and empty the list before `weapon=fire`
    /// fills it again. While the text may still become a field's name the
    /// list keeps the last filter that meant something, and the footer
    /// says why; one letter more that is no field's (`wen`), or an
    /// operator, filters again. Enter, or leaving the field, filters names
    /// by such text, as typed.
    private var isWaiting: Bool { model.text != controller.list.filter }

    private func typed() {
        guard QueryParser.mayBeginExpression(model.text) else { return controller.setFilter(model.text) }
        // A problem told for the text before (`weapon=`) no longer holds.
        if controller.list.filterProblem != nil { controller.setFilter(controller.list.filterInForce) }
        controller.tell("\(Quote.code(model.text)) may begin a field's name; Enter filters names holding it", isError: false)
    }

    /// The filter may have been cleared elsewhere (a save that would have
    /// hidden the monster): typing starts from the filter in force.
    override func didBecomeFirstResponder() {
        if model.text != controller.list.filter { model.setText(controller.list.filter) }
    }

    /// Keeps the filter. One that means nothing is refused: the line
    /// shows the filter in force again, and the footer says what was
    /// refused and why.
    func accept() {
        if isWaiting { controller.setFilter(model.text) }
        if controller.list.filterProblem != nil {
            controller.refuseFilter()
            model.setText(controller.list.filterInForce)
        }
        superview?.becomeFirstResponder()
    }

    /// Leaving the field another way (Tab, a click, a resize that hands
    /// the typing to the list's overlay) keeps the first letters of a
    /// field as the name filter they read as, and leaves the filter in
    /// force, not the text that meant nothing.
    override func didResignFirstResponder() {
        if isWaiting { controller.setFilter(model.text) }
        if controller.list.filterProblem != nil {
            model.setText(controller.list.filterInForce)
            controller.setFilter(controller.list.filterInForce)
        }
    }

    /// Esc: the filter goes, and the footer says so when one was in
    /// force (as clearing the marks says "cleared 2 marks").
    func clear() {
        let hadFilter = controller.list.isFiltering
        model.setText("")
        controller.setFilter("")
        // Held while the server is away: the footer says so, not "cleared".
        if hadFilter, controller.list.filterAwaitingStore == nil { controller.tell("cleared the filter", isError: false) }
        superview?.becomeFirstResponder()
    }

    override var textCursorPosition: Point? {
        guard isFirstResponder else { return nil }
        let shown = model.visible(width: frame.width - 3)
        return Point(x: frame.x + 2 + shown.cursorColumn, y: frame.y)
    }

    override func draw(in buffer: inout Buffer) {
        let shown = isFirstResponder ? model.visible(width: frame.width - 3) : (text: controller.list.filterInForce, cursorColumn: 0)
        let x = buffer.write("/ ", at: frame.origin, style: Style(foreground: Theme.accent).bold)
        buffer.write(shown.text, at: Point(x: x, y: frame.y), width: frame.maxX - x,
                     style: isFirstResponder ? Style().underlined : Style())
    }
}
