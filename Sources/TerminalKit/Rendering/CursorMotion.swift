/// The shortest bytes that move the terminal's cursor from one cell to
/// another.
///
/// An absolute move (`CUP`, `ESC [row;colH`) works from anywhere and is
/// what an unknown position gets. From a known position a relative move
/// is often shorter: carriage return to the first column, `CHA`
/// (`ESC [colG`) along the row, `CUF`/`CUB` by a few cells, `CUU`/`CUD` up
/// or down (a few rows down: line feeds, which in raw mode keep the column
/// and scroll only from the last row, never a move down's start), or one
/// of those two combined. `FrameWriter` also weighs rewriting the cells
/// in between, cheaper still for a gap of a few plain characters.
enum CursorMotion {
    /// The bytes that move the cursor from `from` (nil: unknown) to `to`,
    /// both 0-based; empty when it is already there.
    static func bytes(from: Point?, to: Point) -> String {
        guard let from else { return absolute(to) }
        if from == to { return "" }
        var best = absolute(to)
        func consider(_ candidate: String) {
            if candidate.utf8.count < best.utf8.count { best = candidate }
        }
        let horizontal = horizontalMoves(from: from.x, to: to.x)
        if from.y == to.y {
            horizontal.forEach(consider)
        } else {
            let down = to.y - from.y
            let vertical = down > 0 ? (down < 4 ? String(repeating: "\n", count: down) : "\u{1B}[\(down)B")
                : "\u{1B}[" + count(-down) + "A"
            if from.x == to.x {
                consider(vertical)
            } else {
                for move in horizontal { consider(vertical + move) }
            }
        }
        return best
    }

    private static func absolute(_ point: Point) -> String {
        if point.x == 0 { return point.y == 0 ? "\u{1B}[H" : "\u{1B}[\(point.y + 1)H" }
        return "\u{1B}[\(point.y + 1);\(point.x + 1)H"
    }

    /// Ways to move along a row from column `from` to column `to`.
    private static func horizontalMoves(from: Int, to: Int) -> [String] {
        if from == to { return [""] }
        // Relative moves first: of two as short, the relative one is kept.
        var moves: [String] = []
        if to == 0 { moves.append("\r") }
        if to > from { moves.append("\u{1B}[" + count(to - from) + "C") }
        if to < from { moves.append("\u{1B}[" + count(from - to) + "D") }
        moves.append("\u{1B}[\(to + 1)G")
        if to > 0, to < from { moves.append("\r\u{1B}[" + count(to) + "C") }
        return moves
    }

    /// A repeat count, left out when it is 1 (the default).
    private static func count(_ n: Int) -> String { n == 1 ? "" : String(n) }
}
