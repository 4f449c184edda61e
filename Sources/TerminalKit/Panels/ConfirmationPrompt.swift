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

    /// The answers, declared once: the default answer's letter is shown
    /// in capitals, and Enter gives it (an entry each way, one of the two
    /// in force, as the default says).
    public static let keys = KeyTable<ConfirmationPrompt>([
        .init([.character("y"), .character("Y"), .enter], "Y", "yes", role: .act, when: { .when($0.defaultAnswer) },
              perform: { prompt, _ in prompt.answer(true) }),
        .init([.character("y"), .character("Y")], "y", "yes", role: .act, when: { .when(!$0.defaultAnswer) },
              perform: { prompt, _ in prompt.answer(true) }),
        .init([.character("n"), .character("N"), .escape], "n", "no", role: .back, when: { .when($0.defaultAnswer) },
              perform: { prompt, _ in prompt.answer(false) }),
        .init([.character("n"), .character("N"), .escape, .enter], "N", "no (Enter)", role: .back, when: { .when(!$0.defaultAnswer) },
              perform: { prompt, _ in prompt.answer(false) }),
    ])

    public override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

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
