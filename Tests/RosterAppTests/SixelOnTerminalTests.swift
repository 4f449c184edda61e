import Testing
import TerminalKit
import TestSupport
@testable import RosterApp

/// The roster's sixel pictures as xterm would paint them
/// (`FakeSixelTerminal` keeps its rules): at every frame, picture pixels
/// lie only where a picture is meant to show, through moving down, the
/// weapon panel sliding in and out, resizes and a suspend.
@Suite("Sixel pictures of the roster on a terminal that paints like xterm")
struct RosterSixelOnTerminalTests {
    final class Session {
        let roster: RosterScreenHarness
        let terminal: FakeSixelTerminal
        var renderer = Renderer(colorDepth: .truecolor)
        /// Where the last frame meant pictures to show.
        var meant: [Rect] = []

        init(width: Int = 130, height: Int = 47, animations: Bool = false) throws {
            roster = try RosterScreenHarness(width: width, height: height, pictures: .sixel, animations: animations)
            terminal = FakeSixelTerminal(width: width, height: height, cellSize: (9, 18))
            let library = roster.interface.controller.pictures.library
            renderer.pictures = CellPictureOutput(cellSize: Size(width: 9, height: 18), registers: 256,
                                         image: library.image(forImageID:))
        }

        func draw(at milliseconds: Int = 0) {
            roster.window.advanceAnimations(to: milliseconds)
            let frame = roster.interface.render()
            meant = frame.buffer.placements.filter(\.isVisible).map(\.visible)
            terminal.write(renderer.render(frame.buffer, cursor: frame.cursor))
        }

        func resize(_ width: Int, _ height: Int) {
            roster.interface.resize(to: Size(width: width, height: height))
            terminal.resize(width: width, height: height)
            renderer.invalidate()
            draw()
        }

        /// Cells showing picture pixels where no picture is meant to be.
        var stray: [Point] {
            var found: [Point] = []
            for row in 0..<terminal.height {
                for column in 0..<terminal.width where terminal.picturePixels(column: column, row: row) > 0 {
                    let point = Point(x: column, y: row)
                    if !meant.contains(where: { $0.contains(point) }) { found.append(point) }
                }
            }
            return found
        }

        /// The meant pictures (uncut) that show no pixels at all.
        var missing: [Rect] {
            meant.filter { rect in
                rect.height > 1 && terminal.picturePixels(columns: rect.x..<rect.maxX, rows: rect.y..<rect.maxY) == 0
            }
        }
    }

    @Test("the icon is painted at start, after moving down, and after every resize")
    func moveAndResize() throws {
        let session = try Session()
        session.draw()
        #expect(!session.meant.isEmpty)
        #expect(session.missing.isEmpty && session.stray.isEmpty)
        session.roster.press(.down)
        session.draw()
        #expect(session.missing.isEmpty, "\(session.missing)")
        #expect(session.stray.isEmpty, "the first monster's picture is gone: \(session.stray.prefix(5))")
        for (width, height) in [(150, 50), (100, 30), (140, 45)] {
            session.resize(width, height)
            #expect(!session.meant.isEmpty, "a picture at \(width)×\(height)")
            #expect(session.missing.isEmpty, "painted at \(width)×\(height)")
            #expect(session.stray.isEmpty, "nothing stray at \(width)×\(height)")
            #expect(session.terminal.scrolls == 0)
        }
    }

    @Test("while the weapon panel slides in and out, every frame shows pictures only where they are meant, none on the last row")
    func slide() throws {
        let session = try Session(animations: true)
        session.draw()
        session.roster.press(.character("w"))
        var now = 1000
        var frames = 0
        func step() {
            session.draw(at: now)
            now += 12
            frames += 1
            #expect(session.stray.isEmpty, "frame \(frames): \(session.stray.prefix(5))")
            #expect(!session.terminal.rowsWithPictures.contains(session.terminal.height - 1), "frame \(frames)")
            #expect(session.terminal.scrolls == 0, "frame \(frames)")
        }
        for _ in 0..<20 { step() }
        #expect(session.meant.count == 1 + 5, "the icon and the panel's five pictures")
        #expect(session.missing.isEmpty, "\(session.missing)")
        session.roster.press(.right)
        session.roster.press(.enter)
        for _ in 0..<20 { step() }
        #expect(session.meant.count == 1)
        #expect(session.missing.isEmpty)
    }

    @Test("after Ctrl-Z and fg the pictures are painted again")
    func suspend() throws {
        let session = try Session()
        session.draw()
        session.terminal.write(session.renderer.removeGraphics())
        session.terminal.write(Array("\u{1B}[H\u{1B}[2J".utf8))
        session.renderer.invalidate()
        session.draw()
        #expect(!session.meant.isEmpty && session.missing.isEmpty && session.stray.isEmpty)
    }
}
