import Foundation
import Testing
import TestSupport
@testable import TerminalKit

/// Kitty scales an image to its placement's cells smoothly (0.41 does,
/// 0.26 did not), which blurs pixel art. Where the cells' pixel size is
/// known, pictures are sent at exactly their placement's pixels, which
/// kitty shows as they are.
@Suite("Kitty pictures sent at the terminal's own pixels")
struct KittyUnscaledTests {
    /// 16×16 art stored at 2× (2×2 blocks), in 8 × 8 colours.
    static let art: Image = Image(rows: (0..<32).map { y in (0..<32).map { x in RGBA(UInt8(x / 4 * 32), UInt8(y / 4 * 32), 99) } })
    static let cellPixels = Size(width: 9, height: 19)

    static func colours(of image: Image) -> Set<RGBA> {
        Set(stride(from: 0, to: image.rgba.count, by: 4).filter { image.rgba[$0 + 3] > 0 }.map {
            RGBA(image.rgba[$0], image.rgba[$0 + 1], image.rgba[$0 + 2])
        })
    }

    func draw(_ mode: PictureMode, cellPixels: Size?, in space: Rect = Rect(x: 0, y: 0, width: 40, height: 16))
        throws -> (library: PictureLibrary, placement: PicturePlacement) {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: mode)
        drawing.cellPixels = cellPixels
        var buffer = Buffer(size: Size(width: 80, height: 30))
        try #require(drawing.draw("art", in: space, into: &buffer, slot: 1) != nil)
        return (library, try #require(buffer.placements.first))
    }

    @Test("with the cell size known, the picture sent is its placement's pixels: the art at a whole multiple, centred, unblended")
    func sentAtItsPixels() throws {
        let (library, placement) = try draw(.kittyGraphics, cellPixels: Self.cellPixels)
        // 16×16 art at 2× in half-cell pixels: 32 columns, 16 rows, 288 × 304 pixels.
        #expect(placement.frame.size == Size(width: 32, height: 16))
        #expect(placement.imageSize == Size(width: 288, height: 304))
        let sent = try Image.decodePNG(try #require(library.pngBytes(forImageID: placement.imageID)))
        #expect(sent.width == 288 && sent.height == 304)
        #expect(Self.colours(of: sent).isSubset(of: Self.colours(of: Self.art)), "no colour blended from two of the art's")
        // The largest whole multiple that fits is 18 (288 / 16): 288 × 288, 8 pixels clear above and below.
        let opaqueRows = (0..<sent.height).filter { y in (0..<sent.width).contains { sent.rgba[(y * sent.width + $0) * 4 + 3] > 0 } }
        #expect(opaqueRows.first == 8 && opaqueRows.count == 288)
        // Each art pixel an 18 × 18 block of one colour.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let start = (y * sent.width + x) * 4
            return Array(sent.rgba[start..<(start + 4)])
        }
        var uneven = 0
        for y in 8..<296 {
            for x in 0..<288 where pixel(x, y) != pixel(x / 18 * 18, 8 + (y - 8) / 18 * 18) { uneven += 1 }
        }
        #expect(uneven == 0, "pixels unlike the rest of their block")
    }

    @Test("the cells of a kitty placeholder picture (inside tmux) name an image of their own pixels too")
    func placeholders() throws {
        let (library, placement) = try draw(.kittyPlaceholders, cellPixels: Self.cellPixels)
        #expect(placement.imageID < 256)
        #expect(placement.imageSize == Size(width: 288, height: 304))
        let sent = try Image.decodePNG(try #require(library.pngBytes(forImageID: placement.imageID)))
        #expect(sent.width == 288 && sent.height == 304)
    }

    @Test("each size in cells is its own image, kept for the session; without the cell size, the picture's own file")
    func sizesAndFallback() throws {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: .kittyGraphics)
        drawing.cellPixels = Self.cellPixels
        func placement(_ space: Rect) -> PicturePlacement? {
            var buffer = Buffer(size: Size(width: 80, height: 30))
            drawing.draw("art", in: space, into: &buffer, slot: 1)
            return buffer.placements.first
        }
        let large = try #require(placement(Rect(x: 0, y: 0, width: 40, height: 16)))
        let small = try #require(placement(Rect(x: 0, y: 0, width: 20, height: 10)))
        #expect(large.imageID != small.imageID && small.imageSize == Size(width: 16 * 9, height: 8 * 19))
        #expect(placement(Rect(x: 5, y: 3, width: 40, height: 16))?.imageID == large.imageID, "the same size again, elsewhere")

        let (plain, unsized) = try draw(.kittyGraphics, cellPixels: nil)
        #expect(unsized.imageSize == Size(width: 32, height: 32))
        #expect(plain.pngBytes(forImageID: unsized.imageID) == (try Self.art.encodePNG()))
    }

