/// Turns buffers into terminal bytes, writing only what changed.
///
/// The renderer remembers the buffer the terminal is showing. Given the
/// next one it emits only the cells whose look differs (`CellLook`: a
/// space's foreground does not show, `▀` red over blue is `▄` blue under
/// red, or `▀` reversed), in the order that keeps pen changes and cursor
/// motion few (`FramePlan`: the cells one pen draws are written together),
/// in the forms that together need the fewest pen changes along that
/// order (`RowPlan`). Getting to the next change takes the shortest cursor motion
/// (`CursorMotion`), or writing again the few unchanged cells in between;
/// a run of blanks is erased at once (`ECH`, `EL`); the pen changes by
/// the shortest SGR (`PenChange`), which stays set between frames. The
/// whole frame is wrapped in synchronized-output mode (DEC 2026), so the
/// terminal shows it at once, and comes back as one byte array for one
/// `write`. Moving a selection by a row therefore costs a few hundred
/// bytes, not a repaint. The tests apply the bytes to a model terminal
/// and check that it then shows what a full repaint shows.
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
/// A full repaint clears with `ESC [H ESC [J`, not `ESC [2J` (except for
/// iTerm2's inline images, see `render`): kitty frees every stored image
/// on ED 2, and the pictures would be gone for good after a resize. Errors the terminal reports about pictures (they
/// are not silenced) come back through `readGraphicsReply`: an image the
/// terminal lost is sent again once, one it refuses is given up on, and
/// the caller draws it another way.
///
/// With `sixel` set, the same pictures are painted as sixel pixels
/// instead, after the cells (text written later would erase them), and
/// the cells a picture leaves are written again to erase it
/// (`SixelFrames`).
public struct Renderer {
    public var colorDepth: ColorDepth
    /// The PNG bytes for a kitty image id; set when pictures are shown
    /// with the kitty graphics protocol.
    public var imageData: ((UInt32) -> [UInt8]?)?
    /// Set when pictures are painted as sixel rather than kitty images.
    public var sixel: SixelFrames?
    /// Set when pictures are iTerm2 inline images: the placements are
    /// then drawn into their cells after the text (`InlineImageFrames`).
    public var inlineImages: InlineImageFrames?
    /// Set when pictures are kitty placeholder cells behind tmux: the
    /// images are sent through passthrough before the frame that needs them.
    public var kittyPlaceholders: KittyPlaceholderImages?
    /// Set when the terminal keeps animation frames (kitty): each place's
    /// pictures are frames of one image, and changing the picture there
    /// switches the frame instead of deleting and placing (`KittyFrameReels`).
    public var kittyFrameReels: KittyFrameReels?
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
    /// Where this frame's sixel plan takes pictures away (see `render`).
    private var sixelRepaint: [Rect] = []

    public init(colorDepth: ColorDepth) {
        self.colorDepth = colorDepth
    }

