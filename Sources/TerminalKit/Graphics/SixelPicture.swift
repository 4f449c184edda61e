/// The pixels a sixel picture is made of, for one placement on screen.
///
/// A kitty terminal scales and crops an image itself; a sixel terminal
/// paints exactly the pixels it is sent. So the picture is drawn here at
/// the placement's size in the terminal's pixels (`cellSize`, from
/// `TIOCGWINSZ`): pixel art at the largest whole multiple of its own
/// pixels that fits the frame (never a fraction, which would blur it or
/// drop its outlines), centred, and then cut to the cells that may show
/// (`PicturePlacement.visible`: the part no panel, popover or screen edge
/// takes). Whatever lies outside the picture is transparent.
enum SixelPicture {
    /// The pixels of `image` shown in `frame`, cut to `visible` (both in
    /// cells), for cells `cellSize` pixels large (`underCells`: in bands of 6 pixels within them).
    static func pixels(of image: Image, frame: Rect, visible: Rect, cellSize: Size, underCells: Bool = false) -> Image {
        let shown = visible.intersection(frame)
        guard !shown.isEmpty, cellSize.width > 0, cellSize.height > 0, image.width > 0, image.height > 0 else {
            return Image(width: 0, height: 0, rgba: [])
        }
        let canvasWidth = frame.width * cellSize.width
        let canvasHeight = frame.height * cellSize.height
        let scaled = image.scaled(to: fittedSize(of: image, width: canvasWidth, height: canvasHeight))
        // Where the scaled picture's top left lies, in the visible part's pixels.
        let left = (canvasWidth - scaled.width) / 2 - (shown.x - frame.x) * cellSize.width
        let top = (canvasHeight - scaled.height) / 2 - (shown.y - frame.y) * cellSize.height
        let width = shown.width * cellSize.width
        let height = underCells ? (shown.height * cellSize.height - 1) / 6 * 6 : shown.height * cellSize.height
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in max(0, top)..<max(0, top, min(height, top + scaled.height)) {
            let sourceRow = (y - top) * scaled.width
            for x in max(0, left)..<min(width, left + scaled.width) {
                let source = (sourceRow + x - left) * 4
                let target = (y * width + x) * 4
                rgba[target] = scaled.rgba[source]
                rgba[target + 1] = scaled.rgba[source + 1]
                rgba[target + 2] = scaled.rgba[source + 2]
                rgba[target + 3] = scaled.rgba[source + 3]
            }
        }
        return Image(width: width, height: height, rgba: rgba)
    }

    /// Pixel art at the largest whole multiple that fits (1× at least:
    /// a frame too small crops it rather than blur it); other pictures as
    /// large as fits with their shape kept.
    static func fittedSize(of image: Image, width: Int, height: Int) -> Size {
        if image.artScale > 1 {
            let art = image.art
            let multiple = max(1, min(width / art.width, height / art.height))
            return Size(width: art.width * multiple, height: art.height * multiple)
        }
        let scale = min(Double(width) / Double(image.width), Double(height) / Double(image.height))
        return Size(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
    }
}

extension Image {
    /// The picture as it shows in `cells` of `cellPixels` pixels each
    /// (only the part `visible` of them, when given): pixel art at the
    /// largest whole multiple that fits, in square pixels, centred,
    /// transparent around it. For a terminal that would scale the picture
    /// itself: kitty scales smoothly (0.41 does; 0.26 did not), and pixel
    /// art blurs; an image of exactly its cells' size it shows as it is
    /// (and iTerm2 stretches to them: square pixels keep the art square).
    public func framed(in cells: Size, cellPixels: Size, visible: Rect? = nil) -> Image {
        let frame = Rect(origin: .zero, size: cells)
        return SixelPicture.pixels(of: self, frame: frame, visible: visible ?? frame, cellSize: cellPixels)
    }
}
