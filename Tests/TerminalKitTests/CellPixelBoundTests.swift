import Foundation
import Testing
@testable import TerminalKit

/// A terminal that reports a huge pixel size (65535 × 65535, which a broken
/// terminal, proxy or ssh client can send) made `show` take 3.3 GB and a
/// minute, and the interface ignore keys for 14 s: the cell size is bounded
/// whatever the terminal says.
@Suite("The pixel size a terminal reports")
struct CellPixelBoundTests {
    @Test("a real cell size is kept; a huge one is scaled down whole to the bound, its shape kept")
    func bounded() {
        #expect(TerminalSession.boundedCellSize(Size(width: 10, height: 20)) == Size(width: 10, height: 20))
        #expect(TerminalSession.boundedCellSize(Size(width: 64, height: 128)) == Size(width: 64, height: 128))
        #expect(TerminalSession.boundedCellSize(Size(width: 819, height: 2730)) == Size(width: 38, height: 128))
        #expect(TerminalSession.boundedCellSize(Size(width: 65535, height: 1)) == Size(width: 64, height: 1))
        #expect(TerminalSession.boundedCellSize(Size(width: 1, height: 65535)) == Size(width: 1, height: 128))
    }

    @Test("read from a pseudo-terminal that says 65535 × 65535 pixels")
    func fromTerminal() throws {
        var master: Int32 = 0, slave: Int32 = 0
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 65535, ws_ypixel: 65535)
        #expect(openpty(&master, &slave, nil, nil, &size) == 0)
        defer { close(master); close(slave) }
        let cell = try #require(TerminalSession.cellPixelSize(slave))
        #expect(cell.width <= TerminalSession.largestCellPixels.width && cell.height <= TerminalSession.largestCellPixels.height)
    }
}
