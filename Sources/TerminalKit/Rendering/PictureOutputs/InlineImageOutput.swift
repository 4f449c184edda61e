/// Keeping iTerm2 inline images in step with the frame.
///
/// An inline image is drawn into the cells it covers and lives there as
/// their content (`ITermInlineImages`): a cell written over loses its part
/// of the picture, and a picture that moves away leaves its old cells
/// showing it until they are written again. The renderer's cell diff
/// knows nothing of that, so each frame, given the pictures wanted (the
/// buffer's placements, already clipped to what panels and overlays leave
/// free):
///
/// - `releasedCells` lists the cells of last frame's pictures that no
///   longer show the same picture the same way (gone, moved, cropped
///   differently): the renderer writes them again from the buffer, which
///   erases the stale picture there;
/// - after the cells, `images` draws again every picture that is new,
///   changed, or had any of its cells written this frame, cropped to its
///   visible cells. A picture nothing touched costs nothing.
///
/// Konsole keeps inline images over the cells instead, where text does not
/// erase them (`PictureQuirks`): there, with `deletesPictures`, a frame
/// that releases any cell deletes every picture (the kitty delete
/// command, which Konsole applies to these too) and draws again all the
/// pictures wanted.
///
/// Pictures never reach the bottom row: a terminal moves the cursor below
/// an inline image, and below the last row that scrolls the screen.
public struct InlineImageOutput: PictureOutput {
    /// A cell's size in pixels (TIOCGWINSZ), to send pictures at the size
    /// they are shown; a guess when the terminal does not say.
    public var cellPixels: Size
    /// Delete every picture and draw them all again when one goes away
    /// (Konsole).
    public var deletesPictures = false
    /// Draw the pictures again in a frame of their own after a frame that
    /// drew everything (mlterm's black first redraw after a resize,
    /// `PictureQuirks`).
    public var paintsAgainAfterRepaint = false
    /// The last frame drew everything and the pictures are to be drawn
    /// again: the caller should draw a frame soon.
    public private(set) var wantsFollowUp = false
    private let art: (UInt32) -> Image?
    private var shown: [PlacementKey: KittyPlacement] = [:]
    private var files: [FileKey: [UInt8]] = [:]
    private var released = Set<Int>()
    private var releasedWidth = 0

    /// The common cell of a 10-point monospace font, when the terminal
    /// does not report its pixels.
    public static let assumedCellPixels = Size(width: 10, height: 20)
    /// Picture files kept before the cache starts over (a slide makes a
    /// few dozen crops).
    static let fileLimit = 128

    private struct FileKey: Hashable {
        let imageID: UInt32
        let frame: Size
        let cells: Rect
        let cellPixels: Size
    }

    /// `art` gives the picture for an image id (`PictureLibrary.image(forImageID:)`).
    public init(cellPixels: Size? = nil, art: @escaping (UInt32) -> Image?) {
        self.cellPixels = cellPixels ?? Self.assumedCellPixels
        self.art = art
    }

    /// The placements that will show this frame: visible, on the screen
    /// above its bottom row, one per key.
    static func showing(_ placements: [KittyPlacement], screen: Size) -> [KittyPlacement] {
        let area = Rect(x: 0, y: 0, width: screen.width, height: max(0, screen.height - 1))
        var seen = Set<PlacementKey>()
        var result: [KittyPlacement] = []
        for placement in placements.reversed() {
            let clipped = placement.clipped(to: area)
            guard clipped.isVisible, seen.insert(clipped.key).inserted else { continue }
            result.append(clipped)
        }
        return result.reversed()
    }

