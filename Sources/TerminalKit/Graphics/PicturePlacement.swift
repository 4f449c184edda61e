/// Keeping kitty pictures in step with the frame.
///
/// The diff renderer compares cells; kitty placements are not cells, so
/// they get their own small diff. Each frame, the renderer lists the
/// pictures it wants on screen as `KittyPlacement`s, each clipped to what
/// is really visible (the screen, minus whatever panel, popover or overlay
/// lies above it), and sends `KittyGraphics.update(from: last, to: now)`
/// before the frame's cells. A picture that did not move costs nothing; one
/// that moved, was resized or became partly covered is placed again under
/// the same ids, which the terminal treats as a move (no flicker); one that
/// disappeared or became wholly covered is deleted. A panel sliding up over
/// a picture therefore crops it row by row as it comes, and a picture
/// inside the panel grows into view with it.
public struct KittyPlacement: Hashable, Sendable {
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
    public func clipped(to area: Rect) -> KittyPlacement {
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

/// The visible placements by key; the last one wins if a key repeats.
private func visibleByKey(_ placements: [KittyPlacement]) -> [PlacementKey: KittyPlacement] {
    var table: [PlacementKey: KittyPlacement] = [:]
    for placement in placements where placement.isVisible { table[placement.key] = placement }
    return table
}

extension KittyGraphics {
    /// The bytes that change the pictures on screen from `old` (last
    /// frame's placements) to `new`: deletions first, then a cursor move
    /// and a placement for each picture that is new, moved, resized or
    /// cropped differently. Nothing for pictures that stayed as they were.
    /// The cursor is left wherever the last placement put it, so send
    /// these bytes before the frame's cells (which position the cursor
    /// themselves) or move the cursor afterwards.
    public static func update(from old: [KittyPlacement], to new: [KittyPlacement]) -> [UInt8] {
        let before = visibleByKey(old)
        let after = visibleByKey(new)
        var output: [UInt8] = []
        var deleted = Set<PlacementKey>()
        for placement in old where placement.isVisible && after[placement.key] == nil && deleted.insert(placement.key).inserted {
            output += deletePlacement(imageID: placement.imageID, placementID: placement.placementID)
        }
        var placed = Set<PlacementKey>()
        for placement in new where after[placement.key] == placement && placed.insert(placement.key).inserted {
            // The same picture, same place, same crop: nothing to send.
            if let previous = before[placement.key], previous.frame == placement.frame,
               previous.visible == placement.visible, previous.imageSize == placement.imageSize { continue }
            output += Array("\u{1B}[\(placement.visible.y + 1);\(placement.visible.x + 1)H".utf8)
            output += place(imageID: placement.imageID, placementID: placement.placementID,
                            columns: placement.visible.width, rows: placement.visible.height,
                            source: placement.sourceCrop)
        }
        return output
    }
}
