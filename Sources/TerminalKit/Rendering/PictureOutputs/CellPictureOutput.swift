/// Pictures that live in the cells: sixel pixels and iTerm2 inline images.
///
/// The terminal paints them into the cells under the cursor: text written
/// over a cell erases its part, and a picture that moves away stays in its
/// old cells until they are written again. So each frame, given the
/// pictures wanted (the buffer's placements, clipped to what panels and
/// overlays leave free), the cells of last frame's pictures that no longer
/// show the same picture the same way are rewritten (`mustRewrite`), and
/// after the cells every picture that is new, changed or had a cell
/// written is painted, cut to its visible cells. A picture nothing touched
/// costs nothing. None reaches the bottom row, where the line feed that
/// ends a sixel, or the cursor left below an inline image, would scroll.
/// Konsole and mlterm need more (`PictureQuirks`).
public struct CellPictureOutput: PictureOutput {
    /// How a picture becomes bytes: sixel pixels in at most this many
    /// colour registers (`Sixel`), or a PNG file (`ITermInlineImages`).
    public enum Encoding: Hashable, Sendable {
        case sixel(registers: Int)
        case inlineImages
    }

    public var encoding: Encoding {
        didSet { if encoding != oldValue { startOver() } }
    }
    /// A cell's size in the terminal's pixels (`TIOCGWINSZ`), or a guess.
    public var cellPixels: Size {
        didSet { if cellPixels != oldValue { startOver() } }
    }
    /// Konsole: delete every picture and paint them all again when one goes away.
    public var deletesPictures = false
    /// mlterm: paint the pictures again in a frame of their own after a repaint.
    public var paintsAgainAfterRepaint = false
    /// Konsole: the colour to paint a sixel's transparent pixels in (its
    /// background, asked with OSC 11). Nil leaves them unset.
    public var transparentFill: RGBA? {
        didSet { if transparentFill != oldValue { startOver() } }
    }
    public private(set) var wantsFollowUp = false
    public private(set) var blankedByPainting: [Rect] = []
    /// ED 2 for inline images: it is what takes them off in Konsole, which
    /// keeps them apart from the cells. ED 0 for sixel, as the renderer's.
    public var clearScreen: String {
        encoding == .inlineImages ? "\u{1B}[0m\u{1B}[H\u{1B}[2J" : "\u{1B}[0m\u{1B}[H\u{1B}[J"
    }

    /// A cell to assume for sixel when the terminal does not report its
    /// pixels: on the small side, so a picture never spills out of its frame.
    public static let assumedSixelCell = Size(width: 8, height: 16)
    /// The common cell of a 10-point font, for inline images, which the
    /// terminal scales to their cells anyway.
    public static let assumedInlineCell = Size(width: 10, height: 20)
    /// Encodings kept before the cache starts over (a slide makes a new
    /// cut of each picture every frame).
    static let encodingLimit = 128

    private let image: (UInt32) -> Image?
    private var shown: [PlacementKey: PicturePlacement] = [:]
    private var released: [Rect] = []
    private var toPaint: [PicturePlacement] = []
    private var deleteFirst = false
    private var encoded: [EncodingKey: [UInt8]] = [:]
    /// Each picture's sixel registers, made once from the art (not per crop).
    private var palettes: [UInt32: SixelPalette] = [:]

    private struct EncodingKey: Hashable {
        let imageID: UInt32
        let frame: Rect
        let visible: Rect
    }

    /// Sixel pictures for cells of `cellSize` pixels.
    public init(cellSize: Size, registers: Int, image: @escaping (UInt32) -> Image?) {
        self.encoding = .sixel(registers: registers)
        self.cellPixels = cellSize
        self.image = image
    }

