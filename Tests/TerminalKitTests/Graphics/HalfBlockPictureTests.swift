import Testing
import TerminalKit

@Suite("Drawing pictures with half blocks")
struct HalfBlockPictureTests {
    static let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), green = RGBA(0, 255, 0)
    static let ground = Color.rgb(10, 20, 30)

    /// Two columns, four pixel rows: two cell rows.
    static let small = Image(rows: [
        [red, .clear],
        [blue, green],
        [.clear, .clear],
        [RGBA(255, 255, 255, 200), RGBA(0, 0, 0, 100)],
    ])

    func canvas() -> Buffer {
        var buffer = Buffer(size: Size(width: 4, height: 3))
        buffer.fill(buffer.bounds, with: "x", style: Style(background: Self.ground))
        return buffer
    }

    @Test("each cell is ▀ with the upper pixel as foreground and the lower as background; transparency shows the cell's background")
    func cellByCell() {
        var buffer = canvas()
        buffer.draw(HalfBlockPicture(pixelForPixel: Self.small, depth: .truecolor), at: Point(x: 1, y: 1))
        // Both pixels drawn.
        #expect(buffer[1, 1] == Cell("▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))))
        // Only the lower pixel: a lower half block over the existing background.
        #expect(buffer[2, 1] == Cell("▄", style: Style(foreground: .rgb(0, 255, 0), background: Self.ground)))
        // A pixel at least half opaque is drawn in its own colour…
        #expect(buffer[1, 2] == Cell("▄", style: Style(foreground: .rgb(255, 255, 255), background: Self.ground)))
        // …a fainter one is not: the whole cell is the background, its text gone.
        #expect(buffer[2, 2] == Cell(" ", style: Style(background: Self.ground)))
        // Cells outside the picture are untouched.
        #expect(buffer[0, 1] == Cell("x", style: Style(background: Self.ground)))
        #expect(buffer[3, 2] == Cell("x", style: Style(background: Self.ground)))
        #expect(buffer.lines == ["xxxx", "x▀▄x", "x▄ x"])
    }

    @Test("a partly transparent pixel is blended over the matte when the colour underneath is known")
    func matte() {
        let picture = HalfBlockPicture(pixelForPixel: Self.small, depth: .truecolor, matte: RGBA(0, 0, 0))
        #expect(picture.pixels(column: 0, row: 1).lower == .rgb(200, 200, 200))
        #expect(picture.pixels(column: 1, row: 1).lower == nil)
        #expect(picture.pixels(column: 0, row: 0).upper == .rgb(255, 0, 0))
    }

    @Test("colours are reduced to what the terminal shows: 256 colours and 16 colours")
    func reducedDepths() {
        let indexed = HalfBlockPicture(pixelForPixel: Self.small, depth: .indexed256)
        #expect(indexed.pixels(column: 0, row: 0).upper == .indexed(196))
        #expect(indexed.pixels(column: 0, row: 0).lower == .indexed(21))
        #expect(indexed.pixels(column: 1, row: 0).lower == .indexed(46))
        #expect(indexed.pixels(column: 0, row: 1).lower == .indexed(231))
        let ansi = HalfBlockPicture(pixelForPixel: Self.small, depth: .ansi16)
        #expect(ansi.pixels(column: 0, row: 0).upper == .ansi(9))
        #expect(ansi.pixels(column: 0, row: 0).lower == .ansi(4))
        #expect(ansi.pixels(column: 1, row: 0).lower == .ansi(10))
        #expect(ansi.pixels(column: 0, row: 1).lower == .ansi(15))
    }

    @Test("an image fits its space keeping its aspect ratio: one column and half a row per pixel")
    func fitting() {
        let square = Image(width: 64, height: 64, rgba: [UInt8](repeating: 255, count: 64 * 64 * 4))
        #expect(square.cellSize(fitting: Size(width: 16, height: 8)) == Size(width: 16, height: 8))
        #expect(square.cellSize(fitting: Size(width: 10, height: 8)) == Size(width: 10, height: 5))
        #expect(square.cellSize(fitting: Size(width: 40, height: 8)) == Size(width: 16, height: 8))
        #expect(square.cellSize(fitting: Size(width: 40, height: 30)) == Size(width: 40, height: 20))
        #expect(square.cellSize(fitting: Size(width: 0, height: 8)) == .zero)
        let wide = Image(width: 32, height: 16, rgba: [UInt8](repeating: 255, count: 32 * 16 * 4))
        #expect(wide.cellSize(fitting: Size(width: 16, height: 8)) == Size(width: 16, height: 4))
        // A terminal whose cells are 2.5 times as tall as wide gets fewer rows for kitty.
        #expect(square.cellSize(fitting: Size(width: 20, height: 8), cellAspect: 2.5) == Size(width: 20, height: 8))
        #expect(square.cellSize(fitting: Size(width: 10, height: 8), cellAspect: 2.5) == Size(width: 10, height: 4))
    }

    @Test("shrinking a shipped picture by a whole number gives back the exact pixel art")
    func exactShrink() throws {
        for sprite in try ArtSprite.all() {
            let image = try Image.decodePNG(try shippedPNG(sprite.name + ".png"))
            #expect(image.resampled(to: Size(width: 16, height: 16)) == Image(rows: sprite.rows), "\(sprite.name)")
        }
    }

    @Test("shrinking averages the covered pixels, weighted by alpha, so transparent pixels lend no colour")
    func averaging() {
        let image = Image(rows: [[Self.red, .clear], [Self.blue, RGBA(0, 0, 255, 0)]])
        let one = image.resampled(to: Size(width: 1, height: 1))
        #expect(one[0, 0] == RGBA(128, 0, 128, 128))
        let doubled = Image(rows: [[Self.red, Self.blue]]).resampled(to: Size(width: 4, height: 2))
        #expect(doubled == Image(rows: [[Self.red, Self.red, Self.blue, Self.blue], [Self.red, Self.red, Self.blue, Self.blue]]))
    }

    @Test("a fitted picture is centred in its rectangle")
    func centred() throws {
        let sword = try Image.decodePNG(try shippedPNG("sword.png"))
        var buffer = Buffer(size: Size(width: 24, height: 10))
        let placed = sword.cellRect(fitting: Rect(x: 2, y: 1, width: 20, height: 8))
        buffer.draw(HalfBlockPicture(sword, fitting: placed.size, depth: .truecolor), at: placed.origin)
        #expect(placed == Rect(x: 4, y: 1, width: 16, height: 8))
        // 16×16 pixel art does not fit 10 columns at 1×: it takes no room, never a shrunk copy.
        #expect(sword.cellRect(fitting: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
        #expect(sword.cellRect(fitting: Rect(x: 0, y: 0, width: 40, height: 20)) == Rect(x: 4, y: 2, width: 32, height: 16))
        #expect(buffer[3, 1] == .blank)
        // The sword's tip: art row 0 ends in three outline pixels, row 1 holds "kwsk".
        #expect(buffer[4 + 15, 1] == Cell("▀", style: Style(foreground: .rgb(0x1E, 0x1A, 0x2E), background: .rgb(0x1E, 0x1A, 0x2E))))
        #expect(buffer[4 + 14, 1] == Cell("▀", style: Style(foreground: .rgb(0x1E, 0x1A, 0x2E), background: .rgb(0xB9, 0xC4, 0xD2))))
        #expect(buffer[4, 1] == Cell(" ", style: .plain))
    }

    @Test("without colour nothing is drawn: the caller shows the glyph")
    func noColor() throws {
        let colourless = HalfBlockPicture(pixelForPixel: Self.small, depth: .none)
        #expect(colourless.pixels(column: 0, row: 0) == (nil, nil))
        #expect(PictureMode.best(colorDepth: .none, probe: nil, environment: { _ in nil }) == .text)
        #expect(PictureMode.best(colorDepth: .indexed256, probe: nil, environment: { _ in nil }) == .halfBlocks(.indexed256))
    }

    @Test("a picture partly off the buffer is clipped, not a crash")
    func clipped() {
        var buffer = Buffer(size: Size(width: 3, height: 2))
        buffer.draw(HalfBlockPicture(pixelForPixel: Self.small, depth: .truecolor), at: Point(x: -1, y: 1))
        #expect(buffer[0, 1] == Cell("▄", style: Style(foreground: .rgb(0, 255, 0))))
        buffer.draw(HalfBlockPicture(pixelForPixel: Self.small, depth: .truecolor), at: Point(x: 2, y: -1))
        #expect(buffer[2, 0] == Cell("▄", style: Style(foreground: .rgb(255, 255, 255))))
    }
}
