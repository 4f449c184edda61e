/// How a frame's pictures reach the terminal: one implementation per
/// picture protocol, chosen once, which the renderer asks at fixed points
/// of every frame. Protocols differ in where their bytes go, not in when
/// they are asked: kitty images are placed before the cells (`KittyImageOutput`),
/// kitty placeholders behind tmux are uploaded before them
/// (`KittyPlaceholderOutput`); sixel pixels and iTerm2 inline images
/// (`CellPictureOutput`) live in the cells, so they are
/// painted after the text that would erase them, and the cells a picture
/// leaves must be written again (`mustRewrite`) to take it off. Half-block
/// and text pictures are cells like any others and need no output.
///
/// The renderer holds one output or none, and `roster show` prints with
/// the same outputs (`picture`), so adding a protocol costs one file that
/// conforms here; nothing in the renderer names a protocol.
public protocol PictureOutput {
    /// How a full repaint clears the screen. ED 0 from the top left by
    /// default: kitty frees its images on ED 2, and xterm and mlterm erase
    /// sixel pixels with the cells anyway.
    var clearScreen: String { get }

    /// Whether a frame should be drawn soon even if nothing changes: the
    /// terminal needs its pictures painted again.
    var wantsFollowUp: Bool { get }

    /// The bytes to send before the frame's cells, and the work that
    /// `mustRewrite` then answers from. `previous` is the buffer on screen,
    /// nil when the screen was just cleared for a full repaint.
    mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8]

    /// Whether the cell at (x, y) must be written this frame whatever it
    /// held before: a picture living in the cells went away from it.
    func mustRewrite(_ x: Int, _ y: Int) -> Bool

    /// The bytes to send after the frame's cells (the same `previous`).
    /// The cursor may be left anywhere.
    mutating func afterCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8]

    /// The cells `afterCells`' pictures blanked outside their own, for the
    /// renderer to write again after them.
    var blankedByPainting: [Rect] { get }

    /// Forgets what the terminal shows (a resize, a resume): the next
    /// frame, a full repaint, shows every picture again.
    mutating func forget()

    /// The bytes that take every picture off the screen and free what the
    /// terminal keeps, for quitting and suspending.
    mutating func removeAll() -> [UInt8]

    /// Reads one reply from the terminal; returns the id of an image the
    /// terminal will not show, which the caller then draws another way.
    mutating func readReply(_ reply: [UInt8]) -> UInt32?

    /// The terminal's cell size in pixels changed (nil: it does not say).
    mutating func cellPixelsChanged(to size: Size?)

    /// The bytes that show `placement`'s picture once at the cursor, for
    /// output printed and left behind (`roster show`).
    mutating func picture(_ placement: PicturePlacement) -> [UInt8]
}

extension PictureOutput {
    public var clearScreen: String { "\u{1B}[0m\u{1B}[H\u{1B}[J" }
    public var wantsFollowUp: Bool { false }
    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] { [] }
    public func mustRewrite(_ x: Int, _ y: Int) -> Bool { false }
    public mutating func afterCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] { [] }
    public var blankedByPainting: [Rect] { [] }
    public mutating func forget() {}
    public mutating func removeAll() -> [UInt8] {
        forget()
        return []
    }
    public mutating func readReply(_ reply: [UInt8]) -> UInt32? { nil }
    public mutating func cellPixelsChanged(to size: Size?) {}
    public mutating func picture(_ placement: PicturePlacement) -> [UInt8] { [] }
}
