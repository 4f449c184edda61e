/// A question asked on one row (the footer's): `y` or Enter confirms,
/// `n` or Esc declines. Shown as a modal overlay, so nothing else
/// happens until it is answered.
public final class ConfirmationPrompt: View {
    public let question: String
    public var onConfirm: (() -> Void)?
    public var onDecline: (() -> Void)?
    public var style = Style(foreground: .black, background: .yellow)

    public init(_ question: String, onConfirm: @escaping () -> Void, onDecline: @escaping () -> Void = {}) {
        self.question = question
        self.onConfirm = onConfirm
        self.onDecline = onDecline
        super.init()
    }

    public override var keyBindingsTitle: String { "Confirm" }

    public override var keyBindings: [KeyBinding] {
        [
            KeyBinding([.character("y"), .character("Y"), .enter], "y", "yes", action: { [weak self] in self?.answer(true) }),
            KeyBinding([.character("n"), .character("N"), .escape], "n", "no", action: { [weak self] in self?.answer(false) }),
        ]
    }

    private func answer(_ yes: Bool) {
        window?.dismiss(self)
        if yes { onConfirm?() } else { onDecline?() }
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        buffer.write(" " + question + "  y / n", at: frame.origin, width: frame.width, style: style.bold)
    }

    /// The bottom row of the screen.
    public static func footerPlacement(_ bounds: Rect) -> Rect {
        Rect(x: 0, y: max(0, bounds.maxY - 1), width: bounds.width, height: min(1, bounds.height))
    }
}
