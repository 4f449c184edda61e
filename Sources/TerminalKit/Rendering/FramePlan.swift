/// The order a frame's changes are written in, chosen for the whole
/// frame at once.
///
/// Written row by row, a half-block picture changes the pen at almost
/// every cell, and in 24-bit colour each colour set again costs up to 19
/// bytes, far more than a cursor motion (3–8). So the next change written
/// is the one that costs least from where the cursor and the pen are now:
/// the motion to it, plus the pen change and the glyph of its cheapest
/// form. The cells one pen can draw are then written together wherever
/// they are, and a run of text still goes left to right (the next
/// character costs no motion). Of two as cheap, the one earlier on the
/// screen goes first. `RowPlan` then picks every change's form along that
/// order. With 16 colours (a colour costs 5 bytes, and hopping can lose)
/// and none, `FrameWriter` keeps the screen's order.
///
/// It is the one byte optimisation kept beyond the screen-order writer
/// (issue 27): on `bench/move-bytes.py` at 80×24 in 24-bit colour, moves
/// back up cost 994–1,146 bytes with it and 1,135–1,393 without, over
/// the 1,300 a move may cost; it costs this file.
///
/// A greedy order is not the cheapest one (that is a travelling-salesman
/// problem), but it is quick: changes that look alike are weighed as one
/// group, a group's cost for a pen is worked out once, and a group that
/// costs more than the best change found so far is not searched. A frame
/// with more changes than `mostChanges` (a repaint) keeps the screen's
/// order: weighing every change against every other would take too long.
///
/// The order does not change what the screen shows: changes never
/// overlap, and each is written in full with its own pen. Only picture
/// cells (blocks and spaces in a colour, which fill their cells exactly)
/// go in any order, though: text, blanks and erases keep the screen's
/// order among themselves. A glyph whose ink reaches past its cell
/// (xterm's bold, a symbol from a wider font) leaves or loses a few
/// pixels in the cell beside it depending on which is written last; with
/// text in another order than a repaint's, xterm showed 5–7 such pixels
/// after a walk through the roster (screenshots).
enum FramePlan {
    typealias Change = FrameDiff.Change

    /// Past this many changes a frame is written in the screen's order.
    static let mostChanges = 1_200

    /// The indices of `changes` (given in the screen's order) in the order
    /// to write them, starting with the cursor at `cursor` (nil: unknown)
    /// and the terminal's pen at `pen`, on a screen `width` columns wide.
    static func order(_ changes: [Change], cursor: Point?, pen: Style, width: Int) -> [Int] {
        guard changes.count > 1, changes.count <= mostChanges else { return Array(changes.indices) }
        var planner = Planner(changes: changes, width: width)
        return planner.order(cursor: cursor, pen: pen)
    }

    /// The state of one greedy ordering.
    private struct Planner {
        let changes: [Change]
        let width: Int
        /// Changes that look alike (or one erase each), with the indices
        /// of those not written yet (picture cells only: the others go in
        /// order, one candidate a step).
        var groups: [(step: RowPlan.Step, erase: String?, remaining: [Int])] = []
        /// The group of each change.
        var groupOf: [Int] = []
        /// Groups of picture cells with changes left.
        var active: [Int] = []
        /// The changes that keep the screen's order, and how many of them
        /// are written: only the next may go.
        var inOrder: [Int] = []
        var inOrderWritten = 0
        /// Pens met so far, each with its number.
        var pens: [Style: Int] = [:]
        /// The cost of each group's cheapest form, by pen number and group;
        /// -1 until worked out.
        var costs: [[Int]] = []

        init(changes: [Change], width: Int) {
            self.changes = changes
            self.width = width
            var groupOfLook: [CellLook: Int] = [:]
            groupOf.reserveCapacity(changes.count)
            for (index, change) in changes.enumerated() {
                let picture = change.isPicture
                if !picture { inOrder.append(index) }
                if case .draw(let look) = change.step {
                    if let group = groupOfLook[look] {
                        if picture { groups[group].remaining.append(index) }
                        groupOf.append(group)
                        continue
                    }
                    groupOfLook[look] = groups.count
                }
                groupOf.append(groups.count)
                if picture { active.append(groups.count) }
                groups.append((change.step, change.erase, picture ? [index] : []))
            }
        }

        mutating func order(cursor startCursor: Point?, pen startPen: Style) -> [Int] {
            var order: [Int] = []
            order.reserveCapacity(changes.count)
            var cursor = startCursor, pen = startPen
            while !active.isEmpty || inOrderWritten < inOrder.count {
                let penNumber = number(of: pen)
                var best = (cost: Int.max, index: Int.max, slot: -1, member: -1)
                if inOrderWritten < inOrder.count {
                    let index = inOrder[inOrderWritten], change = changes[index]
                    best.cost = cost(of: groupOf[index], pen: pen, penNumber: penNumber)
                        + CursorMotion.cost(from: cursor, to: Point(x: change.x, y: change.y))
                    best.index = index
                }
                for (slot, group) in active.enumerated() {
                    let cost = self.cost(of: group, pen: pen, penNumber: penNumber)
                    // A motion costs nothing at best.
                    guard cost <= best.cost else { continue }
                    for (member, index) in groups[group].remaining.enumerated() {
                        let change = changes[index]
                        let total = cost + CursorMotion.cost(from: cursor, to: Point(x: change.x, y: change.y))
                        if total < best.cost || (total == best.cost && index < best.index) {
                            best = (total, index, slot, member)
                        }
                    }
                }
                if best.slot < 0 {
                    inOrderWritten += 1
                } else {
                    let group = active[best.slot]
                    groups[group].remaining.swapAt(best.member, groups[group].remaining.count - 1)
                    groups[group].remaining.removeLast()
                    if groups[group].remaining.isEmpty {
                        active.swapAt(best.slot, active.count - 1)
                        active.removeLast()
                    }
                }
                let change = changes[best.index]
                order.append(best.index)
                switch change.step {
                case .erase: pen = RowPlan.eraser(pen)
                case .draw(let look): pen = look.cheapestForm(pen: pen).style
                }
                cursor = change.x + change.cells >= width ? nil : Point(x: change.x + change.cells, y: change.y)
            }
            return order
        }

        private mutating func number(of pen: Style) -> Int {
            if let number = pens[pen] { return number }
            pens[pen] = costs.count
            costs.append([Int](repeating: -1, count: groups.count))
            return costs.count - 1
        }

        /// Pen change and text of the group's cheapest form from `pen`.
        private mutating func cost(of group: Int, pen: Style, penNumber: Int) -> Int {
            let known = costs[penNumber][group]
            if known >= 0 { return known }
            let cost: Int
            switch groups[group].step {
            case .erase:
                cost = PenChange.cost(from: pen, to: RowPlan.eraser(pen)) + (groups[group].erase?.utf8.count ?? 0)
            case .draw(let look):
                let form = look.cheapestForm(pen: pen)
                cost = PenChange.cost(from: pen, to: form.style) + form.text.utf8.count
            }
            costs[penNumber][group] = cost
            return cost
        }
    }
}
