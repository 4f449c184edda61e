/// A picture a frame shows: which image (an id the picture library hands
/// out per picture, and per size where the cells' pixels are known), which
/// place on screen (a placement id: the same image may show in several),
/// the cells the whole picture takes, and the part of them that may show
/// (the screen, minus whatever panel, popover or overlay lies above it).
/// Views put placements in the buffer (`PictureDrawing`), and the
/// terminal's `PictureOutput` keeps what the terminal shows in step with
/// them, frame after frame, by `key`.
public struct PicturePlacement: Hashable, Sendable {
    /// The image, as transmitted with `KittyGraphics.transmitPNG`.
    public var imageID: UInt32
    /// Which showing of the image this is: one per place on screen.
    public var placementID: UInt32
    /// The cells the whole picture takes (`Image.cellSize(fitting:)`).
    public var frame: Rect
    /// The image's size in pixels, to crop it to the visible cells.
    public var imageSize: Size
    /// The cells of `frame` that may show. Empty hides the picture. When
    /// what covers a picture leaves a visible part that is not one
    /// rectangle (a popover over its middle), hide it whole.
    public var visible: Rect

    public init(imageID: UInt32, placementID: UInt32, frame: Rect, imageSize: Size, visible: Rect? = nil) {
        self.imageID = imageID
        self.placementID = placementID
        self.frame = frame
        self.imageSize = imageSize
        self.visible = (visible ?? frame).intersection(frame)
    }

    /// This placement with only the part inside `area` visible: the
    /// screen's bounds, or the part of a pane a panel leaves uncovered.
    public func clipped(to area: Rect) -> PicturePlacement {
        var copy = self
        copy.visible = visible.intersection(area)
        return copy
    }

    /// The part of the image that shows, in its pixels; nil when it all does.
    var sourceCrop: Rect? {
        guard visible != frame, !frame.isEmpty, imageSize.width > 0, imageSize.height > 0 else { return nil }
        func pixels(_ cells: Int, _ cellCount: Int, _ pixelCount: Int) -> Int {
            Int((Double(cells) * Double(pixelCount) / Double(cellCount)).rounded())
        }
        let left = pixels(visible.x - frame.x, frame.width, imageSize.width)
        let right = pixels(visible.maxX - frame.x, frame.width, imageSize.width)
        let top = pixels(visible.y - frame.y, frame.height, imageSize.height)
        let bottom = pixels(visible.maxY - frame.y, frame.height, imageSize.height)
        return Rect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }

    /// Shown at all.
    public var isVisible: Bool { !visible.isEmpty }

    /// Which placement on screen this is, whatever its position.
    var key: PlacementKey { PlacementKey(imageID: imageID, placementID: placementID) }
}

/// Which placement a picture is, whatever its position: the protocols'
/// outputs keep what they show by it.
struct PlacementKey: Hashable {
    let imageID: UInt32
    let placementID: UInt32
}
