import Testing
@testable import TerminalKit

/// The roster's pictures in 16 and 256 colours, compared with their
/// truecolor selves: what made them readable must survive.
@Suite("Pictures reduced to 16 and 256 colours keep their outlines")
struct PictureColorReductionTests {
    static let pictures = ["meetcatbot.png", "meetdogbot.png", "meetexplodebot.png", "meetfirebot.png", "meeticebot.png",
                           "meetminitomatobot.png", "blowgun.png", "fire.png", "ninjastar.png", "smoke.png", "sword.png", "unknown.png"]

    func art(_ name: String) throws -> Image {
        try Image.decodePNG(try shippedPNG(name)).art
    }

    func lab(_ color: Color?) -> Oklab? {
        switch color {
        case .ansi(let index)?, .indexed(let index)?:
            let rgb = ColorConversion.rgb(ofIndexed: index)
            return Oklab(rgb.0, rgb.1, rgb.2)
        case .rgb(let r, let g, let b)?: return Oklab(r, g, b)
        default: return nil
        }
    }

    /// Every pair of touching pixels (a transparent one standing for a
    /// black background) that look clearly different in truecolor.
    func edges(_ image: Image) -> [(RGBA, RGBA?)] {
        var pairs: [(RGBA, RGBA?)] = []
        let black = Oklab(0, 0, 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                guard pixel.alpha >= 128 else { continue }
                for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                    let other = image[x + dx, y + dy]
                    let neighbour: RGBA? = other.alpha >= 128 ? other : nil
                    let here = Oklab(pixel.red, pixel.green, pixel.blue)
                    let there = neighbour.map { Oklab($0.red, $0.green, $0.blue) } ?? black
                    if here.distance(to: there).squareRoot() > PictureColorReduction.edgeDistance { pairs.append((pixel, neighbour)) }
                }
            }
        }
        return pairs
    }

    @Test("every outline against the background and every clear edge inside stays an edge", arguments: [ColorDepth.ansi16, .indexed256])
    func outlinesStay(depth: ColorDepth) throws {
        for name in Self.pictures {
            let image = try art(name)
            let picture = HalfBlockPicture(pixelForPixel: image, depth: depth)
            let table = PictureColorReduction.table(for: image, depth: depth)
            func shown(_ pixel: RGBA?) -> Color? {
                guard let pixel else { return depth == .ansi16 ? .ansi(0) : .indexed(16) }
                return HalfBlockPicture.color(pixel, depth: depth, matte: nil, table: table)
            }
            let lost = edges(image).filter { shown($0.0) == shown($0.1) }
            let total = edges(image).count
            #expect(lost.isEmpty, "\(name) at \(depth): \(lost.count) of \(total) edges lost, e.g. \(lost.prefix(3).map { "\($0.0)–\($0.1.map(\.description) ?? "background")" })")
            #expect(picture.size.width == image.width)
        }
    }

    @Test("with 16 colours a coloured pixel keeps a colour: pink is not white, gold not grey")
    func huesStay() throws {
        let table = PictureColorReduction.table(for: Image(rows: [[RGBA(0xF5, 0x8F, 0xB6), RGBA(0xFF, 0xD8, 0x4A), RGBA(0xD8, 0x42, 0x3A)]]),
                                                depth: .ansi16)
        for (color, reduced) in table {
            #expect(![Color.ansi(0), .ansi(7), .ansi(8), .ansi(15)].contains(reduced), "\(color) became grey \(reduced)")
        }
        #expect(table[RGBA(0xFF, 0xD8, 0x4A)] == .ansi(3) || table[RGBA(0xFF, 0xD8, 0x4A)] == .ansi(11))
    }

    @Test("each colour stays close to itself: reduction moves a colour only to keep an edge")
    func closeToTruecolor() throws {
        for name in Self.pictures {
            let image = try art(name)
            let table = PictureColorReduction.table(for: image, depth: .indexed256)
            for (color, reduced) in table {
                let error = try #require(lab(reduced)).distance(to: Oklab(color.red, color.green, color.blue)).squareRoot()
                #expect(error < 0.15, "\(name): \(color) drawn as \(reduced), \(error) away")
            }
        }
    }
}
