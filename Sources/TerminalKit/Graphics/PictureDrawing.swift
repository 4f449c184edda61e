/// Draws named pictures into a buffer the way the terminal can show them:
/// a kitty placement or inline image over blank cells, coloured half blocks, or nothing
/// (the caller then shows the picture's text glyph).
///
/// The way can change while the program runs: the first frame is drawn
/// in half blocks while the terminal has not yet answered whether it
/// shows kitty images (`mode` becomes `.kittyGraphics` when it does), and
/// a picture the terminal refuses (`refuseKittyImage`) goes back to half
/// blocks on its own, the others staying real images.
public final class PictureDrawing {
    public let library: PictureLibrary
    public var mode: PictureMode
    /// The colours of half blocks drawn in place of a kitty picture the
    /// terminal would not show.
    public var fallbackDepth: ColorDepth
    /// The size of a cell in the terminal's pixels, when it says
    /// (`TerminalSession.cellPixelSize`): kitty pictures are then sent at
    /// exactly their placement's pixels, which kitty shows unscaled,
    /// rather than as the art's file, which it would scale smoothly.
    public var cellPixels: Size?
    private var refused: Set<UInt32> = []

    public init(library: PictureLibrary, mode: PictureMode, fallbackDepth: ColorDepth = .truecolor) {
        self.library = library
        self.mode = mode
        self.fallbackDepth = fallbackDepth
    }

    /// The terminal answered an error for this kitty image: draw that
    /// picture in half blocks from now on.
    public func refuseKittyImage(_ imageID: UInt32) {
        refused.insert(imageID)
    }

    /// Draws the picture fitted and centred in `rect`. `slot` tells apart
    /// several places the same picture may be shown at once (kitty keeps
    /// one placement per image and slot). Returns the cells used, or nil
    /// when nothing was drawn and the caller should fall back to text.
    @discardableResult
    public func draw(_ name: String, in rect: Rect, into buffer: inout Buffer, slot: UInt32) -> Rect? {
        // Pixel art that does not fit at 1× is shown as its glyph, not shrunk.
        guard let fitted = frame(of: name, in: rect), let image = library.image(named: name) else { return nil }
        switch mode {
        case .text:
            return nil
        case .halfBlocks(let depth):
            return drawHalfBlocks(name, image: image, in: rect, depth: depth, into: &buffer)
        case .kittyPlaceholders:
            let frame = image.cellRect(fitting: rect)
            var (imageID, imageSize) = kittyImage(name, image: image, frame: frame)
            // The id is the cells' 256-colour foreground.
            if imageID >= 256 { (imageID, imageSize) = (library.imageID(named: name), Size(width: image.width, height: image.height)) }
            guard imageID < 256, max(frame.width, frame.height) <= KittyPlaceholders.largestSide else {
                return drawHalfBlocks(name, image: image, in: rect, depth: fallbackDepth, into: &buffer)
            }
            let style = Style(foreground: .indexed(UInt8(imageID)))
            for y in frame.y..<frame.maxY {
                for x in frame.x..<frame.maxX {
                    buffer.set(Cell(KittyPlaceholders.cell(row: y - frame.y, column: x - frame.x), style: style), at: Point(x: x, y: y))
                }
            }
            buffer.placements.append(PicturePlacement(imageID: imageID, placementID: slot, frame: frame, imageSize: imageSize))
            return frame
        case .kittyGraphics, .sixel, .inlineImages:
            // Sixel and inline images are placed as kitty ones are; the
            // renderer paints them.
            let frame = fitted
            let (imageID, imageSize) = mode == .kittyGraphics
                ? kittyImage(name, image: image, frame: frame)
                : (library.imageID(named: name), Size(width: image.width, height: image.height))
            if mode == .kittyGraphics, refused.contains(imageID) {
                return drawHalfBlocks(name, image: image, in: rect, depth: fallbackDepth, into: &buffer)
            }
            buffer.fill(frame)
            buffer.placements.append(PicturePlacement(imageID: imageID, placementID: slot, frame: frame, imageSize: imageSize))
            return frame
        }
    }

