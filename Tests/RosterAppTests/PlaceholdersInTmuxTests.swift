import Testing
import TerminalKit
@testable import RosterApp

/// The roster's pictures as kitty placeholder cells, as tmux keeps them
/// in its grid: every placeholder names the right image, row and column,
/// and a panel sliding over a picture replaces its cells, frame by frame.
@Suite("Kitty placeholder pictures of the roster, as tmux's cell grid holds them")
struct PlaceholdersInTmuxTests {
    /// Checks every cell of `buffer`: a placeholder lies inside a picture
    /// of its image and names its own place there; returns how many there are.
    @discardableResult
    func expectPlaceholdersInPlace(_ buffer: Buffer, _ context: String) -> Int {
        var count = 0
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                guard let position = KittyPlaceholders.position(of: cell.text) else { continue }
                count += 1
                let owner = buffer.placements.first { placement in
                    cell.style.foreground == .indexed(UInt8(placement.imageID)) && placement.frame.contains(Point(x: x, y: y))
                }
                guard let owner else {
                    Issue.record("\(context): a placeholder at \(x),\(y) belongs to no picture")
                    continue
                }
                #expect(position == (y - owner.frame.y, x - owner.frame.x), "\(context): cell \(x),\(y) names \(position)")
            }
        }
        return count
    }

    @Test("while the weapon panel slides in and out, the panel replaces the icon's cells and its own pictures grow into view")
    func slide() throws {
        let roster = try RosterScreenHarness(width: 130, height: 47, pictures: .kittyPlaceholders, animations: true)
        roster.window.advanceAnimations(to: 0)
        let first = roster.interface.render().buffer
        let whole = expectPlaceholdersInPlace(first, "first frame")
        let icon = try #require(first.placements.first)
        #expect(whole == icon.frame.width * icon.frame.height, "the whole icon, and nothing else")
        roster.press(.character("w"))
        var now = 1000
        var counts: [Int] = []
        for frame in 0..<20 {
            roster.window.advanceAnimations(to: now)
            let buffer = roster.interface.render().buffer
            counts.append(expectPlaceholdersInPlace(buffer, "opening, frame \(frame)"))
            now += 12
        }
        #expect(Set(counts).count > 2, "the pictures change as the panel comes: \(counts)")
        roster.press(.escape)
        for frame in 0..<20 {
            roster.window.advanceAnimations(to: now)
            expectPlaceholdersInPlace(roster.interface.render().buffer, "closing, frame \(frame)")
            now += 12
        }
        #expect(expectPlaceholdersInPlace(roster.interface.render().buffer, "closed") == whole)
    }
}
