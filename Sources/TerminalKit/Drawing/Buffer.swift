import TextSafety
/// One cell of the screen: a grapheme cluster and its style.
///
/// A wide character (CJK, most emoji) fills its own cell and marks the
/// next one as its continuation (`width == 0`), so every column of the
/// buffer is one column of the terminal.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style
    /// Columns the text takes: 1 or 2 (more for some emoji sequences), or
    /// 0 for the continuation of the wide character to its left.
    public var width: UInt8

    public init(_ text: String = " ", style: Style = .plain, width: UInt8 = 1) {
        self.text = text
        self.style = style
        self.width = width
    }

    public static let blank = Cell()
    public var isContinuation: Bool { width == 0 }
}

/// A grid of cells that views draw into. Nothing here touches the
/// terminal: the `Renderer` turns the difference between two buffers into
/// bytes, and tests read buffers directly.
///
/// All text written is passed through `SafeText` first, so no control
/// character can ever reach the terminal through a buffer.
public struct Buffer: Hashable, Sendable {
    public private(set) var size: Size
    private var cells: [Cell]
    /// Real pictures to show over cells (kitty graphics), in drawing
    /// order. The cells beneath them are left blank.
    public var placements: [PicturePlacement] = []

    public init(size: Size, fill: Cell = .blank) {
        let clamped = Size(width: max(0, size.width), height: max(0, size.height))
        self.size = clamped
        self.cells = Array(repeating: fill, count: clamped.width * clamped.height)
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[y * size.width + x]
        }
    }

    /// Places one cell, keeping wide characters whole: overwriting half of
    /// a wide character blanks its other half.
    public mutating func set(_ cell: Cell, at point: Point) {
        guard bounds.contains(point) else { return }
        let index = point.y * size.width + point.x
        let old = cells[index]
        if old.isContinuation, point.x > 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        if old.width > 1 {
            for offset in 1..<Int(old.width) where point.x + offset < size.width {
                cells[index + offset] = Cell(" ", style: old.style)
            }
        }
        cells[index] = cell
    }

    /// Copies `other` with its top left at `origin`, only where it falls
    /// inside `clip`: how a view drawn whole (a framed picture) is shown
    /// partly scrolled out of its pane. Kitty placements come along,
    /// moved and cropped to match.
    public mutating func draw(_ other: Buffer, at origin: Point, clip: Rect) {
        let area = clip.intersection(bounds).intersection(Rect(origin: origin, size: other.size))
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                set(other[x - origin.x, y - origin.y], at: Point(x: x, y: y))
            }
        }
        for var placement in other.placements {
            placement.frame = Rect(x: placement.frame.x + origin.x, y: placement.frame.y + origin.y,
                                   width: placement.frame.width, height: placement.frame.height)
            placement.visible = Rect(x: placement.visible.x + origin.x, y: placement.visible.y + origin.y,
                                     width: placement.visible.width, height: placement.visible.height)
            placements.append(placement.clipped(to: area))
        }
    }

    /// Writes `text` from `point` rightwards, clipped to `clip` (the whole
    /// buffer by default). Returns the column after the last one written.
    /// A wide character that would straddle the clip edge is not drawn.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard point.y >= area.y, point.y < area.maxY else { return point.x }
        var x = point.x
        var lastIndex: Int?
        for character in SafeText.escaped(text) {
            let width = DisplayWidth.of(character)
            if width == 0 {
                // A combining mark or joiner joins the character before it.
                if let lastIndex { cells[lastIndex].text.append(character) }
                continue
            }
            if x + width > area.maxX { break }
            if x >= area.x {
                set(Cell(String(character), style: style, width: UInt8(min(width, 255))), at: Point(x: x, y: point.y))
                lastIndex = point.y * size.width + x
                for offset in 1..<width {
                    set(Cell("", style: style, width: 0), at: Point(x: x + offset, y: point.y))
                }
            } else {
                lastIndex = nil
            }
            x += width
        }
        return x
    }

    /// Fills a rectangle with one character in one style.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(String(character), style: style)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { set(cell, at: Point(x: x, y: y)) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping its text:
    /// for highlighting a selected row or a focused field.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
            }
        }
    }

    /// Copies another buffer's cells into this one at `origin`.
    public mutating func draw(_ other: Buffer, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width {
                let cell = other[x, y]
                let target = Point(x: origin.x + x, y: origin.y + y)
                guard bounds.contains(target) else { continue }
                cells[target.y * size.width + target.x] = cell
            }
        }
    }

    // MARK: Reading back, for tests and for the renderer

    /// The text of row `y`, continuation cells skipped.
    public func text(row y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var line = ""
        for x in 0..<size.width where !cells[y * size.width + x].isContinuation {
            line += cells[y * size.width + x].text
        }
        return line
    }

    /// Every row's text, trailing spaces trimmed.
    public var lines: [String] {
        (0..<size.height).map { row in
            var line = text(row: row)
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The first position where `needle` appears, searching row by row.
    public func find(_ needle: String) -> Point? {
        let wanted = Array(needle)
        guard !wanted.isEmpty else { return nil }
        for y in 0..<size.height {
            // Each character of the row, with the column it starts in.
            var characters: [Character] = []
            var columns: [Int] = []
            for x in 0..<size.width where !cells[y * size.width + x].isContinuation {
                for character in cells[y * size.width + x].text {
                    characters.append(character)
                    columns.append(x)
                }
            }
            if let range = characters.firstRange(of: wanted) {
                return Point(x: columns[range.lowerBound], y: y)
            }
        }
        return nil
    }
}