    /// ED 2: inline images are painted again after a repaint anyway, and
    /// it is what takes them off in terminals that keep them apart from
    /// the cells (Konsole).
    public var clearScreen: String { "\u{1B}[0m\u{1B}[H\u{1B}[2J" }

    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        releaseCells(for: buffer.placements, screen: buffer.size, fullRepaint: previous == nil)
        return []
    }

    public mutating func afterCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        images(for: buffer, previous: previous)
    }

    /// Nothing to free: the pictures are the cells' content.
    public mutating func removeAll() -> [UInt8] { [] }

    public mutating func cellPixelsChanged(to size: Size?) {
        cellPixels = size ?? Self.assumedCellPixels
    }

    /// Works out which cells lose a picture this frame (see
    /// `mustRewrite`); call before writing the frame's cells. After a
    /// full repaint the screen was cleared and nothing is shown.
    public mutating func releaseCells(for placements: [KittyPlacement], screen: Size, fullRepaint: Bool) {
        released = []
        releasedWidth = screen.width
        if fullRepaint {
            shown = [:]
            return
        }
        let now = Dictionary(Self.showing(placements, screen: screen).map { ($0.key, $0) },
                             uniquingKeysWith: { $1 })
        for (key, old) in shown where now[key].map({ $0.frame != old.frame || $0.visible != old.visible }) ?? true {
            for y in old.visible.y..<old.visible.maxY {
                for x in old.visible.x..<old.visible.maxX { released.insert(y * screen.width + x) }
            }
        }
    }

    /// Whether the cell at `x`, `y` showed part of a picture that is gone
    /// or changed, and must be written again even if the buffer did not
    /// change there.
    public func mustRewrite(_ x: Int, _ y: Int) -> Bool {
        !released.isEmpty && released.contains(y * releasedWidth + x)
    }

    /// The bytes that draw, after the frame's cells, each picture that is
    /// new, changed, or had a cell written this frame (`previous` is the
    /// buffer the terminal showed before this frame; nil after a clear).
    /// The cursor is left after the last picture: move it afterwards.
    public mutating func images(for buffer: Buffer, previous: Buffer?) -> [UInt8] {
        let followUp = wantsFollowUp
        wantsFollowUp = false
        let redrawAll = (deletesPictures && !released.isEmpty) || followUp
        var output: [UInt8] = redrawAll && deletesPictures ? KittyGraphics.deleteAllPlacements() : []
        var next: [PlacementKey: KittyPlacement] = [:]
        for placement in Self.showing(buffer.placements, screen: buffer.size) {
            let key = placement.key
            next[key] = placement
            if !redrawAll, let old = shown[key], old.frame == placement.frame, old.visible == placement.visible,
               let previous, !written(placement.visible, previous: previous, now: buffer) { continue }
            guard let file = file(for: placement) else { continue }
            output += Array("\u{1B}[\(placement.visible.y + 1);\(placement.visible.x + 1)H".utf8)
            output += ITermInlineImages.show(png: file, columns: placement.visible.width, rows: placement.visible.height)
        }
        shown = next
        released = []
        wantsFollowUp = paintsAgainAfterRepaint && previous == nil && !output.isEmpty
        return output
    }

    /// Forgets what the terminal shows (it was cleared, or handed to
    /// another program): every picture is drawn again next frame.
    public mutating func forget() {
        shown = [:]
        released = []
    }

    /// Whether this frame writes any cell of `area`: the cells differ, or
    /// a picture released them.
    private func written(_ area: Rect, previous: Buffer, now: Buffer) -> Bool {
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where previous[x, y] != now[x, y] || mustRewrite(x, y) { return true }
        }
        return false
    }

    /// The PNG of the placement's visible cells, made once per crop and size.
    private mutating func file(for placement: KittyPlacement) -> [UInt8]? {
        let cells = Rect(x: placement.visible.x - placement.frame.x, y: placement.visible.y - placement.frame.y,
                         width: placement.visible.width, height: placement.visible.height)
        let key = FileKey(imageID: placement.imageID, frame: placement.frame.size, cells: cells, cellPixels: cellPixels)
        if let kept = files[key] { return kept }
        guard let image = art(placement.imageID),
              let png = try? image.forCells(cells, of: placement.frame.size, cellPixels: cellPixels).encodePNG() else { return nil }
        if files.count >= Self.fileLimit { files.removeAll(keepingCapacity: true) }
        files[key] = png
        return png
    }
}