    @Test("the renderer transmits the sized picture and places it over exactly its cells")
    func rendered() throws {
        let (library, placement) = try draw(.kittyGraphics, cellPixels: Self.cellPixels)
        var renderer = Renderer(colorDepth: .truecolor)
        renderer.pictures = KittyImageOutput(imageData: library.pngBytes(forImageID:))
        var buffer = Buffer(size: Size(width: 80, height: 30))
        buffer.placements = [placement]
        let terminal = FakeKittyTerminal(width: 80, height: 30)
        terminal.write(renderer.render(buffer, cursor: nil))
        #expect(terminal.errors.isEmpty)
        #expect(terminal.visiblePlacements.map { [$0.imageID, UInt32($0.columns), UInt32($0.rows)] } == [[placement.imageID, 32, 16]])
        let payload = try #require(terminal.visiblePlacements.first.flatMap(terminal.shownData))
        let png = try #require(Data(base64Encoded: Data(payload)))
        let shown = try Image.decodePNG(Array(png))
        #expect(shown.width == 288 && shown.height == 304, "shown unscaled: the image is the cells' own size")
    }
}

extension KittyUnscaledTests {
    @Test("a terminal of thousands of cells each said to be the largest believed: the picture's file is sent for the terminal to scale, not gigapixels")
    func hugeFrameSendsTheFile() throws {
        let cells = TerminalSession.largestCellPixels
        let (library, placement) = try draw(.kittyGraphics, cellPixels: cells, in: Rect(x: 0, y: 0, width: 80, height: 30))
        #expect(placement.frame.width * cells.width > PictureDrawing.largestKittyImage)
        #expect(placement.imageSize == Size(width: 32, height: 32), "the art's own file: \(placement.imageSize)")
        let sent = try Image.decodePNG(try #require(library.pngBytes(forImageID: placement.imageID)))
        #expect(sent.width == 32 && sent.height == 32)
    }
}

extension KittyUnscaledTests {
    @Test("in half blocks, a space of thousands of cells holds the picture at no more than the largest half-block size, centred in it")
    func halfBlocksBoundedInAHugeSpace() throws {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: .halfBlocks(.truecolor))
        let space = Rect(x: 0, y: 0, width: 2_000, height: 600)
        var buffer = Buffer(size: space.size)
        let frame = try #require(drawing.draw("art", in: space, into: &buffer, slot: 1))
        #expect(frame.width <= PictureDrawing.largestHalfBlocks.width && frame.height <= PictureDrawing.largestHalfBlocks.height, "\(frame)")
        #expect(frame.width > 40, "still drawn large: \(frame)")
        #expect(abs(frame.x * 2 + frame.width - space.width) <= 2 && abs(frame.y * 2 + frame.height - space.height) <= 2, "centred: \(frame)")
        #expect(drawing.frame(of: "art", in: space) == frame)
    }
}

extension KittyUnscaledTests {
    @Test("sixel and inline images, made here at their frame's pixels: in a space of thousands of the largest cells believed, no more than the largest picture each way", arguments: [
        PictureMode.sixel, .inlineImages,
    ])
    func paintedPicturesBoundedInAHugeSpace(_ mode: PictureMode) throws {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: mode)
        let cells = TerminalSession.largestCellPixels
        drawing.cellPixels = cells
        let space = Rect(x: 0, y: 0, width: 2_000, height: 600)
        var buffer = Buffer(size: space.size)
        let frame = try #require(drawing.draw("art", in: space, into: &buffer, slot: 1))
        #expect(frame.width * cells.width <= PictureDrawing.largestKittyImage && frame.height * cells.height <= PictureDrawing.largestKittyImage,
                "\(frame)")
        #expect(buffer.placements.first?.frame == frame)
        drawing.cellPixels = nil
        let unsaid = try #require(drawing.frame(of: "art", in: space))
        #expect(unsaid.width * 8 <= PictureDrawing.largestKittyImage && unsaid.height * 16 <= PictureDrawing.largestKittyImage, "\(unsaid)")
    }
}
