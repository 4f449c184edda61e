import TerminalKit
import TextSafety

/// An aligned table for terminals: columns sized to their widest cell by
/// display width (so CJK and emoji line up), the flexible column cut with
/// `…` to fit the terminal, a bold header, and colour only when wanted.
/// Cell text must already be escaped with `SafeText`.
///
/// Text stays in the terminal's own colours, readable on any background;
/// a colour that means something (a name's) is a swatch, `■`, before the
/// text, as in the interactive roster. A column with swatches keeps two
/// cells for them on every row, so its text stays aligned.
struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        let header: String
        var alignment: Alignment = .left
        /// This column shrinks when the table is wider than the terminal.
        var flexible = false
        /// This one shrinks too when the flexible columns are down to
        /// their headers and the table still does not fit: a name of 64
        /// wide characters is 128 columns, and a terminal would wrap it
        /// into the next row.
        var shrinksLast = false
    }

    struct Cell {
        let text: String
        /// Drawn in this style when colour is on.
        var style: Style? = nil
        /// A `■` in this style before the text, when colour is on.
        var swatch: Style? = nil

        init(_ text: String, style: Style? = nil, swatch: Style? = nil) {
            self.text = text
            self.style = style
            self.swatch = swatch
        }
    }

    let columns: [Column]
    var rows: [[Cell]] = []

    /// The width `column` takes uncut: its widest cell or its header.
    func naturalWidth(of column: Int) -> Int {
        rows.reduce(DisplayWidth.of(columns[column].header)) { widest, row in
            column < row.count ? max(widest, DisplayWidth.of(row[column].text)) : widest
        }
    }

    /// The width left for `column` in `maxWidth` when every other column
    /// takes its natural width (swatches aside).
    func room(for column: Int, within maxWidth: Int) -> Int {
        let others = columns.indices.filter { $0 != column }.reduce(0) { $0 + naturalWidth(of: $1) }
        return maxWidth - others - 2 * (columns.count - 1)
    }

    /// The table cut to `maxWidth` columns, styled in `depth` (none: no colour).
    func render(maxWidth: Int, depth: ColorDepth) -> String {
        let gap = 2
        var widths = columns.map { DisplayWidth.of($0.header) }
        let swatched = columns.indices.map { index in
            depth != .none && rows.contains { index < $0.count && $0[index].swatch != nil }
        }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell.text))
            }
        }
        let swatches = 2 * swatched.filter { $0 }.count
        func total() -> Int { widths.reduce(0, +) + gap * (columns.count - 1) + swatches }
        for shrinking in [\Column.flexible, \Column.shrinksLast] {
            for index in columns.indices where columns[index][keyPath: shrinking] && total() > maxWidth {
                let others = total() - widths[index]
                widths[index] = max(DisplayWidth.of(columns[index].header), maxWidth - others)
            }
        }
        var output = ""
        func emit(_ cells: [Cell], header: Bool) {
            var line = ""
            for (index, cell) in cells.enumerated() where index < columns.count {
                if swatched[index] {
                    if let swatch = cell.swatch { line += swatch.sgr(depth: depth) + "■\u{1B}[0m " } else { line += "  " }
                }
                let isLast = index == columns.count - 1
                let text = DisplayWidth.truncate(cell.text, to: widths[index])
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                let styled: String
                let style = header ? Style.plain.bold : cell.style
                if let style, style != .plain, depth != .none {
                    styled = style.sgr(depth: depth) + text + "\u{1B}[0m"
                } else {
                    styled = text
                }
                switch columns[index].alignment {
                case .left: line += styled + (isLast ? "" : padding)
                case .right: line += padding + styled
                }
                if !isLast { line += String(repeating: " ", count: gap) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        emit(columns.map { Cell($0.header) }, header: true)
        for row in rows { emit(row, header: false) }
        return output
    }
}
