import Testing
import TestSupport
@testable import TerminalKit

/// Encoding pictures as sixel: the bytes, the colours kept within the
/// terminal's registers, the whole-multiple sizes, and the probe's
/// question about registers.
@Suite("Sixel pictures")
struct SixelTests {
    static let red = RGBA(255, 0, 0)
    static let blue = RGBA(0, 0, 255)

    @Test("a small picture encodes to the exact sixel string: square pixels, palette in percent, transparency kept")
    func exactBytes() {
        let image = Image(rows: [[Self.red, .clear], [Self.blue, Self.red]])
        let bytes = String(decoding: Sixel.encode(image, registers: 256), as: UTF8.self)
        // Red is the more common colour, so it takes register 0.
        #expect(bytes == "\u{1B}P0;1;0q\"1;1;2;2#0;2;100;0;0#1;2;0;0;100#0@A$#1A-\u{1B}\\")
    }

    @Test("runs of the same column repeat with !count")
    func runLength() {
        let image = Image(rows: [Array(repeating: Self.red, count: 10)])
        let bytes = String(decoding: Sixel.encode(image, registers: 16), as: UTF8.self)
        #expect(bytes.contains("#0!10@-"))
    }

    @Test("what a terminal paints from the encoding is the picture's opaque pixels, in the right cells")
    func paintedOnTerminal() {
        // 16×32 pixels: two cells of 8×16, the right half transparent.
        let rows = (0..<32).map { _ in Array(repeating: Self.red, count: 8) + Array(repeating: RGBA.clear, count: 8) }
        let terminal = FakeSixelTerminal(width: 10, height: 5, cellSize: (8, 16))
        terminal.write(Array("\u{1B}[2;3H".utf8) + Sixel.encode(Image(rows: rows), registers: 16))
        #expect(terminal.picturePixels(column: 2, row: 1) == 8 * 16)
        #expect(terminal.picturePixels(column: 2, row: 2) == 8 * 16)
        #expect(terminal.picturePixels(column: 3, row: 1) == 0, "transparent pixels paint nothing")
        #expect(terminal.scrolls == 0)
    }

    @Test("with as many registers as colours, every colour is kept exactly")
    func exactPalette() {
        let colors = (0..<20).map { RGBA(UInt8($0 * 12), UInt8(255 - $0 * 12), 80) }
        let palette = SixelPalette(Image(rows: [colors]), registers: 20)
        #expect(Set(palette.colors) == Set(colors))
    }

    @Test("with fewer registers, the colours that look alike are merged and an outline keeps its own colour")
    func fewerRegisters() {
        // Pixel art: an outline, and many shades of one pink.
        let outline = RGBA(20, 12, 30)
        let pinks = (0..<30).map { RGBA(240, UInt8(120 + $0), UInt8(170 + $0)) }
        let gold = RGBA(230, 180, 40)
        let image = Image(rows: [pinks + [outline, outline, gold]])
        var palette = SixelPalette(image, registers: 4)
        #expect(palette.colors.count == 4)
        #expect(palette.colors.contains(outline))
        #expect(palette.colors.contains(gold))
        // Each pixel's register is its nearest colour: the outline's pixels kept theirs.
        #expect(palette.colors[palette.indices(of: image)[30]] == outline)
        let encoded = String(decoding: Sixel.encode(image, registers: 4), as: UTF8.self)
        #expect(!encoded.contains("#4;2;"), "no fifth register is defined")
    }

