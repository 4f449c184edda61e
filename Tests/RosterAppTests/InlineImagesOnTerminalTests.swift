import Testing
import TerminalKit
import TestSupport
@testable import RosterApp

/// The roster's pictures as iTerm2 inline images, on a terminal that keeps
/// them as cell content the way iTerm2 and WezTerm do
/// (`FakeInlineImageTerminal`): text over a cell replaces the picture there,
/// a clear removes it, and the cursor goes below each image.
@Suite("iTerm2 inline images of the roster on a terminal that keeps them in its cells")
struct InlineImagesOnTerminalTests {
    static let cellPixels = Size(width: 9, height: 18)

    final class Session {
        let roster: RosterScreenHarness
        let terminal: FakeInlineImageTerminal
        var renderer = Renderer(colorDepth: .truecolor)
        let library: PictureLibrary
        var lastFrame = Buffer(size: .zero)

        init(width: Int = 130, height: Int = 40, animations: Bool = false) throws {
            roster = try RosterScreenHarness(width: width, height: height, pictures: .inlineImages, animations: animations)
            terminal = FakeInlineImageTerminal(width: width, height: height, characterWidth: DisplayWidth.of)
            library = roster.interface.controller.pictures.library
            renderer.pictures = CellPictureOutput(cellPixels: InlineImagesOnTerminalTests.cellPixels,
                                                      art: library.image(forImageID:))
        }

        @discardableResult
        func draw(at milliseconds: Int = 0) -> Int {
            roster.window.advanceAnimations(to: milliseconds)
            let frame = roster.interface.render()
            lastFrame = frame.buffer
            let bytes = renderer.render(frame.buffer, cursor: frame.cursor)
            terminal.write(bytes)
            return bytes.count
        }

        func resize(_ width: Int, _ height: Int) {
            roster.interface.resize(to: Size(width: width, height: height))
            terminal.resize(width: width, height: height)
            renderer.invalidate()
            draw()
        }

        /// The pictures the frame wants on screen, as the renderer shows them.
        var wanted: [PicturePlacement] {
            lastFrame.placements.map { $0.clipped(to: Rect(x: 0, y: 0, width: terminal.width, height: terminal.height - 1)) }
                .filter(\.isVisible)
        }

        /// Checks that the terminal shows exactly the wanted pictures: each
        /// visible cell of each holds the matching cell of one image whose
        /// file is the picture cut to those cells, and no other cell shows
        /// any image.
        func expectPicturesAsWanted(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(terminal.errors.isEmpty, "\(context): \(terminal.errors)", sourceLocation: sourceLocation)
            #expect(terminal.scrolls == 0, "\(context): an image scrolled the screen", sourceLocation: sourceLocation)
            var expected = Set<[Int]>()
            for placement in wanted {
                let visible = placement.visible
                guard case .image(let number, 0, 0) = terminal.cells[visible.y][visible.x] else {
                    Issue.record("\(context): no image starts at \(visible.origin) for \(placement)", sourceLocation: sourceLocation)
                    continue
                }
                let shown = terminal.images[number]
                #expect(shown.columns == visible.width && shown.rows == visible.height, "\(context): \(shown.columns)×\(shown.rows) for \(visible)",
                        sourceLocation: sourceLocation)
                let file = try Image.decodePNG(shown.file)
                #expect(file.width == visible.width * cellPixels.width && file.height == visible.height * cellPixels.height,
                        "\(context): the file is \(file.width)×\(file.height) pixels", sourceLocation: sourceLocation)
                let art = try #require(library.image(forImageID: placement.imageID))
                let cells = Rect(x: visible.x - placement.frame.x, y: visible.y - placement.frame.y, width: visible.width, height: visible.height)
                let isVisiblePart = file == art.framed(in: placement.frame.size, cellPixels: cellPixels, visible: cells)
                #expect(isVisiblePart, "\(context): the file is not the picture's visible part", sourceLocation: sourceLocation)
                for y in visible.y..<visible.maxY {
                    for x in visible.x..<visible.maxX {
                        expected.insert([x, y])
                        #expect(terminal.cells[y][x] == .image(image: number, column: x - visible.x, row: y - visible.y),
                                "\(context): cell \(x),\(y) shows \(terminal.cells[y][x])", sourceLocation: sourceLocation)
                    }
                }
            }
            let stale = terminal.imageCells.subtracting(expected)
            #expect(stale.isEmpty, "\(context): \(stale.count) cells still show an old picture, e.g. \(stale.sorted { $0.lexicographicallyPrecedes($1) }.prefix(3))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("the first frame shows the monster's picture, cut to whole cells, the art enlarged by whole pixels")
    func firstFrame() throws {
        let session = try Session()
        session.draw()
        #expect(session.wanted.count == 1)
        try session.expectPicturesAsWanted("first frame")
        let shown = try #require(session.terminal.images.first)
        #expect(shown.arguments["preserveAspectRatio"] == "0" && shown.arguments["inline"] == "1")
    }

    @Test("moving through the list draws each monster's picture and leaves none of the last one behind")
    func moving() throws {
        let session = try Session()
        session.draw()
        for _ in 0..<5 {
            session.roster.press(.down)
            session.draw()
            try session.expectPicturesAsWanted("after a move")
        }
        session.roster.press(.up)
        session.draw()
        let images = session.terminal.images.count
        // Nothing moved on screen but the highlighted row: nothing is sent again.
        session.draw()
        #expect(session.terminal.images.count == images)
    }

    @Test("after each resize the pictures are drawn again, whatever the clear took")
    func resizes() throws {
        let session = try Session()
        session.draw()
        for (width, height) in [(150, 45), (90, 28), (200, 60), (130, 40)] {
            session.resize(width, height)
            try session.expectPicturesAsWanted("at \(width)×\(height)")
        }
    }

    @Test("while the weapon panel slides in and out, every frame shows only the uncovered part of each picture, never on the bottom row")
    func slide() throws {
        let session = try Session(width: 130, height: 47, animations: true)
        session.draw()
        session.roster.press(.character("w"))
        var now = 1000
        for frame in 0..<20 {
            session.draw(at: now)
            try session.expectPicturesAsWanted("opening, frame \(frame)")
            now += 12
        }
        #expect(session.wanted.count == 1 + 5, "the icon and the panel's five weapons")
        session.roster.press(.escape)
        for frame in 0..<20 {
            session.draw(at: now)
            try session.expectPicturesAsWanted("closing, frame \(frame)")
            now += 12
        }
        #expect(session.wanted.count == 1)
        for image in session.terminal.images {
            #expect(image.row + image.rows < 47, "an image reached the bottom row: \(image.row)+\(image.rows)")
        }
    }

    @Test("after Ctrl-Z and fg, when the terminal cleared the screen, the pictures come back")
    func suspend() throws {
        let session = try Session()
        session.draw()
        session.terminal.write(Array("\u{1B}[2J".utf8))
        session.renderer.invalidate()
        session.draw()
        try session.expectPicturesAsWanted("after fg")
    }
}
