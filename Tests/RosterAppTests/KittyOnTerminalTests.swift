import Testing
import TerminalKit
import TestSupport
@testable import RosterApp

/// The roster's kitty pictures as kitty itself would show them
/// (`FakeKittyTerminal` keeps its rules): through resizes, suspends and a
/// panel sliding over them.
@Suite("Kitty pictures of the roster on a terminal that frees and clamps like kitty")
struct RosterKittyOnTerminalTests {
    final class Session {
        let roster: RosterScreenHarness
        let terminal: FakeKittyTerminal
        var renderer = Renderer(colorDepth: .truecolor)
        let library: PictureLibrary

        init(width: Int = 130, height: Int = 40, animations: Bool = false) throws {
            roster = try RosterScreenHarness(width: width, height: height, pictures: .kittyGraphics, animations: animations)
            terminal = FakeKittyTerminal(width: width, height: height)
            library = roster.interface.controller.pictures.library
            renderer.pictures = KittyImageOutput(imageData: library.pngBytes(forImageID:))
        }

        func draw(at milliseconds: Int = 0) {
            roster.window.advanceAnimations(to: milliseconds)
            let frame = roster.interface.render()
            terminal.write(renderer.render(frame.buffer, cursor: frame.cursor))
        }

        func resize(_ width: Int, _ height: Int) {
            roster.interface.resize(to: Size(width: width, height: height))
            terminal.resize(width: width, height: height)
            renderer.invalidate()
            draw()
        }
    }

    @Test("the icon shows after every resize, and after resizing back")
    func resizes() throws {
        let session = try Session()
        session.draw()
        #expect(session.terminal.visiblePlacements.count == 1)
        for (width, height) in [(150, 45), (120, 40), (140, 45)] {
            session.resize(width, height)
            #expect(session.terminal.errors.isEmpty, "\(session.terminal.errors)")
            #expect(session.terminal.visiblePlacements.count == 1, "both pictures at \(width)×\(height)")
        }
    }

    @Test("while the weapon panel slides in and out, every picture lies on the screen, none on the bottom row early")
    func slide() throws {
        let session = try Session(width: 130, height: 47, animations: true)
        session.draw()
        session.roster.press(.character("w"))
        var now = 1000
        for _ in 0..<20 {
            session.draw(at: now)
            now += 12
        }
        #expect(session.terminal.visiblePlacements.count == 1 + 5, "the panel's five pictures and the two above")
        session.roster.press(.escape)
        for _ in 0..<20 {
            session.draw(at: now)
            now += 12
        }
        #expect(session.terminal.visiblePlacements.count == 1)
        for placement in session.terminal.placementHistory {
            #expect(placement.fits(width: 130, height: 47), "\(placement)")
        }
    }

    @Test("the weapon panel keeps its five pictures at 100 and 90 columns, where kitty draws them in fewer cells than half blocks", arguments: [100, 90])
    func narrowPanel(width: Int) throws {
        let session = try Session(width: width, height: 40)
        session.roster.interface.controller.pictures.cellPixels = Size(width: 8, height: 16)
        session.draw()
        let before = session.terminal.visiblePlacements.count
        session.roster.press(.character("w"))
        session.draw()
        #expect(session.terminal.visiblePlacements.count == before + 5, "\(session.roster.interface.render().buffer.lines.suffix(14).joined(separator: "\n"))")
        #expect(session.terminal.errors.isEmpty, "\(session.terminal.errors)")
    }

    @Test("after Ctrl-Z and fg the pictures are placed again")
    func suspend() throws {
        let session = try Session()
        session.draw()
        session.terminal.write(session.renderer.removeGraphics())
        // The terminal is given back and taken again: kitty clears the alternate screen.
        session.terminal.write(Array("\u{1B}[?1049l\u{1B}[?1049h\u{1B}[2J".utf8))
        session.renderer.invalidate()
        session.draw()
        #expect(session.terminal.errors.isEmpty, "\(session.terminal.errors)")
        #expect(session.terminal.visiblePlacements.count == 1)
    }
}
