/// A one-row bar listing the keys that work right now, read from the
/// window's active key tables: `↑↓ move  Enter choose  ? help  q quit`.
public final class KeyHintBar: View {
    public var style = Style(foreground: .brightBlack)
    public var keyStyle = Style().bold
    /// Text shown instead of the hints (a confirmation question, an error).
    public var message: (text: String, style: Style)?

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: style)
        if let message {
            buffer.write(" " + message.text, at: frame.origin, width: frame.width, style: message.style)
            return
        }
        var x = frame.x + 1
        for (binding, words) in Self.fitting(window?.footerBindings ?? [], width: frame.width - 1) {
            x = buffer.write(binding.label, at: Point(x: x, y: frame.y), style: keyStyle)
            x = buffer.write(" " + words, at: Point(x: x, y: frame.y), style: style)
            x += 2
        }
    }

    /// The bindings that fit in `width` columns, each with the words shown
    /// for it: their help when everything fits that way, else their brief
    /// words. The last two (help and quit, by convention) stay; of the
    /// others, the lowest `footerPriority` goes first and, among equals,
    /// the outermost (the innermost come first and matter most).
    static func fitting(_ bindings: [KeyBinding], width: Int) -> [(KeyBinding, String)] {
        func columns(_ entries: [(KeyBinding, String)]) -> Int {
            entries.reduce(0) { $0 + DisplayWidth.of($1.0.label) + 1 + DisplayWidth.of($1.1) + 2 } - 2
        }
        let full = bindings.map { ($0, $0.help) }
        if columns(full) <= width { return full }
        var kept = bindings.map { ($0, $0.brief) }
        while columns(kept) > width, !kept.isEmpty {
            let candidates = kept.count > 2 ? kept.indices.dropLast(2) : kept.indices.dropLast(0)
            let lowest = candidates.map { kept[$0].0.footerPriority }.min() ?? 0
            let victim = candidates.last { kept[$0].0.footerPriority == lowest } ?? kept.count - 1
            kept.remove(at: victim)
        }
        return kept
    }
}

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

    public init(groups: [KeyBindingGroup]) {
        // Only bindings that can run, each in its innermost group, the
        // window's priority bindings last.
        let reachable = Window.reachable(groups)
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
    public override var keyBindings: [KeyBinding] {
        [KeyBinding([.escape, .enter], "Esc", "close help") { [weak self] in
            guard let self else { return }
            self.window?.dismiss(self)
        }]
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

    public var contentWidth: Int {
        let labels = labelWidth - 2
        let helps = groups.flatMap(\.lines).map { DisplayWidth.of($0.help) }.max() ?? 0
        return max(30, labels + helps + 8)
    }

    public override func draw(in buffer: inout Buffer) {
        buffer.fill(frame)
        buffer.drawBox(frame, style: Style(foreground: .cyan), title: title + " (Esc closes)",
                       titleStyle: Style(foreground: .cyan).bold)
        let inner = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
        var y = inner.y
        for group in groups where y < inner.maxY {
            if !group.title.isEmpty {
                buffer.write(group.title, at: Point(x: inner.x, y: y), width: inner.width, style: Style().bold.underlined)
                y += 1
            }
            for line in group.lines where y < inner.maxY {
                buffer.write(line.keys, at: Point(x: inner.x, y: y), width: labelWidth, style: Style().bold)
                buffer.write(line.help, at: Point(x: inner.x + labelWidth, y: y), width: inner.width - labelWidth)
                y += 1
            }
            y += 1
        }
    }

    /// Centred on the screen, as large as its content allows.
    public static func placement(for view: KeyHelpView) -> (Rect) -> Rect {
        { bounds in
            let width = min(bounds.width, view.contentWidth)
            let height = min(bounds.height, view.contentHeight + 2)
            return Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        }
    }
}
