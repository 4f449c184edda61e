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
    /// `depth`. Empty with `ColorDepth.none`.
    public func sgr(depth: ColorDepth) -> String {
        guard depth != .none else { return "" }
        var parameters = ["0"]
        let codes: [(TextAttributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        for (attribute, code) in codes where attributes.contains(attribute) {
            parameters.append(code)
        }
        if let code = Self.colorCode(foreground.reduced(to: depth), base: 30) { parameters.append(code) }
        if let code = Self.colorCode(background.reduced(to: depth), base: 40) { parameters.append(code) }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// `31`, `91`, `38;5;208`, `38;2;255;128;0` (with base 30; 40 for backgrounds).
    private static func colorCode(_ color: Color, base: Int) -> String? {
        switch color {
        case .default:
            return nil
        case .ansi(let index):
            return index < 8 ? String(base + Int(index)) : String(base + 60 + Int(index & 7))
        case .indexed(let index):
            return "\(base + 8);5;\(index)"
        case .rgb(let red, let green, let blue):
            return "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}
