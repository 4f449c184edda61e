/// The forms a row's changed cells are written in, chosen for the whole
/// row at once.
///
/// Most cells of a picture can be written more than one way (`CellLook`:
/// `▀`, `▄`, `█` or a space), and which way is cheapest depends on the pen
/// the cells before leave. Choosing cell by cell keeps a colour in the pen
/// for the next cell only by luck, and in 24-bit colour every colour set
/// again costs up to 19 bytes. The plan is the cheapest path through the
/// pens the terminal can hold after each cell (a shortest path over a few
/// pens a cell), so a colour stays in the pen as long as the cells after
/// it can use it: a cell may take `▀` rather than a space because the next
/// one needs its foreground. Erases on the way reset the pen's background
/// (`FrameDiff`) and are part of the path.
///
/// Cursor motion does not depend on the forms, so it is left out of the
/// cost. `FrameWriter` plans a whole frame's changes as one "row", in
/// screen order, so a pen carries over from one row to the next.
enum RowPlan {
    /// What the renderer will do on the row, in order.
    enum Step {
        /// Write this cell in one of its look's forms.
        case draw(CellLook)
        /// Erase a run of cells, with the pen `eraser` makes of the pen then.
        case erase
    }

    /// The pen an erase is done with: without a background, underline or
    /// reverse, which some terminals would spread over the erased cells.
    static func eraser(_ pen: Style) -> Style {
        var eraser = pen
        eraser.background = .default
        eraser.attributes.subtract([.underline, .reverse])
        return eraser
    }

    /// The form for each step (nil for an erase), starting from `pen`,
    /// whose pen changes and text cost fewest bytes in all.
    static func forms(for steps: [Step], from pen: Style) -> [(text: String, style: Style)?] {
        struct State {
            var pen: Style
            var cost: Int
            /// The state of the step before this one it came from.
            var previous: Int
            var form: (text: String, style: Style)?
        }
        // Pens kept a step: the cheapest few. More rarely pay off, since a
        // state that costs a colour more than the best is unlikely to win it back.
        let widest = 8
        var layers: [[State]] = []
        layers.reserveCapacity(steps.count)
        var current = [State(pen: pen, cost: 0, previous: -1, form: nil)]
        for step in steps {
            var next: [State] = []
            func consider(_ state: State) {
                if let same = next.firstIndex(where: { $0.pen == state.pen }) {
                    if state.cost < next[same].cost { next[same] = state }
                } else {
                    next.append(state)
                }
            }
            for (index, state) in current.enumerated() {
                switch step {
                case .erase:
                    let erasing = eraser(state.pen)
                    consider(State(pen: erasing, cost: state.cost + PenChange.cost(from: state.pen, to: erasing),
                                   previous: index, form: nil))
                case .draw(let look):
                    for form in look.forms(pen: state.pen) {
                        let cost = state.cost + PenChange.cost(from: state.pen, to: form.style) + form.text.utf8.count
                        consider(State(pen: form.style, cost: cost, previous: index, form: form))
                    }
                }
            }
            if next.count > widest {
                // A stable sort: of two as cheap, the one found first (the
                // cell's own form, from the cheapest pen) stays.
                next = Array(next.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }
                    .prefix(widest).map(\.element))
            }
            layers.append(next)
            current = next
        }
        var chosen = [(text: String, style: Style)?](repeating: nil, count: steps.count)
        guard var index = current.indices.min(by: { current[$0].cost < current[$1].cost }) else { return chosen }
        for layer in stride(from: layers.count - 1, through: 0, by: -1) {
            let state = layers[layer][index]
            chosen[layer] = state.form
            index = state.previous
        }
        return chosen
    }
}
