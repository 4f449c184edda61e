/// A short vertical list anchored at a field (not docked at the bottom):
/// each item in its own style, with a swatch when it names a colour, the
/// current one marked. Choosing applies
/// at once; Esc closes without a change. Configured by closures.
public final class MenuPopover: View {
    public struct Item {
        public var title: String
        public var style: Style
        /// A colour's mark, `■` drawn before the title in this style: the
        /// title itself stays in readable colours.
        public var swatch: Style?

        public init(_ title: String, style: Style = .plain, swatch: Style? = nil) {
            self.title = title
            self.style = style
            self.swatch = swatch
        }
    }

    public var title = ""
    public var items: [Item] = []
    public var currentIndex: Int?
    public private(set) var highlightedIndex = 0
    /// Whether the person moved the highlight or clicked an item since it
    /// was put on the current value: Enter on it untouched is no choice.
    public private(set) var moved = false
    public var accentColor: Color = .cyan
    public var onChoose: ((Int) -> Void)?
    public var onCancel: (() -> Void)?

    public init(configure: (MenuPopover) -> Void = { _ in }) {
        super.init()
        configure(self)
    }

    public func highlightCurrent() {
        highlightedIndex = currentIndex ?? 0
        moved = false
    }

    public override var keyBindingsTitle: String { title.isEmpty ? "Menu" : title }

    /// The menu's keys, declared once.
    public static let keys = KeyTable<MenuPopover>([
        .init([.up, .character("k")], "↑↓", "move", perform: { menu, _ in menu.move(by: -1) }),
        .init([.down, .character("j")], "↑↓", "move", footer: false, perform: { menu, _ in menu.move(by: 1) }),
        .init(.enter, "Enter", "choose", run: { $0.onChoose?($0.highlightedIndex) }),
        .init(.escape, "Esc", "close", run: { $0.onCancel?() }),
    ])

    public override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    /// Letters with no meaning here do nothing (`stopsPrintableKeys`).
    public override var stopsPrintableKeys: Bool { true }

    private func move(by step: Int) {
        guard !items.isEmpty else { return }
        moved = true
        highlightedIndex = ((highlightedIndex + step) % items.count + items.count) % items.count
    }

    public override var preferredWidth: Int {
        max(DisplayWidth.of(title) + 6, (items.map { DisplayWidth.of($0.title) + ($0.swatch == nil ? 0 : 2) }.max() ?? 0) + 8)
    }

    public override func preferredHeight(forWidth width: Int) -> Int { items.count + 2 }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        buffer.drawBox(frame, style: Style(foreground: accentColor), title: title.isEmpty ? nil : title,
                       titleStyle: Style().bold)
        let inner = frame.inset(by: 1)
        for (index, item) in items.enumerated() where index < inner.height {
            let row = inner.row(index)
            let mark = index == currentIndex ? " ✓" : ""
            var x = row.x
            if let swatch = item.swatch { x = buffer.write(" ■", at: row.origin, width: row.width, style: swatch) }
            buffer.write(" " + item.title + mark, at: Point(x: x, y: row.y), width: row.maxX - x, style: item.style)
            if index == highlightedIndex { buffer.restyle(row) { $0.reversed } }
        }
    }

    public override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        let index = event.position.y - frame.y - 1
        if items.indices.contains(index) {
            highlightedIndex = index
            moved = true
            onChoose?(index)
        }
        return true
    }
}
