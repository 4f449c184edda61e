/// Turns buffers into terminal bytes, writing only what changed.
///
/// The renderer remembers the buffer the terminal is showing. Given the
/// next one, `FrameDiff` says which cells changed, in screen order, and
/// `FrameWriter` writes them. The whole frame is wrapped in synchronized
/// output (DEC 2026), so the terminal shows it at once, and comes back as
/// one byte array for one `write`. Pictures (`Buffer.placements`) go in
/// the same frame through the one `PictureOutput` the terminal's protocol
/// uses: its bytes before the cells, the cells it says must be written
/// again, its bytes after them, then any cells those blanked. The renderer names no protocol. A full
/// repaint clears with `ESC [H ESC [J` unless the output says otherwise:
/// kitty frees every stored image on `ESC [2J`.
public struct Renderer {
    public var colorDepth: ColorDepth
    /// How pictures reach the terminal; nil where they are cells (half
    /// blocks, text) or not shown.
    public var pictures: (any PictureOutput)?
    private var previous: Buffer?
    /// The terminal's cursor and pen, kept between frames.
    private var writer = FrameWriter()
    private var cursorVisible = false

    public init(colorDepth: ColorDepth) {
        self.colorDepth = colorDepth
    }

    /// Whether a frame should be drawn soon even if nothing changes: the
    /// terminal needs its pictures painted again.
    public var wantsFollowUpFrame: Bool { pictures?.wantsFollowUp ?? false }
    /// The terminal repeats a character with `REP` (`TerminalProbe.repeatsCharacters`).
    public var repeatsCharacters = false

    /// Forgets what the terminal shows: the next frame repaints everything
    /// (after a resize, a resume, or anything that may have drawn over us).
    public mutating func invalidate() {
        previous = nil
        writer.cursor = nil
        pictures?.forget()
    }

    /// Reads one reply from the terminal: the id of an image the terminal
    /// will not show, which the caller should draw another way (half
    /// blocks); nil otherwise (`PictureOutput.readReply`).
    public mutating func readGraphicsReply(_ reply: [UInt8]) -> UInt32? {
        pictures?.readReply(reply)
    }

    /// The bytes that take every picture off the screen and free what the
    /// terminal keeps: for quitting and suspending. The next frame places them again.
    public mutating func removeGraphics() -> [UInt8] {
        pictures?.removeAll() ?? []
    }

    /// The bytes that turn the screen into `buffer`, with the text cursor
    /// shown at `cursor` (hidden when nil). Empty when nothing changed.
    public mutating func render(_ buffer: Buffer, cursor: Point?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(previous == nil ? buffer.size.width * buffer.size.height * 2 : 256)
        let fullRepaint = previous?.size != buffer.size
        if fullRepaint {
            writer.pen = .plain
            append(pictures?.clearScreen ?? "\u{1B}[0m\u{1B}[H\u{1B}[J", to: &output)
            writer.cursor = .zero
        }
        var drew = false
        /// Opens the frame's synchronized output, once.
        func begin() {
            guard !drew else { return }
            append("\u{1B}[?2026h", to: &output)
            if cursorVisible { append("\u{1B}[?25l", to: &output) }
            drew = true
        }
        let shown = fullRepaint ? nil : previous
        let graphics = pictures?.beforeCells(buffer, previous: shown) ?? []
        if !graphics.isEmpty {
            begin()
            output += graphics
            // Placing a picture moves the cursor.
            writer.cursor = nil
        }
        let changes = FrameDiff.changes(from: shown, to: buffer, depth: colorDepth) { [pictures] x, y in
            pictures?.mustRewrite(x, y) ?? false
        }
        if !changes.isEmpty {
            begin()
            writer.repeats = repeatsCharacters
            output += writer.write(changes, of: buffer, depth: colorDepth)
        }
        let pictureBytes = pictures?.afterCells(buffer, previous: shown) ?? []
        if !pictureBytes.isEmpty {
            begin()
            output += pictureBytes
            // Where a sixel or an inline image leaves the cursor differs
            // between terminals.
            writer.cursor = nil
            if let blanked = pictures?.blankedByPainting, !blanked.isEmpty {
                let again = FrameDiff.changes(from: buffer, to: buffer, depth: colorDepth) { x, y in blanked.contains { $0.contains(Point(x: x, y: y)) } }
                output += writer.write(again, of: buffer, depth: colorDepth)
            }
        }
        let wantsCursor = cursor.map { buffer.bounds.contains($0) } ?? false
        if drew || wantsCursor != cursorVisible || (wantsCursor && cursor != writer.cursor) {
            if !drew {
                append("\u{1B}[?2026h", to: &output)
                drew = true
            }
            if wantsCursor, let cursor {
                append(CursorMotion.bytes(from: writer.cursor, to: cursor), to: &output)
                writer.cursor = cursor
                append("\u{1B}[?25h", to: &output)
            }
            cursorVisible = wantsCursor
            append("\u{1B}[?2026l", to: &output)
        }
        previous = buffer
        return output
    }

    private func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
