/// The toolbar docked above an input view: ◄ Prev and Next ► move along
/// the fields, Done finishes. Like a panel, it is configured by closures.
///
/// Tab and Shift-Tab work as Next and Prev; the buttons take clicks.
public final class AccessoryBar: View {
    /// What is being edited, shown between the buttons.
    public var title = ""
    /// Why Done was refused, shown in the title's place until cleared.
    public var problem: String?
    /// The bar's own colours, bold: red on the terminal's background was
    /// below 4.5:1 in kitty's and VTE's palettes. The ✗ before it marks it.
    public var problemStyle = Style().reversed
    public var onPrevious: (() -> Void)?
    public var onNext: (() -> Void)?
    public var onDone: (() -> Void)?

    private var previousFrame = Rect.zero
    private var nextFrame = Rect.zero
    private var doneFrame = Rect.zero

    public init(configure: (AccessoryBar) -> Void = { _ in }) {
        super.init()
        configure(self)
    }

    public override var keyBindingsTitle: String { "Fields" }

    /// Whether there are fields to move along (a panel summoned without
    /// a field has only Done).
    private var movesBetweenFields: Bool { onPrevious != nil || onNext != nil }

    /// The bar's keys, declared once; moving between fields is available
    /// only when there are fields to move along.
    public static let keys = KeyTable<AccessoryBar>([
        .init(.backTab, "Shift-Tab", "previous field", footer: false, when: { .when($0.movesBetweenFields) },
              run: { $0.onPrevious?() }),
        .init(.tab, "Tab", "next field", when: { .when($0.movesBetweenFields) }, run: { $0.onNext?() }),
        .mouse("click", "◄ Prev, Next ► or Done", helpNow: { $0.movesBetweenFields ? "◄ Prev, Next ► or Done" : "Done" }),
    ])

    public override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    public override func preferredHeight(forWidth width: Int) -> Int { 1 }

    // ◄ and ► (U+25C4, U+25BA), not ◀ and ▶: alacritty draws those half
    // over the next cell (seen in a screenshot); these keep to their own.
    private static let previousLabel = " ◄ Prev ", nextLabel = " Next ► ", doneLabel = " Done "

    /// Where the buttons go: worked out here, so that clicks and drawing
    /// agree and drawing changes nothing.
    public override func layout() {
        let y = frame.y
        var x = frame.x + 1
        if movesBetweenFields {
            previousFrame = Rect(x: x, y: y, width: DisplayWidth.of(Self.previousLabel), height: 1)
            x = previousFrame.maxX + 1
            nextFrame = Rect(x: x, y: y, width: DisplayWidth.of(Self.nextLabel), height: 1)
        } else {
            previousFrame = .zero
            nextFrame = Rect(x: x, y: y, width: 0, height: 1)
        }
        let doneX = frame.maxX - 1 - DisplayWidth.of(Self.doneLabel)
        doneFrame = doneX > nextFrame.maxX + 2 ? Rect(x: doneX, y: y, width: DisplayWidth.of(Self.doneLabel), height: 1) : .zero
    }

    public override func draw(in buffer: inout Buffer) {
        // Reverse video keeps the terminal's own contrast, in every palette.
        let style = Style().reversed
        buffer.fill(frame, style: style)
        if movesBetweenFields {
            buffer.write(Self.previousLabel, at: previousFrame.origin, style: style.bold)
            buffer.write(Self.nextLabel, at: nextFrame.origin, style: style.bold)
        }
        guard !doneFrame.isEmpty else { return }
        buffer.write(Self.doneLabel, at: doneFrame.origin, style: Style().bold)
        let room = doneFrame.x - nextFrame.maxX - 2
        if room > 4 {
            let area = Rect(x: nextFrame.maxX + 1, y: frame.y, width: room, height: 1)
            if let problem {
                buffer.writeCentered("✗ " + problem, in: area, style: problemStyle)
            } else {
                buffer.writeCentered(title, in: area, style: style)
            }
        }
    }

    public override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        if previousFrame.contains(event.position) { onPrevious?() }
        else if nextFrame.contains(event.position) { onNext?() }
        else if doneFrame.contains(event.position) { onDone?() }
        return true
    }

    /// Where the buttons are, once drawn: for tests and clicks.
    public var buttonFrames: (previous: Rect, next: Rect, done: Rect) { (previousFrame, nextFrame, doneFrame) }
}
