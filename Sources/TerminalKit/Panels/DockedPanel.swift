/// What every panel docked at the bottom of the screen has around its
/// own content, as a keyboard has its frame: a rule in the accent colour
/// across the top row with the panel's title on it, and the keys that
/// work now on the bottom row. `ChoicePanel` draws its buttons and
/// `WheelPicker` its wheels between the two; both call `onCancel` when
/// they are put away without a change.
public class DockedPanel: View {
    /// Said on the top rule; nothing when empty.
    public var title = ""
    /// The rule's colour, and what the panel marks with it.
    public var accentColor: Color = .cyan
    /// Put away without a change (Esc, Close).
    public var onCancel: (() -> Void)?

    private let hints = KeyHintBar()

    public override init() {
        super.init()
        addSubview(hints)
    }

    public override var showsKeyHints: Bool { true }

    /// Puts the key hints on the bottom row: each panel's `layout` calls it.
    func layoutHints() {
        hints.frame = Rect(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1)
    }

    /// Clears the panel and draws the titled rule on its top row: each
    /// panel's `draw` starts with it.
    func drawTitleRule(in buffer: inout Buffer) {
        buffer.fill(frame)
        buffer.write(String(repeating: "─", count: max(0, frame.width)), at: frame.origin, style: Style(foreground: accentColor))
        if !title.isEmpty {
            // Text in the terminal's own colours stays readable in every
            // palette; the accent marks lines and glyphs only.
            buffer.write(" \(title) ", at: Point(x: frame.x + 2, y: frame.y), width: frame.width - 4, style: Style().bold)
        }
    }
}
