/// A question asked in the footer's place (one row, more where it wraps): `y` confirms, `n` or Esc
/// declines, and Enter gives the default answer, shown in capitals
/// (`y / N`). A question whose yes destroys something defaults to no, as
/// the command line's `[y/N]` does, and may take every other key as no
/// (`otherKeysDecline`). Shown as a modal overlay, so nothing
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

    /// Whether every key but the answers' own answers no (a removal's
    /// question: anything but `y` keeps the monster, and says so). The
    /// letters are then its own, `q` too: only a priority key on another
    /// key (Ctrl-C) acts above it.
    public var otherKeysDecline = false

    public override var consumesText: Bool { otherKeysDecline }

    public override func handle(key: KeyEvent) -> Bool {
        if super.handle(key: key) { return true }
        guard otherKeysDecline else { return false }
        answer(false)
        return true
    }

    public override func handle(paste text: String) -> Bool {
        guard otherKeysDecline else { return false }
        answer(false)
        return true
    }

    private func answer(_ yes: Bool) {
        window?.dismiss(self)
        if yes { onConfirm?() } else { onDecline?() }
    }

    /// The answers as drawn after the question: `y / N`.
    private var answers: String { defaultAnswer ? "Y / n" : "y / N" }

    /// The question and its answers over `width` columns: the question
    /// wraps between words, and the answers follow it whole, on its last
    /// row when they fit there, else on a row of their own. The keys
    /// that answer are never cut.
    public func lines(width: Int) -> [String] {
        let columns = max(1, width - 1)
        var lines = TextWrapping.lines(question, width: columns)
        if let last = lines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(answers) <= columns {
            lines[lines.count - 1] = last + "  " + answers
        } else {
            lines.append(answers)
        }
        return lines
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        for (row, line) in lines(width: frame.width).prefix(frame.height).enumerated() {
            buffer.write(" " + line, at: Point(x: frame.x, y: frame.y + row), width: frame.width, style: style.bold)
        }
    }

    /// The screen's bottom rows, as many as the question needs (its
    /// answers always in sight).
    public func footerPlacement(_ bounds: Rect) -> Rect {
        let rows = min(bounds.height, lines(width: bounds.width).count)
        return Rect(x: 0, y: max(0, bounds.maxY - rows), width: bounds.width, height: rows)
    }
}
