import RosterCore
import TerminalKit
import TextSafety

/// `roster show` on a colour terminal: the monster's icon and its weapon's
/// picture beside its details like a trading card when the terminal is
/// wide enough, otherwise above them. The pictures are kitty images or
/// iTerm2 inline images where the terminal shows them, else coloured half
/// blocks.
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

    /// A picture with the PNG it came from (sent as is to kitty).
    struct Picture {
        let image: Image
        let png: [UInt8]
    }

    let icon: Picture
    let weapon: Picture
    let lines: [Line]

    /// The art at 1× (16×16 pixels: 16 columns, 8 rows of half blocks);
    /// pixel art is never shown shrunk, so a terminal too narrow for two
    /// gets the icon alone, then no picture.
    static let pictureSize = Size(width: 16, height: 8)
    static let gap = 3

    /// Where each picture went, for kitty.
    private struct Layout {
        var buffer: Buffer
        var pictures: [(picture: Picture, frame: Rect)] = []
    }

    /// The card's lines with half-block pictures, SGR-styled for `depth`,
    /// to fit `width` columns.
    func render(width: Int, depth: ColorDepth) -> [String] {
        layout(width: width, depth: depth, kitty: false).buffer.styledLines(depth: depth)
    }

    /// The card with kitty images: its lines, with the pictures' cells
    /// blank, then each picture placed over them. Room is made first
    /// (as many new lines as the card has, then back up), so that nothing
    /// scrolls while it is drawn and the pictures land on their cells.
    /// With `cellPixels`, each picture is sent at its cells' own pixels
    /// (`Image.framed`), which kitty shows unscaled: it would scale the
    /// art's file smoothly and blur it.
    func renderKitty(width: Int, depth: ColorDepth, cellPixels: Size? = nil) -> [UInt8] {
        renderImages(width: width, depth: depth) { picture, frame in
            let framed = cellPixels.flatMap { try? picture.image.framed(in: frame.size, cellPixels: $0).encodePNG() }
            return KittyGraphics.showPNG(framed ?? picture.png, columns: frame.width, rows: frame.height)
        }
    }

    /// The card with sixel pictures, drawn for cells of `cellSize` pixels
    /// in at most `registers` colours, laid out as for kitty; transparent
    /// pixels painted in `transparentFill` when given (Konsole).
    func renderSixel(width: Int, depth: ColorDepth, cellSize: Size, registers: Int, transparentFill: RGBA? = nil) -> [UInt8] {
        renderImages(width: width, depth: depth) { picture, frame in
            Sixel.encode(picture.image, cells: frame.size, cellSize: cellSize, registers: registers, transparentFill: transparentFill)
        }
    }

    /// The card's lines with the pictures' cells blank, then each
    /// picture's bytes (`image`) written from its top-left cell.
    private func renderImages(width: Int, depth: ColorDepth, image: (Picture, Rect) -> [UInt8]) -> [UInt8] {
        let card = layout(width: width, depth: depth, kitty: true)
        let lines = card.buffer.styledLines(depth: depth)
        let height = lines.count
        var output = Array(String(repeating: "\n", count: height).utf8)
        output += Array("\u{1B}[\(height)A\r\u{1B}7".utf8)
        for line in lines { output += Array((line + "\n").utf8) }
        for (picture, frame) in card.pictures {
            output += Array("\u{1B}8".utf8)
            if frame.y > 0 { output += Array("\u{1B}[\(frame.y)B".utf8) }
            if frame.x > 0 { output += Array("\u{1B}[\(frame.x)C".utf8) }
            output += image(picture, frame)
        }
        output += Array("\u{1B}8\u{1B}[\(height)B\r".utf8)
        return output
    }

    /// The card with iTerm2 inline images, made like `renderKitty`. An
    /// inline image moves the cursor below itself, which on the bottom row
    /// would scroll the card away from the saved position: one more line of
    /// room keeps every picture above the bottom row.
    func renderInline(width: Int, depth: ColorDepth, cellPixels: Size) -> [UInt8] {
        let card = layout(width: width, depth: depth, kitty: true)
        let lines = card.buffer.styledLines(depth: depth)
        let height = lines.count
        var output = Array(String(repeating: "\n", count: height + 1).utf8)
        output += Array("\u{1B}[\(height + 1)A\r\u{1B}7".utf8)
        for line in lines { output += Array((line + "\n").utf8) }
        for (picture, frame) in card.pictures {
            let whole = Rect(origin: .zero, size: frame.size)
            guard let png = try? picture.image.forCells(whole, of: frame.size, cellPixels: cellPixels).encodePNG() else { continue }
            output += Array("\u{1B}8".utf8)
            if frame.y > 0 { output += Array("\u{1B}[\(frame.y)B".utf8) }
            if frame.x > 0 { output += Array("\u{1B}[\(frame.x)C".utf8) }
            output += ITermInlineImages.show(png: png, columns: frame.width, rows: frame.height)
        }
        output += Array("\u{1B}8\u{1B}[\(height)B\r".utf8)
        return output
    }

    private func layout(width: Int, depth: ColorDepth, kitty: Bool) -> Layout {
        let textWidth = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let picture = Self.pictureSize
        let besideWidth = picture.width + Self.gap + textWidth + Self.gap + picture.width
        if besideWidth <= width {
            return beside(textWidth: textWidth, depth: depth, kitty: kitty)
        }
        return above(width: width, depth: depth, kitty: kitty)
    }

    /// Draws a picture fitted in `rect`: half blocks, or blank cells
    /// noted for a kitty image.
    private func draw(_ picture: Picture, in rect: Rect, depth: ColorDepth, kitty: Bool, into layout: inout Layout) {
        if kitty {
            let frame = picture.image.cellRect(fitting: rect)
            layout.buffer.fill(frame)
            layout.pictures.append((picture, frame))
        } else {
            layout.buffer.drawImage(picture.image, in: rect, depth: depth)
        }
    }

    /// Icon, details, weapon, left to right. The details sit a row below
    /// the top, next to the middle of the pictures.
    private func beside(textWidth: Int, depth: ColorDepth, kitty: Bool) -> Layout {
        let picture = Self.pictureSize
        let textColumn = picture.width + Self.gap
        let weaponColumn = textColumn + textWidth + Self.gap
        var card = Layout(buffer: Buffer(size: Size(width: weaponColumn + picture.width, height: max(picture.height, lines.count))))
        draw(icon, in: Rect(origin: .zero, size: picture), depth: depth, kitty: kitty, into: &card)
        draw(weapon, in: Rect(origin: Point(x: weaponColumn, y: 0), size: picture), depth: depth, kitty: kitty, into: &card)
        let top = max(0, (card.buffer.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            line.write(into: &card.buffer, at: Point(x: textColumn, y: top + index))
        }
        return card
    }

    /// The pictures in a row, then the details as plain lines, which the
    /// terminal wraps like any text: nothing is cut.
    private func above(width: Int, depth: ColorDepth, kitty: Bool) -> Layout {
        let large = Self.pictureSize
        var card: Layout
        if width >= large.width * 2 + Self.gap {
            card = row(width: large.width * 2 + Self.gap, depth: depth, kitty: kitty)
        } else if width >= large.width {
            card = Layout(buffer: Buffer(size: large))
            draw(icon, in: card.buffer.bounds, depth: depth, kitty: kitty, into: &card)
        } else {
            card = Layout(buffer: Buffer(size: Size(width: max(1, width), height: 0)))
        }
        // The details below, each on its own row as wide as it is.
        let textWidth = max(card.buffer.size.width, lines.map { DisplayWidth.of($0.text) }.max() ?? 0)
        var whole = Layout(buffer: Buffer(size: Size(width: textWidth, height: card.buffer.size.height + lines.count)),
                           pictures: card.pictures)
        whole.buffer.draw(card.buffer, at: .zero)
        for (index, line) in lines.enumerated() {
            line.write(into: &whole.buffer, at: Point(x: 0, y: card.buffer.size.height + index))
        }
        return whole
    }

    /// The icon and the weapon side by side.
    private func row(width: Int, depth: ColorDepth, kitty: Bool) -> Layout {
        let picture = Self.pictureSize
        var card = Layout(buffer: Buffer(size: Size(width: width, height: picture.height)))
        draw(icon, in: Rect(origin: .zero, size: picture), depth: depth, kitty: kitty, into: &card)
        draw(weapon, in: Rect(origin: Point(x: picture.width + Self.gap, y: 0), size: picture), depth: depth, kitty: kitty, into: &card)
        return card
    }
}
