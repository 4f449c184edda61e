/// Writes a frame's changes (`FrameDiff`) as terminal bytes, keeping
/// track of the terminal's cursor and pen between frames.
///
/// The changes go in screen order. Each cell is written in the form of
/// its look that needs the least change of pen from the one before and
/// for the next change of another look (`CellLook.cheapestForm`), so a
/// half-block picture keeps a colour in the pen while a later cell can
/// use it. Getting to
/// the next change takes the shortest cursor motion (`CursorMotion`), or
/// writing again the few unchanged cells in between when shorter; a run of
/// one character is written once and repeated (`REP`) where known to; the pen
/// changes by the shortest SGR (`PenChange`). The terminal runs with
/// autowrap off, so writing the last column never scrolls; after it the
/// cursor position is treated as unknown.
struct FrameWriter {
    /// Where the terminal's cursor is, when known.
    var cursor: Point?
    /// The style the terminal will draw the next text in.
    var pen: Style = .plain
    /// The terminal repeats the character before with `REP` (`ESC [ n b`).
    var repeats = false

    /// The bytes that write `changes` of `buffer` in colours of `depth`.
    mutating func write(_ changes: [FrameDiff.Change], of buffer: Buffer, depth: ColorDepth) -> [UInt8] {
        var output = "", run = (text: "", count: 0)  // the character written last, and how many more are due
        var following = (index: 0, look: CellLook?.none)  // the next change of another look, and where it is
        func flush() {
            let repeated = run.count > 0 ? "\u{1B}[\(run.count)b" : ""
            output += repeated.utf8.count < run.count * run.text.utf8.count ? repeated : String(repeating: run.text, count: run.count)
            run.count = 0
        }
        for (index, change) in changes.enumerated() {
            let motion = move(to: Point(x: change.x, y: change.y), in: buffer, depth: depth)
            switch change.step {
            case .erase(let command):
                flush()
                output += motion + setPen(FrameDiff.eraser(pen), depth: depth) + command
            case .draw(let look):
                // Cells alike share it, so a long run is looked through once.
                if following.index <= index { following = nextOtherLook(after: index, in: changes) }
                let form = look.cheapestForm(pen: pen, next: following.look)
                if repeats, motion.isEmpty, change.cells == 1, form.text == run.text, form.text.unicodeScalars.count == 1, form.style == pen {
                    run.count += 1
                } else {
                    flush()
                    output += motion + setPen(form.style, depth: depth) + form.text
                    run.text = form.text
                }
                cursor = change.x + change.cells >= buffer.size.width ? nil : Point(x: change.x + change.cells, y: change.y)
            }
        }
        flush()
        return Array(output.utf8)
    }

    /// The first change after `index` that looks otherwise, and its look:
    /// nil at an erase or past the end. Cells that look alike are written
    /// in one pen, so a form is weighed against the change that needs
    /// another: a picture drawn at twice its size alternates its colours
    /// every two cells, and keeps both in the pen only when the choice
    /// looks past the second.
    private func nextOtherLook(after index: Int, in changes: [FrameDiff.Change]) -> (index: Int, look: CellLook?) {
        guard case .draw(let look) = changes[index].step else { return (index + 1, nil) }
        for other in (index + 1)..<changes.count {
            guard case .draw(let following) = changes[other].step else { return (other, nil) }
            if following != look { return (other, following) }
        }
        return (changes.count, nil)
    }

    /// Moves the cursor to `point` the cheapest way: a cursor motion, or,
    /// along the row, writing again the few unchanged cells in between
    /// when they need no change of pen and take fewer bytes.
    mutating func move(to point: Point, in buffer: Buffer, depth: ColorDepth) -> String {
        let motion = CursorMotion.bytes(from: cursor, to: point)
        defer { cursor = point }
        guard let current = cursor, current.y == point.y, current.x < point.x,
              point.x - current.x <= motion.utf8.count else { return motion }
        var rewrite = ""
        var x = current.x
        while x < point.x {
            let cell = buffer[x, point.y]
            let form = CellLook(cell, depth: depth).cheapestForm(pen: pen)
            guard !cell.isContinuation, form.style == pen, x + max(1, Int(cell.width)) <= point.x else { return motion }
            rewrite += form.text
            x += max(1, Int(cell.width))
        }
        return rewrite.utf8.count < motion.utf8.count ? rewrite : motion
    }

    private mutating func setPen(_ style: Style, depth: ColorDepth) -> String {
        let wanted = Style(foreground: ColorConversion.convert(style.foreground, to: depth),
                           background: ColorConversion.convert(style.background, to: depth),
                           attributes: style.attributes)
        defer { pen = wanted }
        return PenChange.sequence(from: pen, to: wanted)
    }
}