    /// The cells picture `name` takes in `rect`, nil if it does not fit at 1×: as half blocks
    /// fit it, or in kitty, where a cell's pixels are known, by those (16 need 2 columns of 8, not 16).
    public func frame(of name: String, in rect: Rect) -> Rect? {
        guard !rect.isEmpty, let image = library.image(named: name) else { return nil }
        switch mode {
        case .halfBlocks:
            let bounded = Self.boundedForHalfBlocks(rect)
            return image.cellSize(fitting: bounded.size).width > 0 ? image.cellRect(fitting: bounded) : nil
        case .sixel, .inlineImages:
            let bounded = boundedForPaintedPictures(rect)
            return image.cellSize(fitting: bounded.size).width > 0 ? image.cellRect(fitting: bounded) : nil
        default: break
        }
        if image.cellSize(fitting: rect.size).width > 0 { return image.cellRect(fitting: rect) }
        guard mode == .kittyGraphics, let cell = cellPixels, cell.width > 0, cell.height > 0 else { return nil }
        let art = image.art, multiple = min(rect.width * cell.width / art.width, rect.height * cell.height / art.height)
        guard multiple > 0 else { return nil }
        let width = (art.width * multiple - 1) / cell.width + 1, height = (art.height * multiple - 1) / cell.height + 1
        return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
    }

    /// The most pixels a picture is drawn at for kitty, each way: more than
    /// any screen shows. A terminal that says its cells are large (up to
    /// `TerminalSession.largestCellPixels`) and that it has thousands of
    /// them would otherwise have each picture drawn at gigapixels.
    public static let largestKittyImage = 2_048

    /// The kitty image to show `name` in `frame`, and its size in pixels:
    /// drawn at the frame's own pixels where the cell size is known and
    /// they are within `largestKittyImage`, else the picture's file, which
    /// the terminal scales to the frame.
    private func kittyImage(_ name: String, image: Image, frame: Rect) -> (UInt32, Size) {
        if let cellPixels, cellPixels.width > 0, cellPixels.height > 0,
           frame.width * cellPixels.width <= Self.largestKittyImage, frame.height * cellPixels.height <= Self.largestKittyImage,
           let id = library.imageID(named: name, cells: frame.size, cellPixels: cellPixels) {
            return (id, Size(width: frame.width * cellPixels.width, height: frame.height * cellPixels.height))
        }
        return (library.imageID(named: name), Size(width: image.width, height: image.height))
    }

    /// The most cells a picture in half blocks takes each way: far more
    /// than a picture beside a list needs. A terminal of thousands of
    /// cells (or one that says it has) would otherwise have each picture
    /// resampled to a million cells, seconds of work for every monster.
    public static let largestHalfBlocks = Size(width: 160, height: 80)

    /// `rect`, no larger than a picture of `largestKittyImage` pixels each
    /// way in the terminal's cells (or a small cell, when it does not
    /// say), centred where it was: sixel and inline images are made at
    /// their frame's pixels here, which a terminal claiming thousands of
    /// large cells would make gigapixels.
    func boundedForPaintedPictures(_ rect: Rect) -> Rect {
        let cell = cellPixels.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? Size(width: 8, height: 16)
        let width = min(rect.width, max(1, Self.largestKittyImage / cell.width))
        let height = min(rect.height, max(1, Self.largestKittyImage / cell.height))
        return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
    }

    /// `rect`, no larger than `largestHalfBlocks`, centred where it was.
    static func boundedForHalfBlocks(_ rect: Rect) -> Rect {
        let width = min(rect.width, largestHalfBlocks.width), height = min(rect.height, largestHalfBlocks.height)
        return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
    }

    private func drawHalfBlocks(_ name: String, image: Image, in space: Rect, depth: ColorDepth, into buffer: inout Buffer) -> Rect? {
        let rect = Self.boundedForHalfBlocks(space)
        guard let picture = library.halfBlocks(named: name, fitting: rect.size, depth: depth) else { return nil }
        let frame = image.cellRect(fitting: rect)
        buffer.draw(picture, at: frame.origin)
        return frame
    }
}
