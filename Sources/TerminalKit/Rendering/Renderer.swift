/// Turns buffers into terminal bytes, writing only what changed.
///
/// The renderer remembers the buffer the terminal is showing. Given the
/// next one it emits, row by row, only the cells that differ: a cursor
/// move where the next change is not where the cursor already is, an SGR
/// change only when the style differs from the pen's, then the text. The
/// whole frame is wrapped in synchronized-output mode (DEC 2026), so the
/// terminal shows it at once, and comes back as one byte array for one
/// `write`. Moving a selection by a row therefore costs a few hundred
/// bytes, not a repaint.
///
/// The terminal runs with autowrap off, so writing the last column never
/// scrolls; after it the cursor position is treated as unknown.
///
/// Kitty pictures (`Buffer.placements`) go in the same frame, before the
/// cells: each image is transmitted the first time it is shown, and only
/// placements that appeared, moved, were cropped or went away cost bytes
/// (see `KittyGraphics`). Every placement is clipped to the screen first:
/// a terminal moves a cursor sent below the screen onto the last row, so
/// a picture of a panel still sliding in would flash there.
///
/// A full repaint clears with `ESC [H ESC [J`, never `ESC [2J`: kitty
/// frees every stored image on ED 2, and the pictures would be gone for
/// good after a resize. Errors the terminal reports about pictures (they
/// are not silenced) come back through `readGraphicsReply`: an image the
/// terminal lost is sent again once, one it refuses is given up on, and
/// the caller draws it another way.
public struct Renderer {
    public var colorDepth: ColorDepth
    /// The PNG bytes for a kitty image id; set when pictures are shown
    /// with the kitty graphics protocol.
    public var imageData: ((UInt32) -> [UInt8]?)?
    /// Set when pictures are iTerm2 inline images: the placements are
    /// then drawn into their cells after the text (`InlineImageFrames`).
    public var inlineImages: InlineImageFrames?
    /// Set when pictures are kitty placeholder cells behind tmux: the
    /// images are sent through passthrough before the frame that needs them.
    public var kittyPlaceholders: KittyPlaceholderImages?
    private var shownPlacements: [KittyPlacement] = []
    private var transmittedImages: Set<UInt32> = []
    /// Images sent again after the terminal said it had lost them, since
    /// the last full repaint: losing one twice means giving up on it.
    private var resentImages: Set<UInt32> = []
    private var previous: Buffer?
    /// Where the terminal's cursor is, when known.
    private var cursorPosition: Point?
    /// The style the terminal will draw the next text in.
    private var pen: Style = .plain
    private var cursorVisible = false

    public init(colorDepth: ColorDepth) {
        self.colorDepth = colorDepth
    }

    /// Forgets what the terminal shows: the next frame repaints everything
    /// (after a resize, a resume, or anything that may have drawn over us).
    public mutating func invalidate() {
        previous = nil
        cursorPosition = nil
        resentImages = []
        inlineImages?.forget()
    }

    /// Reads one reply from the terminal. A kitty graphics error about an
    /// image it no longer has (`ENOENT`) makes the next frame send the
    /// image again and place it; any other error, or losing it again,
    /// returns the image id: the terminal will not show it, and the caller
    /// should draw that picture another way (half blocks). Nil otherwise.
    public mutating func readGraphicsReply(_ reply: [UInt8]) -> UInt32? {
        guard let answer = KittyGraphics.answer(in: reply), answer.message != "OK", answer.imageID != 0 else { return nil }
        let id = answer.imageID
        transmittedImages.remove(id)
        shownPlacements.removeAll { $0.imageID == id }
        if answer.message.hasPrefix("ENOENT"), resentImages.insert(id).inserted { return nil }
        return id
    }

    /// The bytes that take every kitty picture off the screen and free the
    /// images: for quitting and suspending. The next frame places them again.
    public mutating func removeGraphics() -> [UInt8] {
        if let placeholders = kittyPlaceholders?.removeAll() { return placeholders }
        guard !transmittedImages.isEmpty || !shownPlacements.isEmpty else { return [] }
        shownPlacements = []
        transmittedImages = []
        return KittyGraphics.deleteEverything()
    }

