import RosterCore
import TerminalKit
import TextSafety

/// `roster show` on a colour terminal: the monster's icon and its weapon's
/// picture beside its details like a trading card when the terminal is
/// wide enough, otherwise above them. The pictures are drawn as the
/// interactive roster draws them (`PictureDrawing`), and sent by the same
/// `PictureOutput`s: kitty images, sixel or iTerm2 inline images where the
/// terminal shows them, else coloured half blocks.
///
/// Pictures are drawn only here, for a person at a terminal; piped output
/// and `NO_COLOR` keep the plain text (whose weapon line carries the glyph).
struct MonsterCard {
    /// One line of the details, in the style it is shown in.
    struct Line {
        let text: String
        var style: Style = .plain
        /// One cell of the text (its column, which the ASCII before it
        /// makes a character offset too) drawn in another style: the
        /// name colour's `■`.
        var swatch: (column: Int, style: Style)? = nil

        init(text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }

        /// The line with SGR sequences for `depth` (none with `.none`).
        func styled(depth: ColorDepth) -> String {
            var buffer = Buffer(size: Size(width: DisplayWidth.of(text), height: 1))
            write(into: &buffer, at: .zero)
            return buffer.styledLines(depth: depth).first ?? ""
        }

        /// Writes the line, its swatch included, from `origin`.
        func write(into buffer: inout Buffer, at origin: Point) {
            buffer.write(text, at: origin, style: style)
            if let swatch {
                buffer.restyle(Rect(origin: Point(x: origin.x + swatch.column, y: origin.y), size: Size(width: 1, height: 1))) { _ in swatch.style }
            }
        }
    }

    /// The pictures by name, as `PictureLibrary` knows them.
    let icon: String
    let weapon: String
    let lines: [Line]

    /// The art at 1× (16×16 pixels: 16 columns, 8 rows of half blocks);
    /// pixel art is never shown shrunk, so a terminal too narrow for two
    /// gets the icon alone, then no picture.
    static let pictureSize = Size(width: 16, height: 8)
    static let gap = 3

    /// The card laid out for `width` columns, its pictures drawn by
    /// `drawing`: half blocks in the cells, or blank cells under
    /// placements for a picture output.
    func buffer(width: Int, drawing: PictureDrawing) -> Buffer {
        let textWidth = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let picture = Self.pictureSize
        let besideWidth = picture.width + Self.gap + textWidth + Self.gap + picture.width
        return besideWidth <= width ? beside(textWidth: textWidth, drawing: drawing) : above(width: width, drawing: drawing)
    }

    /// The card's lines, SGR-styled for `depth`, then, with `pictures`
    /// (the interactive roster's own outputs), each picture's bytes from
    /// its top-left cell. Room is made first (as many new lines as the
    /// card has, and one more: an inline image moves the cursor below
    /// itself), so that nothing scrolls while it is drawn and the pictures
    /// land on their cells; the cursor ends below the card.
    static func bytes(of card: Buffer, depth: ColorDepth, pictures: inout (any PictureOutput)?) -> [UInt8] {
        let lines = card.styledLines(depth: depth)
        guard pictures != nil, !card.placements.isEmpty else { return Array(lines.map { $0 + "\n" }.joined().utf8) }
        let height = lines.count
        var output = Array(String(repeating: "\n", count: height + 1).utf8)
        output += Array("\u{1B}[\(height + 1)A\r\u{1B}7".utf8)
        for line in lines { output += Array((line + "\n").utf8) }
        for placement in card.placements {
            output += Array("\u{1B}8".utf8)
            if placement.frame.y > 0 { output += Array("\u{1B}[\(placement.frame.y)B".utf8) }
            if placement.frame.x > 0 { output += Array("\u{1B}[\(placement.frame.x)C".utf8) }
            output += pictures?.picture(placement) ?? []
        }
        output += Array("\u{1B}8\u{1B}[\(height)B\r".utf8)
        return output
    }

    /// Draws a picture fitted in `rect`; the slot tells the two apart.
    private func draw(_ name: String, in rect: Rect, slot: UInt32, drawing: PictureDrawing, into buffer: inout Buffer) {
        drawing.draw(name, in: rect, into: &buffer, slot: slot)
    }

    /// Icon, details, weapon, left to right. The details sit a row below
    /// the top, next to the middle of the pictures.
    private func beside(textWidth: Int, drawing: PictureDrawing) -> Buffer {
        let picture = Self.pictureSize
        let textColumn = picture.width + Self.gap
        let weaponColumn = textColumn + textWidth + Self.gap
        var card = Buffer(size: Size(width: weaponColumn + picture.width, height: max(picture.height, lines.count)))
        draw(icon, in: Rect(origin: .zero, size: picture), slot: 1, drawing: drawing, into: &card)
        draw(weapon, in: Rect(origin: Point(x: weaponColumn, y: 0), size: picture), slot: 2, drawing: drawing, into: &card)
        let top = max(0, (card.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            line.write(into: &card, at: Point(x: textColumn, y: top + index))
        }
        return card
    }

    /// The pictures in a row, then the details as plain lines, which the
    /// terminal wraps like any text: nothing is cut.
    private func above(width: Int, drawing: PictureDrawing) -> Buffer {
        let large = Self.pictureSize
        var card: Buffer
        if width >= large.width * 2 + Self.gap {
            card = row(width: large.width * 2 + Self.gap, drawing: drawing)
        } else if width >= large.width {
            card = Buffer(size: large)
            draw(icon, in: card.bounds, slot: 1, drawing: drawing, into: &card)
        } else {
            card = Buffer(size: Size(width: max(1, width), height: 0))
        }
        // The details below, each on its own row as wide as it is.
        let textWidth = max(card.size.width, lines.map { DisplayWidth.of($0.text) }.max() ?? 0)
        var whole = Buffer(size: Size(width: textWidth, height: card.size.height + lines.count))
        whole.draw(card, at: .zero)
        whole.placements = card.placements
        for (index, line) in lines.enumerated() {
            line.write(into: &whole, at: Point(x: 0, y: card.size.height + index))
        }
        return whole
    }

    /// The icon and the weapon side by side.
    private func row(width: Int, drawing: PictureDrawing) -> Buffer {
        let picture = Self.pictureSize
        var card = Buffer(size: Size(width: width, height: picture.height))
        draw(icon, in: Rect(origin: .zero, size: picture), slot: 1, drawing: drawing, into: &card)
        draw(weapon, in: Rect(origin: Point(x: picture.width + Self.gap, y: 0), size: picture), slot: 2, drawing: drawing, into: &card)
        return card
    }
}
