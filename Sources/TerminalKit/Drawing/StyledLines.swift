/// A buffer printed as ordinary lines of text with SGR colours, for
/// commands that write a picture or a card into the scrollback (`roster
/// show`) rather than taking over the screen. No cursor movement: each
/// row is one line, ending in a reset, so a terminal of any width and a
/// pager both show it.
extension Buffer {
    /// Every row as text with SGR sequences for the given depth (none at
    /// all with `ColorDepth.none`). Trailing blank cells in the plain
    /// style are dropped; every styled line ends with a reset.
    public func styledLines(depth: ColorDepth) -> [String] {
        (0..<size.height).map { row in
            var end = size.width
            while end > 0, self[end - 1, row] == .blank { end -= 1 }
            var line = ""
            var current = Style.plain
            for column in 0..<end {
                let cell = self[column, row]
                if cell.isContinuation { continue }
                if depth != .none, cell.style != current {
                    line += cell.style.sgr(depth: depth)
                    current = cell.style
                }
                line += cell.text
            }
            if current != .plain { line += "\u{1B}[0m" }
            return line
        }
    }
}

extension Style {
    /// The SGR sequence that turns any current style into exactly this one:
    /// a reset, then this style's attributes and colours reduced to
    /// `depth`; two sequences when one would pass ten parameters (see
    /// `PenChange`: mlterm drops the rest). Empty with `ColorDepth.none`.
    public func sgr(depth: ColorDepth) -> String {
        guard depth != .none else { return "" }
        var parameters = ["0"]
        let codes: [(TextAttributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        for (attribute, code) in codes where attributes.contains(attribute) {
            parameters.append(code)
        }
        if let code = PenChange.sgr(ColorConversion.convert(foreground, to: depth), foreground: true) {
            parameters.append(code)
        }
        if let code = PenChange.sgr(ColorConversion.convert(background, to: depth), foreground: false) {
            parameters.append(code)
        }
        return PenChange.sequence(of: parameters)
    }
}