    /// The bytes that turn the screen into `buffer`, with the text cursor
    /// shown at `cursor` (hidden when nil). Empty when nothing changed.
    public mutating func render(_ buffer: Buffer, cursor: Point?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(previous == nil ? buffer.size.width * buffer.size.height * 2 : 256)
        let fullRepaint = previous?.size != buffer.size
        if fullRepaint {
            pen = .plain
            // Inline images are redrawn after a repaint anyway, and ED 2 is
            // what takes them off in terminals that keep them apart from
            // the cells (Konsole); kitty's images must survive, so not there.
            append(inlineImages == nil ? "\u{1B}[0m\u{1B}[H\u{1B}[J" : "\u{1B}[0m\u{1B}[H\u{1B}[2J", to: &output)
            cursorPosition = .zero
        }
        var drew = false
        inlineImages?.releaseCells(for: buffer.placements, screen: buffer.size, fullRepaint: fullRepaint)
        let graphics: [UInt8]
        if kittyPlaceholders != nil {
            graphics = kittyPlaceholders?.prepare(buffer.placements) ?? []
        } else if inlineImages == nil {
            graphics = graphicsBytes(for: buffer, fullRepaint: fullRepaint)
        } else {
            graphics = []
        }
        if !graphics.isEmpty {
            append("\u{1B}[?2026h", to: &output)
            if cursorVisible { append("\u{1B}[?25l", to: &output) }
            output += graphics
            drew = true
            // Placing a picture moves the cursor.
            cursorPosition = nil
        }
        for y in 0..<buffer.size.height {
            var x = 0
            while x < buffer.size.width {
                let cell = buffer[x, y]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                if !fullRepaint, let previous, previous[x, y] == cell, sameContinuation(previous, buffer, x, y, cell),
                   inlineImages?.mustRewrite(x, y) != true {
                    x += max(1, Int(cell.width))
                    continue
                }
                if !fullRepaint || cell != .blank {
                    if !drew {
                        append("\u{1B}[?2026h", to: &output)
                        if cursorVisible { append("\u{1B}[?25l", to: &output) }
                        drew = true
                    }
                    move(to: Point(x: x, y: y), in: &output)
                    setPen(cell.style, in: &output)
                    append(cell.text.isEmpty ? " " : cell.text, to: &output)
                    let advance = max(1, Int(cell.width))
                    cursorPosition = x + advance >= buffer.size.width ? nil : Point(x: x + advance, y: y)
                }
                x += max(1, Int(cell.width))
            }
        }
        if let images = inlineImages?.images(for: buffer, previous: fullRepaint ? nil : previous), !images.isEmpty {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                if cursorVisible { append("\u{1B}[?25l", to: &output) }
                drew = true
            }
            output += images
            // Where an inline image leaves the cursor is the terminal's choice.
            cursorPosition = nil
        }
        let wantsCursor = cursor.map { buffer.bounds.contains($0) } ?? false
        if drew || wantsCursor != cursorVisible || (wantsCursor && cursor != cursorPosition) {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                drew = true
            }
            if pen != .plain {
                append("\u{1B}[0m", to: &output)
                pen = .plain
            }
            if wantsCursor, let cursor {
                move(to: cursor, in: &output)
                append("\u{1B}[?25h", to: &output)
            }
            cursorVisible = wantsCursor
            append("\u{1B}[?2026l", to: &output)
        }
        previous = buffer
        return output
    }

    private mutating func graphicsBytes(for buffer: Buffer, fullRepaint: Bool) -> [UInt8] {
        var output: [UInt8] = []
        if fullRepaint && !shownPlacements.isEmpty {
            output += KittyGraphics.deleteAllPlacements()
            shownPlacements = []
        }
        guard !buffer.placements.isEmpty || !shownPlacements.isEmpty else { return output }
        let placements = buffer.placements.map { $0.clipped(to: buffer.bounds) }
        for placement in placements where placement.isVisible && !transmittedImages.contains(placement.imageID) {
            guard let data = imageData?(placement.imageID) else { continue }
            output += KittyGraphics.transmitPNG(data, imageID: placement.imageID)
            transmittedImages.insert(placement.imageID)
        }
        output += KittyGraphics.update(from: shownPlacements, to: placements)
        shownPlacements = placements
        return output
    }

    /// A wide character is unchanged only if its continuation cells are too.
    private func sameContinuation(_ old: Buffer, _ new: Buffer, _ x: Int, _ y: Int, _ cell: Cell) -> Bool {
        guard cell.width > 1 else { return true }
        for offset in 1..<Int(cell.width) where old[x + offset, y] != new[x + offset, y] {
            return false
        }
        return true
    }

    private mutating func move(to point: Point, in output: inout [UInt8]) {
        if cursorPosition == point { return }
        if let current = cursorPosition, current.y == point.y, point.x > current.x, point.x - current.x <= 4 {
            // A short hop right is cheaper as a relative move.
            append("\u{1B}[\(point.x - current.x)C", to: &output)
        } else if point.x == 0 {
            append("\u{1B}[\(point.y + 1)H", to: &output)
        } else {
            append("\u{1B}[\(point.y + 1);\(point.x + 1)H", to: &output)
        }
        cursorPosition = point
    }

    private mutating func setPen(_ style: Style, in output: inout [UInt8]) {
        let wanted = Style(foreground: ColorConversion.convert(style.foreground, to: colorDepth),
                           background: ColorConversion.convert(style.background, to: colorDepth),
                           attributes: style.attributes)
        guard wanted != pen else { return }
        var parameters: [String] = []
        // Attributes cannot be switched off one by one portably: start over.
        let needsReset = !pen.attributes.isSubset(of: wanted.attributes)
            || (pen.foreground != .default && wanted.foreground == .default)
            || (pen.background != .default && wanted.background == .default)
        var from = pen
        if needsReset {
            parameters.append("0")
            from = .plain
        }
        let added = wanted.attributes.subtracting(from.attributes)
        if added.contains(.bold) { parameters.append("1") }
        if added.contains(.dim) { parameters.append("2") }
        if added.contains(.italic) { parameters.append("3") }
        if added.contains(.underline) { parameters.append("4") }
        if added.contains(.reverse) { parameters.append("7") }
        if wanted.foreground != from.foreground, let code = Self.sgr(wanted.foreground, foreground: true) {
            parameters.append(code)
        }
        if wanted.background != from.background, let code = Self.sgr(wanted.background, foreground: false) {
            parameters.append(code)
        }
        if !parameters.isEmpty {
            append("\u{1B}[" + parameters.joined(separator: ";") + "m", to: &output)
        }
        pen = wanted
    }

    static func sgr(_ color: Color, foreground: Bool) -> String? {
        switch color {
        case .default:
            return nil
        case .ansi(let index):
            let base = foreground ? (index < 8 ? 30 : 82) : (index < 8 ? 40 : 92)
            return String(base + Int(index))
        case .indexed(let index):
            return (foreground ? "38;5;" : "48;5;") + String(index)
        case .rgb(let r, let g, let b):
            return (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        }
    }

    private func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
