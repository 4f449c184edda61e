/// An input view (with its accessory bar above it) docked at the bottom
/// of the screen, across its full width, sliding up when presented and
/// down when dismissed, over about 150 ms with an ease-out curve.
///
/// The views are laid out at their final place and shifted down by the
/// part not yet shown; the buffer clips what falls below the screen, so
/// the panel appears to rise from the bottom edge. Without animation the
/// panel simply appears and disappears.
final class DockedPresentation {
    static let duration = 150

    private(set) var views: [View]
    /// 0 hidden … 1 fully shown.
    private var shown: Double
    private var target: Double
    private var startValue: Double
    private var startTime: Int?
    private var animated: Bool

    init(views: [View], animated: Bool) {
        self.views = views
        self.animated = animated
        self.shown = animated ? 0 : 1
        self.startValue = self.shown
        self.target = 1
    }

    var isMoving: Bool { shown != target }
    var isDismissing: Bool { target == 0 }
    var isGone: Bool { target == 0 && shown == 0 }
    var isPresented: Bool { target == 1 }

    /// Swaps in other views (focus moved to a field with another panel)
    /// without sliding out and in again.
    func replace(with views: [View]) {
        self.views = views
    }

    func dismiss(animated: Bool) {
        self.animated = animated
        target = 0
        startValue = shown
        startTime = nil
        if !animated { shown = 0 }
    }

    /// Moves towards the target; true while still moving.
    func advance(to now: Int) -> Bool {
        guard shown != target else { return false }
        guard animated else {
            shown = target
            return false
        }
        let start = startTime ?? now
        startTime = start
        let progress = min(1, Double(now - start) / Double(Self.duration))
        // Ease out: fast at first, settling gently, like a phone keyboard.
        let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
        shown = startValue + (target - startValue) * eased
        if progress >= 1 {
            shown = target
            startTime = nil
            startValue = target
        }
        return shown != target
    }

    /// Gives each view its frame for the current moment of the slide.
    func layout(in bounds: Rect) {
        let heights = heights(in: bounds)
        let visible = visibleHeight(in: bounds)
        var y = bounds.maxY - visible
        for (view, height) in zip(views, heights) {
            view.frame = Rect(x: bounds.x, y: y, width: bounds.width, height: height)
            y += height
        }
    }

    /// Each view's height. On a short screen the stack leaves the top rows
    /// to what is being edited; the last view (the input view) gives up
    /// rows and draws itself more compactly.
    func heights(in bounds: Rect) -> [Int] {
        var heights = views.map { $0.preferredHeight(forWidth: bounds.width) }
        let limit = max(1, bounds.height - Self.rowsKeptAbove(bounds.height))
        let excess = heights.reduce(0, +) - limit
        if excess > 0, let last = heights.indices.last {
            heights[last] = max(1, heights[last] - excess)
        }
        return heights.map { min($0, bounds.height) }
    }

    /// Rows at the top of the screen a docked stack never covers.
    static func rowsKeptAbove(_ height: Int) -> Int {
        height >= 24 ? 8 : max(0, height / 3)
    }

    /// How many rows at the bottom the stack covers at this moment of its slide.
    func visibleHeight(in bounds: Rect) -> Int {
        let total = min(bounds.height, heights(in: bounds).reduce(0, +))
        return Int((Double(total) * shown).rounded())
    }
}
