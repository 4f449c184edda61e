/// Keeping sixel pictures in step with the frame.
///
/// The pictures are the same `KittyPlacement`s kitty gets (a frame, and
/// the part of it no panel, popover or overlay covers), but a sixel
/// terminal keeps no pictures, only pixels painted into cells: text
/// written over a cell erases its pixels, and nothing else does short of
/// clearing. So, each frame, before the cells are written, `plan` says:
///
/// - which cells to write again although they did not change: wherever a
///   picture was shown and is no longer (it went away, moved, or a panel
///   now covers part of it), so that its pixels are erased by the text
///   the buffer has there;
/// - which pictures to paint after the cells: those that are new, moved
///   or cut differently, and any whose cells were written this frame
///   (which erased it).
///
/// A picture that stayed as it was costs nothing, except on a terminal
/// that draws the first pictures after a resize wrongly (mlterm,
/// `PictureQuirks`): there a frame that painted everything is followed
/// by one that paints the pictures again (`wantsFollowUp`). Each picture is cut to
/// its visible cells before it is encoded (`SixelPicture`), since the
/// terminal cannot crop it; and none reaches the screen's last row, where
/// the line feed that ends a sixel would scroll the whole screen.
public struct SixelOutput: PictureOutput {
    /// A cell's size in the terminal's pixels (`TIOCGWINSZ`).
    public var cellSize: Size {
        didSet { if cellSize != oldValue { forget() } }
    }
    /// How many colours one picture may use (XTSMGRAPHICS).
    public var registers: Int {
        didSet {
            if registers != oldValue {
                palettes = [:]
                forget()
            }
        }
    }
    /// Paint the pictures again in a frame of their own after a frame
    /// that painted everything (mlterm's black first redraw after a resize).
    public var paintsAgainAfterRepaint = false
    /// The terminal keeps pictures over the cells, where text does not
    /// erase them (Konsole, `PictureQuirks`): when one goes away, moves or
    /// is cut differently, every picture is deleted (the kitty delete
    /// command, which Konsole applies to sixel pictures too) and the ones
    /// wanted are painted again.
    public var deletesPictures = false
    /// The colour to paint a picture's transparent pixels in, for a
    /// terminal that would fill them with register 0 (Konsole): its own
    /// background, asked with OSC 11. Nil leaves them unset.
    public var transparentFill: RGBA? {
        didSet {
            if transparentFill != oldValue {
                palettes = [:]
                encoded = [:]
                forget()
            }
        }
    }
    /// The last frame painted everything, and the pictures are to be
    /// painted again: the caller should draw a frame soon, even if
    /// nothing changed.
    public private(set) var wantsFollowUp = false
    /// The decoded picture for a placement's image id.
    private let image: (UInt32) -> Image?
    private var shown: [PlacementKey: KittyPlacement] = [:]
    private var encoded: [Encoding: [UInt8]] = [:]
    /// Each picture's registers, made once from the art (not per crop).
    private var palettes: [UInt32: SixelPalette] = [:]
    /// This frame's plan, made before its cells are written.
    private var framePlan = Plan()

    /// Encodings kept before the cache starts over: a slide makes a new
    /// cut of each picture every frame.
    static let encodingLimit = 128

    /// A cell size to assume when the terminal does not report its pixels:
    /// on the small side, so a picture never spills out of its frame.
    public static let assumedCellSize = Size(width: 8, height: 16)

    public init(cellSize: Size, registers: Int, image: @escaping (UInt32) -> Image?) {
        self.cellSize = cellSize
        self.registers = registers
        self.image = image
    }

