/// A question asked on one row (the footer's): `y` confirms, `n` or Esc
/// declines, and Enter gives the default answer, shown in capitals
/// (`y / N`). A question whose yes destroys something defaults to no, as
/// the command line's `[y/N]` does. Shown as a modal overlay, so nothing
/// else happens until it is answered (only quitting, which changes nothing).
public final class ConfirmationPrompt: View {
    public let question: String
    public var onConfirm: (() -> Void)?
    public var onDecline: (() -> Void)?
    public var style = Style(foreground: .black, background: .yellow)
    /// What Enter answers.
    public let defaultAnswer: Bool

    public init(_ question: String, defaultAnswer: Bool = false, onConfirm: @escaping () -> Void, onDecline: @escaping () -> Void = {}) {
        self.question = question
        self.defaultAnswer = defaultAnswer
        self.onConfirm = onConfirm
        self.onDecline = onDecline
        super.init()
    }

    public override var keyBindingsTitle: String { "Confirm" }

    public override var keyBindings: [KeyBinding] {
        let yes: [KeyEvent] = [.character("y"), .character("Y")] + (defaultAnswer ? [.enter] : [])
        let no: [KeyEvent] = [.character("n"), .character("N"), .escape] + (defaultAnswer ? [] : [.enter])
        return [
            KeyBinding(yes, defaultAnswer ? "Y" : "y", "yes", action: { [weak self] in self?.answer(true) }),
            KeyBinding(no, defaultAnswer ? "n" : "N", defaultAnswer ? "no" : "no (Enter)", action: { [weak self] in self?.answer(false) }),
        ]
    }

    private func answer(_ yes: Bool) {
        window?.dismiss(self)
        if yes { onConfirm?() } else { onDecline?() }
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        buffer.write(" " + question + (defaultAnswer ? "  Y / n" : "  y / N"), at: frame.origin, width: frame.width, style: style.bold)
    }

    /// The bottom row of the screen.
    public static func footerPlacement(_ bounds: Rect) -> Rect {
        Rect(x: 0, y: max(0, bounds.maxY - 1), width: bounds.width, height: min(1, bounds.height))
    }
}
