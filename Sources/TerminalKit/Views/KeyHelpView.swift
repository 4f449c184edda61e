/// The `?` screen: every key that works now, grouped by where it works.
/// Generated from the same tables that dispatch the keys.
public final class KeyHelpView: View {
    /// One line of the help: every key that runs it, and what it does.
    public struct Line: Equatable {
        public let keys: String
        public let help: String
    }

    public let groups: [(title: String, lines: [Line])]
    public var title = "Keys"
    /// The colour of the frame around the keys.
    public var frameColor: Color = .cyan
    /// Rows scrolled past, when the screen is too short for every key.
    private var scrollOffset = 0

    public init(groups: [KeyBindingGroup]) {
        // Only bindings that can run, each in its innermost group, the
        // window's priority bindings last.
        let reachable = Window.reachable(groups).filter(\.availability.isAvailable)
        let ordered = groups.filter { !$0.isPriority } + groups.filter(\.isPriority)
        var claimed: Set<String> = []
        self.groups = ordered.compactMap { group in
            var lines: [Line] = []
            for binding in group.bindings where reachable.contains(where: {
                $0.label == binding.label && $0.help == binding.help && $0.keys == binding.keys
            }) && claimed.insert(binding.label + "\u{0}" + binding.help).inserted {
                lines.append(Line(keys: Self.keysLabel(binding, in: group), help: binding.help))
            }
            return lines.isEmpty ? nil : (group.title, lines)
        }
        super.init()
    }

    public override var keyBindingsTitle: String { "Help" }
    /// The help's keys, declared once: scrolling only when it must.
    public static let keys = KeyTable<KeyHelpView>([
        .init([.escape, .enter], "Esc", "close help", perform: { help, _ in help.window?.dismiss(help) }),
        .init([.up, .character("k")], "↑↓", "scroll", when: { .when($0.maximumScroll > 0) },
              perform: { help, _ in help.scroll(by: -1) }),
        .init([.down, .character("j")], "↑↓", "scroll", footer: false, when: { .when($0.maximumScroll > 0) },
              perform: { help, _ in help.scroll(by: 1) }),
        .init(.pageUp, "PgUp/PgDn", "scroll a page", footer: false, when: { .when($0.maximumScroll > 0) },
              run: { $0.scroll(by: -$0.pageRows) }),
        .init(.pageDown, "PgUp/PgDn", "scroll a page", footer: false, when: { .when($0.maximumScroll > 0) },
              run: { $0.scroll(by: $0.pageRows) }),
    ])

    public override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    private var pageRows: Int { max(1, frame.height - 2) }
    private var maximumScroll: Int { max(0, contentHeight - pageRows) }

    private func scroll(by rows: Int) {
        scrollOffset = max(0, min(maximumScroll, scrollOffset + rows))
    }

    /// Every row of the help, headings and blank rows included.
    private var rows: [(keys: String, help: String, isHeading: Bool)] {
        var rows: [(String, String, Bool)] = []
        for (index, group) in groups.enumerated() {
            if index > 0 { rows.append(("", "", false)) }
            if !group.title.isEmpty { rows.append((group.title, "", true)) }
            rows += group.lines.map { ($0.keys, $0.help, false) }
        }
        return rows
    }

    /// The widest keys column, with room after it.
    private var labelWidth: Int {
        (groups.flatMap(\.lines).map { DisplayWidth.of($0.keys) }.max() ?? 0) + 2
    }

    /// Every key that runs a binding, not only the footer's short label:
    /// `↑ k ↓ j` for the footer's `↑↓`, gathered from the bindings that
    /// share its label and words. A binding without keys is the mouse's.
    static func keysLabel(_ binding: KeyBinding, in group: KeyBindingGroup) -> String {
        guard !binding.keys.isEmpty else { return binding.label }
        let siblings = group.bindings.filter { $0.label == binding.label && $0.help == binding.help }
        let keys = siblings.flatMap(\.keys).map(\.description)
        return keys.count > 4 ? binding.label : keys.joined(separator: " ")
    }

    /// Rows for the groups: a heading and the bindings each, a blank row between.
    public var contentHeight: Int {
        groups.reduce(0) { $0 + ($1.title.isEmpty ? 0 : 1) + $1.lines.count } + max(0, groups.count - 1)
    }

    /// As wide as the widest line, and as the title with what closes
    /// it, so that the title is never cut where the screen has room.
    public var contentWidth: Int {
        let labels = labelWidth - 2
        let helps = groups.flatMap(\.lines).map { DisplayWidth.of($0.help) }.max() ?? 0
        return max(30, labels + helps + 8, DisplayWidth.of(fullTitle(scrolls: true)) + Self.titleMargin)
    }

    /// Columns a box keeps beside its title (`drawBox`'s corners and spaces).
    private static let titleMargin = 6

    /// The title and how to close the help (and scroll it, when it must).
    private func fullTitle(scrolls: Bool) -> String {
        title + (scrolls ? " (↑↓ more, Esc closes)" : " (Esc closes)")
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        // On a screen too narrow for the whole title, the title alone: the
        // footer below says Esc closes it, and a cut word says nothing.
        let full = fullTitle(scrolls: maximumScroll > 0)
        let shown = DisplayWidth.of(full) <= frame.width - Self.titleMargin ? full : title
        buffer.drawBox(frame, style: Style(foreground: frameColor), title: shown,
                       titleStyle: Style().bold)
        let inner = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
        let offset = min(scrollOffset, maximumScroll)
        for (index, row) in rows.dropFirst(offset).prefix(max(0, inner.height)).enumerated() {
            let y = inner.y + index
            if row.isHeading {
                buffer.write(row.keys, at: Point(x: inner.x, y: y), width: inner.width, style: Style().bold.underlined)
            } else {
                buffer.write(row.keys, at: Point(x: inner.x, y: y), width: labelWidth, style: Style().bold)
                buffer.write(row.help, at: Point(x: inner.x + labelWidth, y: y), width: inner.width - labelWidth)
            }
        }
    }

    /// Centred in `area(screen)`, as large as its content allows. The
    /// area is the whole screen unless the app keeps rows in sight (a
    /// footer that says how to close the help, the window's header).
    public static func placement(for view: KeyHelpView, within area: @escaping (Rect) -> Rect = { $0 }) -> (Rect) -> Rect {
        { screen in
            let bounds = area(screen)
            let width = min(bounds.width, view.contentWidth)
            let height = min(bounds.height, view.contentHeight + 2)
            return Rect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
                        width: width, height: height)
        }
    }
}
