/// The toolbar docked above an input view: ◀ Prev and Next ▶ move along
/// the fields, Done finishes. Like a panel, it is configured by closures.
///
/// Tab and Shift-Tab work as Next and Prev; the buttons take clicks.
public final class AccessoryBar: View {
    /// What is being edited, shown between the buttons.
    public var title = ""
    /// Why Done was refused, shown in the title's place until cleared.
    public var problem: String?
    public var problemStyle = Style(foreground: .red).bold
    public var onPrevious: (() -> Void)?
    public var onNext: (() -> Void)?
    public var onDone: (() -> Void)?
    public var accentColor: Color = .cyan

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

    public override var keyBindings: [KeyBinding] {
        guard movesBetweenFields else { return [.mouse("click", "Done")] }
        return [
            KeyBinding(.backTab, "Shift-Tab", "previous field", footer: false, action: { [weak self] in self?.onPrevious?() }),
            KeyBinding(.tab, "Tab", "next field", action: { [weak self] in self?.onNext?() }),
            .mouse("click", "◀ Prev, Next ▶ or Done"),
        ]
    }

    public override func preferredHeight(forWidth width: Int) -> Int { 1 }

    public override func draw(in buffer: inout Buffer) {
        let style = Style(foreground: .black, background: accentColor)
        buffer.fill(frame, style: style)
        let y = frame.y
        var x = frame.x + 1
        var nextEnd = x
        if movesBetweenFields {
            let previousEnd = buffer.write(" ◀ Prev ", at: Point(x: x, y: y), style: style.bold)
            previousFrame = Rect(x: x, y: y, width: previousEnd - x, height: 1)
            x = previousEnd + 1
            nextEnd = buffer.write(" Next ▶ ", at: Point(x: x, y: y), style: style.bold)
            nextFrame = Rect(x: x, y: y, width: nextEnd - x, height: 1)
        } else {
            previousFrame = .zero
            nextFrame = .zero
        }
        let done = " Done "
        let doneX = frame.maxX - 1 - DisplayWidth.of(done)
        if doneX > nextEnd + 2 {
            buffer.write(done, at: Point(x: doneX, y: y), style: style.bold.reversed)
            doneFrame = Rect(x: doneX, y: y, width: DisplayWidth.of(done), height: 1)
            let room = doneX - nextEnd - 2
            if room > 4 {
                let area = Rect(x: nextEnd + 1, y: y, width: room, height: 1)
                if let problem {
                    buffer.writeCentered("✗ " + problem, in: area, style: problemStyle)
                } else {
                    buffer.writeCentered(title, in: area, style: style)
                }
            }
        } else {
            doneFrame = .zero
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