    /// Whether a frame should be drawn soon even if nothing changes: the
    /// terminal needs its pictures painted again (`SixelFrames.wantsFollowUp`,
    /// `InlineImageFrames.wantsFollowUp`).
    public var wantsFollowUpFrame: Bool { (sixel?.wantsFollowUp ?? false) || (inlineImages?.wantsFollowUp ?? false) }

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
        shownPlacements.removeAll { $0.imageID == answer.imageID }
        var id = answer.imageID
        if KittyFrameReels.isReel(id) {
            // A reel already forgotten (an error about it came before) says nothing new.
            guard let picture = kittyFrameReels?.forget(reel: id) else { return nil }
            id = picture
        }
        transmittedImages.remove(id)
        if answer.message.hasPrefix("ENOENT"), resentImages.insert(id).inserted { return nil }
        return id
    }

    /// The bytes that take every kitty picture off the screen and free the
    /// images: for quitting and suspending. The next frame places them again.
    public mutating func removeGraphics() -> [UInt8] {
        sixel?.forget()
        let hadReels = kittyFrameReels?.isEmpty == false
        kittyFrameReels?.forgetAll()
        if let placeholders = kittyPlaceholders?.removeAll() { return placeholders }
        guard !transmittedImages.isEmpty || !shownPlacements.isEmpty || hadReels else { return [] }
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
            // Inline images are painted again after a repaint anyway, and
            // ED 2 is what takes them off in terminals that keep them apart
            // from the cells (Konsole); kitty's images must survive, so not
            // there. Sixel keeps ED 0: xterm and mlterm erase sixel pixels
            // with the cells, and mlterm drew pictures wrongly after ED 2.
            append(inlineImages == nil ? "\u{1B}[0m\u{1B}[H\u{1B}[J" : "\u{1B}[0m\u{1B}[H\u{1B}[2J", to: &output)
            cursorPosition = .zero
        }
        var drew = false
        let sixelPlan = sixel?.plan(previous: previous, buffer: buffer, fullRepaint: fullRepaint)
        sixelRepaint = sixelPlan?.repaint ?? []
        inlineImages?.releaseCells(for: buffer.placements, screen: buffer.size, fullRepaint: fullRepaint)
        let graphics: [UInt8]
        if kittyPlaceholders != nil {
            graphics = kittyPlaceholders?.prepare(buffer.placements) ?? []
        } else if inlineImages == nil, sixel == nil {
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
        var changes: [FramePlan.Change] = []
        for y in 0..<buffer.size.height { rowChanges(y, in: buffer, fullRepaint: fullRepaint, into: &changes) }
        if !changes.isEmpty {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                if cursorVisible { append("\u{1B}[?25l", to: &output) }
                drew = true
            }
            // The planned order is greedy, and where colours are cheap
            // (16 colours, 5 bytes) hopping about can cost more motion than
            // it saves in colour: there the frame is written both ways and
            // the shorter kept. With 256 or 24-bit colours the plan has
            // always been shorter, and writing twice would double the CPU.
            let planned = FramePlan.order(changes, cursor: cursorPosition, pen: pen, width: buffer.size.width)
            let start = (pen: pen, cursor: cursorPosition)
            var best = write(changes, in: planned, of: buffer)
            if colorDepth == .ansi16 || colorDepth == .none, planned != Array(changes.indices) {
                let plannedEnd = (bytes: best, pen: pen, cursor: cursorPosition)
                (pen, cursorPosition) = start
                best = write(changes, in: Array(changes.indices), of: buffer)
                if plannedEnd.bytes.count < best.count { (best, pen, cursorPosition) = plannedEnd }
            }
            output += best
        }
        var pictures: [UInt8] = []
        if let sixelPlan, !sixelPlan.paint.isEmpty || sixelPlan.deleteFirst, let painted = sixel?.paint(sixelPlan) {
            pictures += painted
        }
        if let images = inlineImages?.images(for: buffer, previous: fullRepaint ? nil : previous) { pictures += images }
        if !pictures.isEmpty {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                if cursorVisible { append("\u{1B}[?25l", to: &output) }
                drew = true
            }
            output += pictures
            // Where a sixel or an inline image leaves the cursor differs
            // between terminals.
            cursorPosition = nil
        }
        let wantsCursor = cursor.map { buffer.bounds.contains($0) } ?? false
        if drew || wantsCursor != cursorVisible || (wantsCursor && cursor != cursorPosition) {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                drew = true
            }
            if wantsCursor, let cursor {
                append(CursorMotion.bytes(from: cursorPosition, to: cursor), to: &output)
                cursorPosition = cursor
                append("\u{1B}[?25h", to: &output)
            }
            cursorVisible = wantsCursor
            append("\u{1B}[?2026l", to: &output)
        }
        previous = buffer
        return output
    }

    /// The bytes that write `changes` in `order`, from the pen and cursor
    /// the terminal has now, which they leave changed.
    private mutating func write(_ changes: [FramePlan.Change], in order: [Int], of buffer: Buffer) -> [UInt8] {
        var output: [UInt8] = []
        let forms = RowPlan.forms(for: order.map { changes[$0].step }, from: pen)
        for (index, form) in zip(order, forms) {
            let change = changes[index]
            move(to: Point(x: change.x, y: change.y), in: buffer, output: &output)
            if let erase = change.erase {
                setPen(RowPlan.eraser(pen), in: &output)
                append(erase, to: &output)
                continue
            }
            guard let form else { continue }
            setPen(form.style, in: &output)
            append(form.text, to: &output)
            cursorPosition = change.x + change.cells >= buffer.size.width ? nil : Point(x: change.x + change.cells, y: change.y)
        }
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
        if kittyFrameReels != nil, let reels = kittyFrameReels?.map(placements, png: { imageData?($0) }) {
            output += reels.bytes
            output += KittyGraphics.update(from: shownPlacements, to: reels.placements)
            shownPlacements = reels.placements
            return output
        }
        for placement in placements where placement.isVisible && !transmittedImages.contains(placement.imageID) {
            guard let data = imageData?(placement.imageID) else { continue }
            output += KittyGraphics.transmitPNG(data, imageID: placement.imageID)
            transmittedImages.insert(placement.imageID)
        }
        output += KittyGraphics.update(from: shownPlacements, to: placements)
        shownPlacements = placements
        return output
    }

    /// Whether the terminal already shows `look` at (x, y): the last
    /// frame had a cell that looks the same there. A wide character is
    /// unchanged only if its continuation cells are too.
    private func isShown(_ look: CellLook, _ cell: Cell, at x: Int, _ y: Int, in buffer: Buffer) -> Bool {
        guard !mustRewrite(x, y), let previous, CellLook(previous[x, y], depth: colorDepth) == look else { return false }
        guard cell.width > 1 else { return true }
        for offset in 1..<Int(cell.width) where previous[x + offset, y] != buffer[x + offset, y] {
            return false
        }
        return true
    }

    /// Whether the cell at (x, y) lies where a sixel picture or an inline
    /// image was taken away this frame, so it must be written whatever it
    /// held before.
    private func mustRewrite(_ x: Int, _ y: Int) -> Bool {
        if inlineImages?.mustRewrite(x, y) == true { return true }
        return !sixelRepaint.isEmpty && sixelRepaint.contains { $0.contains(Point(x: x, y: y)) }
    }

    /// What changes on row `y`, left to right, added to `changes`: the
    /// cells whose look the terminal does not show yet (every non-blank
    /// one on a repaint), and runs of blanks erased at once.
    private func rowChanges(_ y: Int, in buffer: Buffer, fullRepaint: Bool, into changes: inout [FramePlan.Change]) {
        var x = 0
        while x < buffer.size.width {
            let cell = buffer[x, y]
            if cell.isContinuation {
                x += 1
                continue
            }
            let look = CellLook(cell, depth: colorDepth)
            let advance = max(1, Int(cell.width))
            if fullRepaint ? look.isErased : isShown(look, cell, at: x, y, in: buffer) {
                x += advance
                continue
            }
            if !fullRepaint, look.isErased, !mustRewrite(x, y), let erase = erasure(from: x, y, in: buffer) {
                changes.append(FramePlan.Change(x: x, y: y, cells: erase.cells, step: .erase, erase: erase.command))
                x += erase.cells
                continue
            }
            changes.append(FramePlan.Change(x: x, y: y, cells: advance, step: .draw(look)))
            x += advance
        }
    }

    /// The erase (`ECH`, or `EL` when the run reaches the end of the row)
    /// that blanks the run of blank cells starting at (x, y), when it is
    /// shorter than writing the spaces that changed; nil when writing them
    /// is cheaper. An erase fills with the pen's background and, in some
    /// terminals, its reverse and underline, so it is done with the pen
    /// `RowPlan.eraser` makes.
    private func erasure(from x: Int, _ y: Int, in buffer: Buffer) -> (cells: Int, command: String)? {
        var end = x
        var changed = 0
        while end < buffer.size.width {
            let cell = buffer[end, y]
            let look = CellLook(cell, depth: colorDepth)
            // Cells a picture covered are written, never erased: not every
            // terminal erases sixel pixels or inline images with ECH or EL.
            guard !cell.isContinuation, look.isErased, !mustRewrite(end, y) else { break }
            if !isShown(look, cell, at: end, y, in: buffer) { changed += 1 }
            end += 1
        }
        let command = end == buffer.size.width ? "\u{1B}[K" : "\u{1B}[\(end - x)X"
        guard command.utf8.count < changed else { return nil }
        return (end - x, command)
    }

    /// Moves the cursor to `point` the cheapest way: a cursor motion, or,
    /// along the row, writing again the few unchanged cells in between
    /// when they need no change of pen and take fewer bytes.
    private mutating func move(to point: Point, in buffer: Buffer, output: inout [UInt8]) {
        let motion = CursorMotion.bytes(from: cursorPosition, to: point)
        defer { cursorPosition = point }
        guard let current = cursorPosition, current.y == point.y, current.x < point.x,
              point.x - current.x <= motion.utf8.count else {
            append(motion, to: &output)
            return
        }
        var rewrite = ""
        var x = current.x
        while x < point.x {
            let cell = buffer[x, point.y]
            let form = CellLook(cell, depth: colorDepth).cheapestForm(pen: pen)
            guard !cell.isContinuation, form.style == pen, x + max(1, Int(cell.width)) <= point.x else {
                append(motion, to: &output)
                return
            }
            rewrite += form.text
            x += max(1, Int(cell.width))
        }
        append(rewrite.utf8.count < motion.utf8.count ? rewrite : motion, to: &output)
    }

    private mutating func setPen(_ style: Style, in output: inout [UInt8]) {
        let wanted = Style(foreground: ColorConversion.convert(style.foreground, to: colorDepth),
                           background: ColorConversion.convert(style.background, to: colorDepth),
                           attributes: style.attributes)
        append(PenChange.sequence(from: pen, to: wanted), to: &output)
        pen = wanted
    }

    static func sgr(_ color: Color, foreground: Bool) -> String? {
        PenChange.sgr(color, foreground: foreground)
    }

    private func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
