/// A picture drawn with coloured half blocks, for terminals without an
/// image protocol.
///
/// Each cell shows two pixels stacked: `▀` with the upper pixel as its
/// foreground and the lower pixel as its background. Cells are about twice
/// as tall as wide, so the pixels come out square.
///
/// **Transparency.** A terminal cannot blend, so every pixel is either
/// drawn or not. A pixel at least half opaque is drawn; a fainter one is
/// left out and the cell's existing background shows through it (an upper
/// pixel alone is `▀` over that background, a lower one alone is `▄`, and
/// a cell with neither is a blank in that background). A drawn pixel that
/// is partly transparent is blended over `matte` when the caller knows
/// the colour underneath as RGB; otherwise it keeps its own colour, which
/// is what pixel art with hard edges wants.
///
/// **Colour.** Colours are reduced to the terminal's depth when the
/// picture is made, the picture's colours together so that its outlines
/// stay (`PictureColorReduction`), and the renderer writes them as they
/// are. With `ColorDepth.none` there is nothing to draw with (every
/// pixel counts as transparent): ask `PictureMode` and show the text glyph
/// instead.
///
/// **Cost.** Making a picture resamples the image once; drawing one is a
/// copy of its cells. `PictureLibrary` keeps pictures per size and depth,
/// so a view redrawn every frame only copies, and the frame diff finds the
/// cells unchanged.
public struct HalfBlockPicture: Hashable, Sendable {
    /// The cells the picture covers.
    public let size: Size
    private let upper: [Color?]
    private let lower: [Color?]

    /// The image scaled to fit `space` (keeping its aspect ratio; pixel
    /// art by whole multiples only, see `Image.pixelSize`), in the
    /// colours `depth` can show. Empty when pixel art does not fit at 1×.
    public init(_ image: Image, fitting space: Size, depth: ColorDepth, matte: RGBA? = nil) {
        let pixels = image.pixelSize(fitting: space)
        self.init(resampled: image.scaled(to: pixels), depth: depth, matte: matte)
    }

    /// An image drawn pixel for pixel: one column per pixel, two pixel
    /// rows per cell row.
    public init(pixelForPixel image: Image, depth: ColorDepth, matte: RGBA? = nil) {
        self.init(resampled: image, depth: depth, matte: matte)
    }

    private init(resampled image: Image, depth: ColorDepth, matte: RGBA?) {
        let rows = (image.height + 1) / 2
        size = Size(width: image.width, height: rows)
        // 16 and 256 colours: the picture's colours reduced together, so
        // its outlines stay (see `PictureColorReduction`).
        let table = matte == nil ? PictureColorReduction.table(for: image.art, depth: depth) : [:]
        var upper: [Color?] = []
        var lower: [Color?] = []
        upper.reserveCapacity(image.width * rows)
        lower.reserveCapacity(image.width * rows)
        for row in 0..<rows {
            for column in 0..<image.width {
                upper.append(Self.color(image[column, row * 2], depth: depth, matte: matte, table: table))
                lower.append(Self.color(image[column, row * 2 + 1], depth: depth, matte: matte, table: table))
            }
        }
        self.upper = upper
        self.lower = lower
    }

    /// The colours of one cell's upper and lower pixel; nil where the
    /// background shows.
    public func pixels(column: Int, row: Int) -> (upper: Color?, lower: Color?) {
        guard column >= 0, row >= 0, column < size.width, row < size.height else { return (nil, nil) }
        let index = row * size.width + column
        return (upper[index], lower[index])
    }

    /// What a pixel becomes on screen: nil if too transparent to draw.
    static func color(_ pixel: RGBA, depth: ColorDepth, matte: RGBA?, table: [RGBA: Color] = [:]) -> Color? {
        guard pixel.alpha >= 128, depth != .none else { return nil }
        if let reduced = table[RGBA(pixel.red, pixel.green, pixel.blue)] { return reduced }
        var shown = pixel
        if pixel.alpha < 255, let matte {
            let alpha = Int(pixel.alpha)
            func blend(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
                UInt8((Int(top) * alpha + Int(bottom) * (255 - alpha) + 127) / 255)
            }
            shown = RGBA(blend(pixel.red, matte.red), blend(pixel.green, matte.green), blend(pixel.blue, matte.blue))
        }
        return shown.color.reduced(to: depth)
    }
}

extension Buffer {
    /// Draws a half-block picture with its top left at `origin`, clipped
    /// to the buffer. Transparent pixels show the background already in
    /// each cell; any text there is replaced.
    public mutating func draw(_ picture: HalfBlockPicture, at origin: Point) {
        for row in 0..<picture.size.height {
            for column in 0..<picture.size.width {
                let point = Point(x: origin.x + column, y: origin.y + row)
                guard bounds.contains(point) else { continue }
                let background = self[point.x, point.y].style.background
                let cell: Cell
                switch picture.pixels(column: column, row: row) {
                case (nil, nil):
                    cell = Cell(" ", style: Style(background: background))
                case (let upper?, nil):
                    cell = Cell("▀", style: Style(foreground: upper, background: background))
                case (nil, let lower?):
                    cell = Cell("▄", style: Style(foreground: lower, background: background))
                case (let upper?, let lower?):
                    cell = Cell("▀", style: Style(foreground: upper, background: lower))
                }
                set(cell, at: point)
            }
        }
    }
}
