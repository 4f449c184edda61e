/// The line-drawing characters of a box.
public struct BoxStyle: Sendable {
    public let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character

    public static let rounded = BoxStyle(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
                                         horizontal: "─", vertical: "│")
    public static let heavy = BoxStyle(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛",
                                       horizontal: "━", vertical: "┃")
    public static let square = BoxStyle(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
                                        horizontal: "─", vertical: "│")
}

extension Buffer {
    /// Draws a box around `rect` with an optional title in its top edge.
    public mutating func drawBox(_ rect: Rect, style: Style = .plain, box: BoxStyle = .rounded,
                                 title: String? = nil, titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: String(box.horizontal), count: rect.width - 2)
        write(String(box.topLeft) + horizontal + String(box.topRight), at: rect.origin, style: style)
        write(String(box.bottomLeft) + horizontal + String(box.bottomRight), at: Point(x: rect.x, y: rect.maxY - 1), style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            write(String(box.vertical), at: Point(x: rect.x, y: y), style: style)
            write(String(box.vertical), at: Point(x: rect.maxX - 1, y: y), style: style)
        }
        if let title, rect.width > 6 {
            let text = " " + DisplayWidth.truncate(title, to: rect.width - 6) + " "
            write(text, at: Point(x: rect.x + 2, y: rect.y), style: titleStyle ?? style,
                  clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))
        }
    }

    /// Writes `text` centred in one row of `rect`.
    public mutating func writeCentered(_ text: String, in rect: Rect, row: Int = 0, style: Style = .plain) {
        let fitted = DisplayWidth.truncate(text, to: rect.width)
        let x = rect.x + max(0, (rect.width - DisplayWidth.of(fitted)) / 2)
        write(fitted, at: Point(x: x, y: rect.y + row), style: style, clip: rect)
    }

    /// Writes `text` cut with `…` to fit `width` columns from `point`.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, width: Int, style: Style = .plain) -> Int {
        guard width > 0 else { return point.x }
        return write(DisplayWidth.truncate(text, to: width), at: point, style: style,
                     clip: Rect(x: point.x, y: point.y, width: width, height: 1))
    }
}