    /// iTerm2 inline images, sent at about their cells' pixels.
    public init(cellPixels: Size? = nil, art: @escaping (UInt32) -> Image?) {
        self.encoding = .inlineImages
        self.cellPixels = cellPixels ?? Self.assumedInlineCell
        self.image = art
    }

    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        // The last row is left out: a picture ending there scrolls the screen.
        let area = Rect(x: 0, y: 0, width: buffer.size.width, height: max(0, buffer.size.height - 1))
        var wanted: [PlacementKey: PicturePlacement] = [:]
        var order: [PlacementKey] = []
        for placement in buffer.placements {
            let clipped = placement.clipped(to: area)
            if clipped.isVisible, wanted.updateValue(clipped, forKey: clipped.key) == nil { order.append(clipped.key) }
        }
        let followUp = wantsFollowUp
        released = []
        guard let previous else {
            toPaint = order.compactMap { wanted[$0] }
            deleteFirst = deletesPictures
            wantsFollowUp = paintsAgainAfterRepaint && !toPaint.isEmpty
            shown = wanted
            return []
        }
        wantsFollowUp = false
        for (key, old) in shown where wanted[key].map({ !Self.same($0, old) }) ?? true { released.append(old.visible) }
        deleteFirst = deletesPictures && !released.isEmpty
        toPaint = order.compactMap { wanted[$0] }.filter { placement in
            deleteFirst || followUp || shown[placement.key].map { !Self.same($0, placement) } ?? true
                || released.contains { !$0.intersection(placement.visible).isEmpty }
                || Self.cellsChanged(in: placement.visible, from: previous, to: buffer)
        }
        shown = wanted
        return []
    }

    public func mustRewrite(_ x: Int, _ y: Int) -> Bool {
        !released.isEmpty && released.contains { $0.contains(Point(x: x, y: y)) }
    }

    /// Each picture to paint, preceded by a move to its top left (after
    /// deleting every picture, when a Konsole frame must); the cursor is
    /// left where the terminal leaves it.
    public mutating func afterCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        var output: [UInt8] = deleteFirst ? KittyGraphics.deleteAllPlacements() : []
        for placement in toPaint {
            let bytes = picture(placement)
            guard !bytes.isEmpty else { continue }
            output += Array("\u{1B}[\(placement.visible.y + 1);\(placement.visible.x + 1)H".utf8)
            output += bytes
        }
        // Konsole 22.12 also blanks the column right of each picture it paints, whatever its width.
        blankedByPainting = deletesPictures ? toPaint.map { Rect(x: $0.visible.maxX, y: $0.visible.y, width: 1, height: $0.visible.height) } : []
        toPaint = []
        deleteFirst = false
        return output
    }

    public mutating func forget() {
        shown = [:]
        released = []
    }

    public mutating func cellPixelsChanged(to size: Size?) {
        cellPixels = size ?? (encoding == .inlineImages ? Self.assumedInlineCell : Self.assumedSixelCell)
    }

    /// The placement's visible cells as a sixel or an inline image, made
    /// once per cut and kept.
    public mutating func picture(_ placement: PicturePlacement) -> [UInt8] {
        let key = EncodingKey(imageID: placement.imageID, frame: placement.frame, visible: placement.visible)
        if let kept = encoded[key] { return kept }
        guard var art = image(placement.imageID) else { return [] }
        let bytes: [UInt8]
        switch encoding {
        case .sixel(let registers):
            // Konsole 22.12 takes a sixel h px tall, rounded up to bands of 6, for (h - 1) / cell + 1 rows.
            var pixels = SixelPicture.pixels(of: art, frame: placement.frame, visible: placement.visible, cellSize: cellPixels,
                                             underCells: deletesPictures)
            if let fill = transparentFill {
                // The palette is made from the art as shown, background included.
                art = art.flattened(onto: fill)
                pixels = pixels.flattened(onto: fill)
            }
            var palette = palettes[placement.imageID] ?? SixelPalette(art, registers: registers)
            bytes = Sixel.encode(pixels, palette: &palette)
            palettes[placement.imageID] = palette
        case .inlineImages:
            let cells = Rect(x: placement.visible.x - placement.frame.x, y: placement.visible.y - placement.frame.y,
                             width: placement.visible.width, height: placement.visible.height)
            guard let png = try? art.framed(in: placement.frame.size, cellPixels: cellPixels, visible: cells).encodePNG() else { return [] }
            bytes = ITermInlineImages.show(png: png, columns: cells.width, rows: cells.height)
        }
        if encoded.count >= Self.encodingLimit { encoded.removeAll(keepingCapacity: true) }
        encoded[key] = bytes
        return bytes
    }

    private mutating func startOver() {
        encoded = [:]
        palettes = [:]
        forget()
    }

    private static func same(_ a: PicturePlacement, _ b: PicturePlacement) -> Bool {
        a.frame == b.frame && a.visible == b.visible
    }

    /// Whether any cell of `rect` differs between the two buffers: written
    /// this frame, it erased the picture there.
    private static func cellsChanged(in rect: Rect, from old: Buffer, to new: Buffer) -> Bool {
        guard old.size == new.size else { return true }
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where old[x, y] != new[x, y] { return true }
        }
        return false
    }
}
