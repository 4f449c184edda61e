/// The difference between the frame on screen and the next one: the
/// cells whose look changed, in screen order.
///
/// Cells are compared by look (`CellLook`), not by value; a wide character
/// is unchanged only if its continuation cells are too.
/// Where a picture that lives in the cells went away (`PictureOutput.
/// mustRewrite`), a cell is changed whatever it held. A run of blank
/// cells becomes one erase (`ECH`, or `EL` to the end of the row) when
/// that is shorter than the spaces that changed. With no frame on screen
/// (a full repaint, after a clear) every cell that is not blank changed.
///
/// The diff knows nothing of cursors and pens: `FrameWriter` turns it
/// into bytes, so each can be tested alone.
struct FrameDiff {
    /// One thing to write: a cell (or a wide character's cells) in a look,
    /// or a run of blanks to erase.
    struct Change {
        var x: Int
        var y: Int
        /// The cells it covers from `x`.
        var cells: Int
        var step: Step
    }

    enum Step {
        /// Write this cell in one of its look's forms.
        case draw(CellLook)
        /// Erase a run of cells with this command, in the pen `eraser`
        /// makes of the pen then.
        case erase(String)
    }

    /// The pen an erase is done with: without a background, underline or
    /// reverse, which some terminals would spread over the erased cells.
    static func eraser(_ pen: Style) -> Style {
        var eraser = pen
        eraser.background = .default
        eraser.attributes.subtract([.underline, .reverse])
        return eraser
    }

    let previous: Buffer?
    let buffer: Buffer
    let depth: ColorDepth
    let mustRewrite: (Int, Int) -> Bool

    /// The changes that turn `previous` (nil: a cleared screen) into
    /// `buffer`, left to right, top to bottom.
    static func changes(from previous: Buffer?, to buffer: Buffer, depth: ColorDepth,
                        mustRewrite: @escaping (Int, Int) -> Bool = { _, _ in false }) -> [Change] {
        let diff = FrameDiff(previous: previous, buffer: buffer, depth: depth, mustRewrite: mustRewrite)
        var changes: [Change] = []
        for y in 0..<buffer.size.height { diff.rowChanges(y, into: &changes) }
        return changes
    }

    private func rowChanges(_ y: Int, into changes: inout [Change]) {
        var x = 0
        while x < buffer.size.width {
            let cell = buffer[x, y]
            if cell.isContinuation {
                x += 1
                continue
            }
            let look = CellLook(cell, depth: depth)
            let advance = max(1, Int(cell.width))
            if previous == nil ? look.isErased : isShown(look, cell, at: x, y) {
                x += advance
                continue
            }
            if previous != nil, look.isErased, !mustRewrite(x, y), let erase = erasure(from: x, y) {
                changes.append(Change(x: x, y: y, cells: erase.cells, step: .erase(erase.command)))
                x += erase.cells
                continue
            }
            changes.append(Change(x: x, y: y, cells: advance, step: .draw(look)))
            x += advance
        }
    }

    /// Whether the terminal already shows `look` at (x, y).
    private func isShown(_ look: CellLook, _ cell: Cell, at x: Int, _ y: Int) -> Bool {
        guard !mustRewrite(x, y), let previous, CellLook(previous[x, y], depth: depth) == look else { return false }
        guard cell.width > 1 else { return true }
        for offset in 1..<Int(cell.width) where previous[x + offset, y] != buffer[x + offset, y] {
            return false
        }
        return true
    }

    /// The erase that blanks the run of blank cells starting at (x, y),
    /// when it is shorter than writing the spaces that changed: `EL` when
    /// the run reaches the row's end, else `ECH` up to the last cell that
    /// changed (those after it are blank on screen already). An erase
    /// fills with the pen's background and, in some terminals, its reverse
    /// and underline, so the writer does it with `eraser`'s pen.
    private func erasure(from x: Int, _ y: Int) -> (cells: Int, command: String)? {
        var end = x
        var changed = 0, lastChanged = x
        while end < buffer.size.width {
            let cell = buffer[end, y]
            let look = CellLook(cell, depth: depth)
            // Cells a picture covered are written, never erased: not every
            // terminal erases sixel pixels or inline images with ECH or EL.
            guard !cell.isContinuation, look.isErased, !mustRewrite(end, y) else { break }
            if !isShown(look, cell, at: end, y) { (changed, lastChanged) = (changed + 1, end) }
            end += 1
        }
        let cells = end == buffer.size.width ? end - x : lastChanged + 1 - x
        let command = end == buffer.size.width ? "\u{1B}[K" : "\u{1B}[\(cells)X"
        guard command.utf8.count < changed else { return nil }
        return (cells, command)
    }
}