    @Test("a photograph with thousands of colours is cut down to the registers")
    func manyColors() {
        var rows: [[RGBA]] = []
        for y in 0..<64 {
            var row: [RGBA] = []
            for x in 0..<64 { row.append(RGBA(UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2))) }
            rows.append(row)
        }
        var palette = SixelPalette(Image(rows: rows), registers: 16)
        #expect(palette.colors.count == 16)
        #expect(!palette.indices(of: Image(rows: rows)).contains(-1))
    }

    @Test("the palette is made once per picture: a crop gives each colour the register it has in the whole picture, and defines only those it uses")
    func paletteOncePerPicture() {
        let outline = RGBA(20, 12, 30)
        let gold = RGBA(230, 180, 40)
        // The outline is the commoner colour, so it gets register 0 and gold register 1.
        let picture = Image(rows: [[outline, outline, outline, gold]])
        var palette = SixelPalette(picture, registers: 256)
        #expect(palette.colors == [outline, gold])
        let goldOnly = String(decoding: Sixel.encode(Image(rows: [[gold, gold]]), palette: &palette), as: UTF8.self)
        #expect(goldOnly.contains("#1;2;90;71;16") && !goldOnly.contains("#0;2;"), "\(goldOnly.debugDescription)")
        // A colour the picture never had takes the closest register.
        let nearGold = String(decoding: Sixel.encode(Image(rows: [[RGBA(228, 182, 40)]]), palette: &palette), as: UTF8.self)
        #expect(nearGold.contains("#1;2;"))
    }

    @Test("pixel art is drawn at the largest whole multiple that fits the frame, centred")
    func wholeMultiples() {
        // 4×4 art stored at 4×: 16×16 pixels in 4×4 blocks.
        let art = (0..<4).map { y in (0..<4).map { x in (x + y) % 2 == 0 ? Self.red : Self.blue } }
        let stored = Image(rows: art.flatMap { row in Array(repeating: row.flatMap { Array(repeating: $0, count: 4) }, count: 4) })
        #expect(stored.artScale == 4)
        // A frame of 4×2 cells of 7×15 pixels: 28×30 pixels, so 7× (28×28), one row of margin above and below.
        let frame = Rect(x: 0, y: 0, width: 4, height: 2)
        let pixels = SixelPicture.pixels(of: stored, frame: frame, visible: frame, cellSize: Size(width: 7, height: 15))
        #expect(pixels.width == 28 && pixels.height == 30)
        #expect(pixels[0, 0] == .clear)
        #expect(pixels[0, 1] == Self.red)
        #expect(pixels[6, 1] == Self.red && pixels[7, 1] == Self.blue, "each art pixel is exactly 7 pixels wide")
        #expect(pixels[27, 28] == Self.red && pixels[27, 29] == .clear)
    }

    @Test("a picture cut to its visible cells keeps only their pixels, in place")
    func cropped() {
        let stored = Image(rows: (0..<16).map { y in Array(repeating: y < 8 ? Self.red : Self.blue, count: 16) })
        let frame = Rect(x: 10, y: 5, width: 2, height: 2)
        let pixels = SixelPicture.pixels(of: stored, frame: frame, visible: Rect(x: 10, y: 6, width: 2, height: 1),
                                         cellSize: Size(width: 8, height: 8))
        #expect(pixels.width == 16 && pixels.height == 8)
        #expect(pixels[0, 0] == Self.blue, "the lower half is what shows")
    }

    @Test("XTSMGRAPHICS replies give the number of colour registers; failures give none")
    func registersReply() {
        #expect(Sixel.colorRegisters(inReply: Array("\u{1B}[?1;0;256S".utf8)) == 256)
        #expect(Sixel.colorRegisters(inReply: Array("\u{1B}[?1;0;1024S".utf8)) == 1024)
        #expect(Sixel.colorRegisters(inReply: Array("\u{1B}[?1;3;0S".utf8)) == nil)
        #expect(Sixel.colorRegisters(inReply: Array("\u{1B}[?2;0;800;600S".utf8)) == nil)
    }

    @Test("the probe asks for the registers before the device attributes, in the same write, and reads the answer")
    func probe() throws {
        let request = String(decoding: TerminalProbe.request, as: UTF8.self)
        let query = try #require(request.range(of: "\u{1B}[?1;1;0S"))
        let deviceAttributes = try #require(request.range(of: "\u{1B}[c"))
        #expect(query.upperBound <= deviceAttributes.lowerBound)
        var probe = TerminalProbe()
        let registers = probe.read(Array("\u{1B}[?1;0;256S".utf8))
        let attributes = probe.read(Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(registers && attributes)
        #expect(probe.followUp() != nil, "then the kitty question")
        probe.read(Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(probe.sixel && probe.sixelRegisters == 256 && probe.isComplete)
    }

    @Test("the XTSMGRAPHICS reply is a reply for the input decoder, never keys, early or late")
    func replyIsNotKeys() {
        var decoder = KeyDecoder()
        var replies: [[UInt8]] = []
        let events = decoder.feed(Array("\u{1B}[?1;0;256Sx".utf8), replies: &replies)
        #expect(replies == [Array("\u{1B}[?1;0;256S".utf8)])
        #expect(events == [.key(.character("x"))])
    }
}

extension Sixel {
    /// The image in its own colours reduced to at most `registers`, as a
    /// picture that is not a crop of another is sent.
    static func encode(_ image: Image, registers: Int) -> [UInt8] {
        var palette = SixelPalette(image, registers: registers)
        return encode(image, palette: &palette)
    }
}
