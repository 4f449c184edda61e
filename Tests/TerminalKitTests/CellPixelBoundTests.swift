import Foundation
import Testing
@testable import TerminalKit

/// A terminal that reports a huge pixel size (65535 × 65535, which a broken
/// terminal, proxy or ssh client can send) made `show` take 3.3 GB and a
/// minute, and the interface ignore keys for 14 s: the cell size is bounded
/// whatever the terminal says. (Read from a real pseudo-terminal by
/// `HugePixelSizeTests`, in a child process: a pty opened and closed in
/// the test process can hang up the session it runs in.)
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
}
