import Foundation
import Testing
@testable import TerminalKit

/// Pixel art grows and shrinks only by whole multiples of its own pixels.
@Suite("Pictures sized by whole pixels")
struct WholePixelTests {
    /// A 4×2 drawing saved at 3× (12×6), as the roster's 16×16 art is saved at 4×.
    let art = Image(rows: [
        [.init(255, 0, 0), .init(0, 255, 0), .init(0, 0, 255), .clear],
        [.init(0, 0, 0), .init(255, 255, 255), .init(9, 9, 9), .init(200, 100, 50)],
    ])

    func enlarged(_ image: Image, by factor: Int) -> Image {
        Image(rows: (0..<(image.height * factor)).map { y in
            (0..<(image.width * factor)).map { x in image[x / factor, y / factor] }
        })
    }

    @Test("the art's own pixel size is found in the file, and the art recovered exactly")
    func artScale() {
        let saved = enlarged(art, by: 3)
        #expect(saved.artScale == 3)
        #expect(saved.art == art)
        #expect(art.artScale == 1)
    }

    @Test("a space takes the largest whole multiple of the art; too small a space takes none")
    func multiples() {
        let saved = enlarged(art, by: 3)
        #expect(saved.pixelSize(fitting: Size(width: 4, height: 1)) == Size(width: 4, height: 2))
        #expect(saved.pixelSize(fitting: Size(width: 11, height: 10)) == Size(width: 8, height: 4), "2×, not 2.75×")
        #expect(saved.pixelSize(fitting: Size(width: 40, height: 3)) == Size(width: 12, height: 6), "3× by height")
        #expect(saved.pixelSize(fitting: Size(width: 3, height: 10)) == .zero, "never shrunk below 1×")
        #expect(saved.cellSize(fitting: Size(width: 11, height: 10)) == Size(width: 8, height: 2))
    }

    @Test("half blocks at 2× repeat each art pixel, never blend neighbours")
    func sharpHalfBlocks() {
        let saved = enlarged(art, by: 3)
        let picture = HalfBlockPicture(saved, fitting: Size(width: 8, height: 2), depth: .truecolor)
        #expect(picture.size == Size(width: 8, height: 2))
        for row in 0..<2 {
            for column in 0..<8 {
                let pixels = picture.pixels(column: column, row: row)
                #expect(pixels.upper == HalfBlockPicture.color(art[column / 2, row], depth: .truecolor, matte: nil))
                #expect(pixels.lower == HalfBlockPicture.color(art[column / 2, row], depth: .truecolor, matte: nil))
            }
        }
    }

    @Test("the roster's pictures are 16×16 art saved at 4×")
    func rosterArt() throws {
        let library = PictureLibrary { try? shippedPNG($0) }
        let cat = try #require(library.image(named: "meetcatbot.png"))
        #expect(cat.artScale == 4)
        #expect(cat.cellSize(fitting: Size(width: 10, height: 5)) == .zero)
        #expect(cat.cellSize(fitting: Size(width: 40, height: 20)) == Size(width: 32, height: 16))
    }
}