    /// What one frame must do: cells to write again, then pictures to paint.
    public struct Plan {
        public var repaint: [Rect] = []
        public var paint: [KittyPlacement] = []
        /// Delete every picture on screen before painting (`deletesPictures`).
        public var deleteFirst = false

    }

    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        framePlan = plan(previous: previous, buffer: buffer, fullRepaint: previous == nil)
        return []
    }

    public func mustRewrite(_ x: Int, _ y: Int) -> Bool {
        !framePlan.repaint.isEmpty && framePlan.repaint.contains { $0.contains(Point(x: x, y: y)) }
    }

    public mutating func afterCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        guard !framePlan.paint.isEmpty || framePlan.deleteFirst else { return [] }
        return paint(framePlan)
    }

    public mutating func removeAll() -> [UInt8] {
        forget()
        return []
    }

    public mutating func cellPixelsChanged(to size: Size?) {
        cellSize = size ?? Self.assumedCellSize
    }

    /// Compares `buffer`'s pictures with those shown; `previous` is the
    /// buffer on screen (nil, or `fullRepaint`, when the screen is being
    /// cleared and everything is painted again).
    public mutating func plan(previous: Buffer?, buffer: Buffer, fullRepaint: Bool) -> Plan {
        // The last row is left out: a sixel ending there scrolls the screen.
        let area = Rect(x: 0, y: 0, width: buffer.size.width, height: max(0, buffer.size.height - 1))
        var wanted: [PlacementKey: KittyPlacement] = [:]
        var order: [PlacementKey] = []
        for placement in buffer.placements {
            let clipped = placement.clipped(to: area)
            guard clipped.isVisible else { continue }
            let key = clipped.key
            if wanted.updateValue(clipped, forKey: key) == nil { order.append(key) }
        }
        var plan = Plan()
        guard let previous, !fullRepaint else {
            plan.paint = order.compactMap { wanted[$0] }
            plan.deleteFirst = deletesPictures
            shown = wanted
            wantsFollowUp = paintsAgainAfterRepaint && !plan.paint.isEmpty
            return plan
        }
        let followUp = wantsFollowUp
        wantsFollowUp = false
        for (key, old) in shown where wanted[key].map({ !Self.same($0, old) }) ?? true {
            plan.repaint.append(old.visible)
        }
        for key in order {
            guard let placement = wanted[key] else { continue }
            let unchanged = shown[key].map { Self.same($0, placement) } ?? false
            let erased = plan.repaint.contains { !$0.intersection(placement.visible).isEmpty }
                || Self.cellsChanged(in: placement.visible, from: previous, to: buffer)
            if !unchanged || erased || followUp { plan.paint.append(placement) }
        }
        if deletesPictures, !plan.repaint.isEmpty {
            plan.deleteFirst = true
            plan.paint = order.compactMap { wanted[$0] }
        }
        shown = wanted
        return plan
    }

    /// The bytes that paint the plan's pictures, each preceded by a move to
    /// its top left (after deleting every picture, when the plan says so);
    /// the cursor is left where the terminal leaves it.
    public mutating func paint(_ plan: Plan) -> [UInt8] {
        var output: [UInt8] = plan.deleteFirst ? KittyGraphics.deleteAllPlacements() : []
        for placement in plan.paint {
            let bytes = encoding(of: placement)
            guard !bytes.isEmpty else { continue }
            output += Array("\u{1B}[\(placement.visible.y + 1);\(placement.visible.x + 1)H".utf8)
            output += bytes
        }
        return output
    }

    /// Forgets what is on screen: the next plan paints everything.
    public mutating func forget() {
        shown = [:]
        if encoded.count > Self.encodingLimit { encoded = [:] }
    }

    private mutating func encoding(of placement: KittyPlacement) -> [UInt8] {
        let key = Encoding(imageID: placement.imageID, frame: placement.frame, visible: placement.visible,
                           cellSize: cellSize, registers: registers)
        if let kept = encoded[key] { return kept }
        guard var picture = image(placement.imageID) else { return [] }
        var pixels = SixelPicture.pixels(of: picture, frame: placement.frame, visible: placement.visible, cellSize: cellSize)
        if let fill = transparentFill {
            // The palette is made from the art as shown, background included.
            picture = picture.flattened(onto: fill)
            pixels = pixels.flattened(onto: fill)
        }
        var palette = palettes[placement.imageID] ?? SixelPalette(picture, registers: registers)
        let bytes = Sixel.encode(pixels, palette: &palette)
        palettes[placement.imageID] = palette
        if encoded.count >= Self.encodingLimit { encoded.removeAll(keepingCapacity: true) }
        encoded[key] = bytes
        return bytes
    }

    private static func same(_ a: KittyPlacement, _ b: KittyPlacement) -> Bool {
        a.frame == b.frame && a.visible == b.visible
    }

    /// Whether any cell of `rect` differs between the two buffers: written
    /// this frame, it erased the picture's pixels there.
    private static func cellsChanged(in rect: Rect, from old: Buffer, to new: Buffer) -> Bool {
        guard old.size == new.size else { return true }
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where old[x, y] != new[x, y] { return true }
        }
        return false
    }

    private struct Encoding: Hashable {
        let imageID: UInt32
        let frame: Rect
        let visible: Rect
        let cellSize: Size
        let registers: Int
    }
}
