/// The screen: a root view, the first responder, the input view docked
/// at the bottom, and overlays above everything.
///
/// Keys and clicks are delivered in `Window+Events.swift`, which says who
/// owns a key. Below `minimumSize` only the root view is drawn (it says how
/// large the screen must be). See `Responder` for the chain and
/// `DockedPresentation` for how an input view slides in.
public final class Window: Responder {
    public let rootView: View
    public private(set) var size: Size
    public private(set) var firstResponder: Responder?
    /// Slide input views in and out. Off with `--no-animation`, in tests,
    /// and on terminals too small for motion to help.
    public var animationsEnabled = true
    /// The smallest height at which panels are animated.
    public var minimumHeightForAnimation = 16

    private(set) var docked: DockedPresentation?
    /// A message drawn over the bottom rows of a docked panel while it has
    /// one (a save, a clash with another program): the panel covers the
    /// root's footer, where such messages are told, and what just happened
    /// must stay in sight. The panel's own key hints show again at the next
    /// key, as the footer's do.
    public var messageBar: KeyHintBar?
    /// The keys that work now, docked under a stack whose views do not
    /// show them (an accessory bar alone, over a text field being typed
    /// in or beside a popover): the stack covers the screen's footer, and
    /// a person typing must still see how to keep, leave and get help.
    public let dockedKeyHints = KeyHintBar()
    /// Who had focus before a responder with an input view took it, so
    /// that dismissing the panel gives focus back.
    private var focusToRestore: [(owner: Responder, previous: Responder?)] = []
    public private(set) var overlays: [Overlay] = []
    /// Who had focus when each overlay was presented, to give it back
    /// when an overlay that took the focus goes away.
    private var focusBeforeOverlay: [ObjectIdentifier: Responder?] = [:]
    /// Below this size the root view alone is drawn and only priority
    /// bindings work: panels and overlays wait, unchanged, for room.
    public var minimumSize: Size?

    /// Told the reason when a key is pressed whose binding is unavailable
    /// now (the app shows it where it tells what happened: its footer).
    public var onUnavailableKey: ((String) -> Void)?
    /// The popover input view that joined the window with the focus.
    private var hostedPopover: View?
    /// A text field's wish for the person's editor, until the run loop takes it.
    var pendingExternalEdit: ExternalEditRequest?
    /// The frame's one key route while it is drawn: every footer in it reads this.
    var routeForFrame: KeyRoute?

    public init(rootView: View, size: Size) {
        self.rootView = rootView
        self.size = size
        super.init()
        rootView.hostWindow = self
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }
    public override var window: Window? { self }

    public func resize(to size: Size) {
        self.size = size
    }

    // MARK: First responder

    /// Makes `responder` the first responder (nil: none). Fails when the
    /// current one refuses to resign or the new one cannot become it.
    @discardableResult
    public func makeFirstResponder(_ responder: Responder?) -> Bool {
        if responder === firstResponder { return true }
        if let current = firstResponder, !current.canResignFirstResponder { return false }
        if let responder, !responder.canBecomeFirstResponder { return false }
        let previous = firstResponder
        firstResponder = responder
        // Moving from one editor to another (Prev, Next) continues the same
        // editing: focus still goes back, in the end, where it came from.
        var origin = previous
        if let previous, let index = focusToRestore.lastIndex(where: { $0.owner === previous }) {
            origin = focusToRestore[index].previous
            focusToRestore.remove(at: index)
        }
        focusToRestore.removeAll { $0.owner === responder }
        if let responder, responder.inputView != nil || responder.inputAccessoryView != nil {
            focusToRestore.append((responder, origin))
        }
        previous?.didResignFirstResponder()
        responder?.didBecomeFirstResponder()
        updatePresentation()
        return true
    }

    /// Resigns `responder`, giving focus back to whoever had it before it
    /// presented an input view, or else to its nearest willing ancestor.
    func resignFirstResponder(_ responder: Responder) -> Bool {
        guard firstResponder === responder, responder.canResignFirstResponder else { return false }
        var next: Responder?
        if let index = focusToRestore.lastIndex(where: { $0.owner === responder }) {
            next = focusToRestore[index].previous
            focusToRestore.remove(at: index)
        }
        // Focus never goes back to a view that is no longer shown (the
        // list, behind its button since the window narrowed).
        if next == nil || next?.window !== self || (next as? View)?.isVisible == false {
            next = responder.nextResponder
            while let candidate = next, !candidate.canBecomeFirstResponder || candidate === self {
                next = candidate.nextResponder
            }
        }
        return makeFirstResponder(next)
    }

    // MARK: Overlays

    /// Shows a view above everything (help, a list overlay, a popover).
    /// A modal overlay takes every key and closes on a click outside it.
    /// One that `takesFocus` becomes first responder; when it goes, the
    /// focus goes back to whoever had it.
    public func present(_ overlay: Overlay) {
        overlay.view.hostWindow = self
        overlays.append(overlay)
        focusBeforeOverlay[ObjectIdentifier(overlay.view)] = firstResponder
        if overlay.takesFocus { makeFirstResponder(overlay.view) }
    }

    public func dismiss(_ view: View) {
        guard let index = overlays.firstIndex(where: { $0.view === view }) else { return }
        let overlay = overlays.remove(at: index)
        let before = focusBeforeOverlay.removeValue(forKey: ObjectIdentifier(view)) ?? nil
        // Focus left inside a view that is no longer shown would take keys
        // nobody can see: it goes back where it was.
        if let focused = firstResponder as? View, view.contains(focused) {
            firstResponder = nil
            focused.didResignFirstResponder()
            let beforeIsInside = (before as? View).map(view.contains) ?? false
            // The one who had it, or, if it cannot take it now (a field of
            // a monster the filter hides), its nearest willing ancestor.
            var candidate: Responder? = before?.window === self && !beforeIsInside ? before : rootView
            while let next = candidate, next !== self, !makeFirstResponder(next) {
                candidate = next.nextResponder
            }
        }
        overlay.view.hostWindow = nil
        overlay.onDismiss?()
    }

    /// Closes every overlay, frontmost first.
    public func dismissAllOverlays() {
        while let last = overlays.last { dismiss(last.view) }
    }

    /// Whether the screen is below `minimumSize`.
    public var isTooSmall: Bool {
        guard let minimumSize else { return false }
        return size.width < minimumSize.width || size.height < minimumSize.height
    }

    public func isPresenting(_ view: View) -> Bool {
        overlays.contains { $0.view === view }
    }

    // MARK: Docked input views

    private func updatePresentation() {
        // A popover input view is drawn at its anchor; its accessory bar
        // still docks at the bottom. It joins the window here, when the
        // focus moves, never while a frame is drawn.
        let style = firstResponder?.inputViewPresentation ?? .docked
        let popover = style == .docked ? nil : firstResponder?.inputView
        if let hosted = hostedPopover, hosted !== popover, hosted.hostWindow === self { hosted.hostWindow = nil }
        popover?.hostWindow = self
        hostedPopover = popover
        var views = [firstResponder?.inputAccessoryView, style == .docked ? firstResponder?.inputView : nil].compactMap { $0 }
        if let last = views.last, !last.showsKeyHints { views.append(dockedKeyHints) }
        guard !views.isEmpty else {
            docked?.dismiss(animated: shouldAnimate)
            if docked?.isGone == true { removeDocked() }
            return
        }
        for view in views { view.hostWindow = self }
        if let docked, docked.isPresented {
            docked.replace(with: views)
        } else {
            docked = DockedPresentation(views: views, animated: shouldAnimate)
        }
    }

    private var shouldAnimate: Bool {
        animationsEnabled && size.height >= minimumHeightForAnimation
    }

    /// Advances motion to `milliseconds` (a monotonic clock). Returns
    /// whether something is still moving and wants another frame soon.
    @discardableResult
    public func advanceAnimations(to milliseconds: Int) -> Bool {
        guard let docked else { return false }
        let moving = docked.advance(to: milliseconds)
        if docked.isGone { removeDocked() }
        return moving
    }

    private func removeDocked() {
        for view in docked?.views ?? [] where view.hostWindow === self { view.hostWindow = nil }
        docked = nil
    }

    public var isAnimating: Bool { docked?.isMoving ?? false }

    /// The docked views on screen now, with the rows they occupy.
    public var dockedViews: [View] { docked?.views ?? [] }

    /// Rows at the bottom of the screen the docked views cover now: views
    /// keep what is being edited above this line.
    public var rowsCoveredAtBottom: Int {
        guard let docked else { return 0 }
        let area = dockingArea
        let visible = docked.visibleHeight(in: area)
        return visible == 0 ? 0 : visible + bounds.maxY - area.maxY
    }

    /// Where the docked stack lies: the screen, less the rows a message of
    /// several rows (`messageBar`) needs beyond the panel's own last row,
    /// its key hints, which the message stands in for. A two-row message
    /// on a short screen would otherwise cover the panel's last buttons.
    private var dockingArea: Rect {
        guard docked != nil, let bar = messageBar, bar.message != nil else { return bounds }
        let extra = min(bar.rowsNeeded(forWidth: size.width) - 1, bounds.height / 3)
        return extra > 0 ? bounds.inset(bottom: extra) : bounds
    }

    /// Whether a popover input view is up.
    public var popoverIsShowing: Bool { popoverView != nil }

    /// The popover input view on screen, if the first responder has one.
    var popoverView: View? {
        guard case .popover = firstResponder?.inputViewPresentation else { return nil }
        return firstResponder?.inputView
    }

    // MARK: Drawing

    /// Draws everything into a fresh buffer. Returns where the text cursor
    /// goes (nil: hidden).
    public func render() -> (buffer: Buffer, cursor: Point?) {
        var buffer = Buffer(size: size)
        routeForFrame = makeKeyRoute()
        defer { routeForFrame = nil }
        // Every frame is set before anything draws: what one view draws
        // (the footer's keys) may depend on another's size (a help screen
        // that scrolls), and a frame must not depend on the one before.
        rootView.frame = bounds
        docked?.layout(in: dockingArea)
        for overlay in overlays { overlay.view.frame = overlay.placement(bounds) }
        rootView.render(into: &buffer)
        if isTooSmall { return (buffer, nil) }
        let underPanel = buffer.placements.count
        /// What each popover or overlay covers, and how many pictures were drawn beneath it.
        var covers: [(area: Rect, below: Int)] = []
        if let docked {
            for view in docked.views { view.render(into: &buffer) }
            // What just happened stays in sight over the panel's bottom rows,
            // as many as it needs: over a one-row bar (a text editor's) it
            // also covers the footer's rows above, which hold the same
            // message, rather than squeezing itself into one row under
            // that footer's first, which read as the message twice.
            if let bar = messageBar, bar.message != nil, rowsCoveredAtBottom > 0 {
                let rows = min(bar.rowsNeeded(forWidth: size.width), max(1, size.height - 4))
                bar.frame = Rect(x: 0, y: size.height - rows, width: size.width, height: rows)
                bar.render(into: &buffer)
            }
            // The root's pictures keep only the rows above the panel.
            let top = docked.views.map(\.frame.y).min() ?? size.height
            let free = Rect(x: 0, y: 0, width: size.width, height: max(0, top))
            for index in 0..<underPanel { buffer.placements[index] = buffer.placements[index].clipped(to: free) }
        }
        if let popover = popoverView, case .popover(let anchor) = firstResponder?.inputViewPresentation {
            popover.frame = Self.popoverFrame(for: popover, anchor: anchor, in: bounds)
            covers.append((popover.frame, buffer.placements.count))
            popover.render(into: &buffer)
        }
        for overlay in overlays {
            covers.append((overlay.view.frame, buffer.placements.count))
            overlay.view.render(into: &buffer)
        }
        // Pictures drawn over text would show through anything above them:
        // one that a popover or an overlay overlaps is hidden whole.
        for index in buffer.placements.indices where covers.contains(where: { cover in
            index < cover.below && !cover.area.intersection(buffer.placements[index].frame).isEmpty
        }) {
            buffer.placements[index] = buffer.placements[index].clipped(to: .zero)
        }
        var cursor = firstResponder?.textCursorPosition
        if let point = cursor, isCovered(point, by: firstResponder) { cursor = nil }
        return (buffer, cursor)
    }

    /// Below the anchor if it fits, else above it; as wide as it needs.
    static func popoverFrame(for view: View, anchor: Rect, in bounds: Rect) -> Rect {
        let width = min(bounds.width, max(12, view.preferredWidth))
        let height = min(bounds.height, view.preferredHeight(forWidth: width))
        let x = max(0, min(anchor.x, bounds.maxX - width))
        let below = anchor.maxY
        let y = below + height <= bounds.maxY ? below : max(0, anchor.y - height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Whether something drawn above `owner` hides `point`: the overlays
    /// above the one it is in (all of them, for a view beneath them), and
    /// the docked views, for a view not inside an overlay.
    private func isCovered(_ point: Point, by owner: Responder?) -> Bool {
        let ownerView = owner as? View
        let home = overlays.lastIndex { overlay in ownerView.map(overlay.view.contains) ?? false }
        let above = home.map { overlays[($0 + 1)...] } ?? overlays[...]
        if above.contains(where: { $0.view.frame.contains(point) }) { return true }
        if home == nil, let docked, docked.views.contains(where: { $0.frame.contains(point) }) { return true }
        return false
    }
}

/// How a responder's input view is shown.
public enum InputViewPresentation: Equatable, Sendable {
    /// Docked at the bottom, full width, sliding up.
    case docked
    /// A small view anchored at a rectangle (below it, or above if no room).
    case popover(anchor: Rect)
}

/// A view shown above everything else.
public struct Overlay {
    public let view: View
    /// Where it goes, given the screen.
    public let placement: (Rect) -> Rect
    /// Takes every key and closes on a click outside.
    public let isModal: Bool
    public let closesOnEscape: Bool
    /// Becomes first responder when shown (a list with its own keys);
    /// the focus goes back when it is dismissed.
    public let takesFocus: Bool
    public let onDismiss: (() -> Void)?

    public init(_ view: View, modal: Bool = true, closesOnEscape: Bool = true, takesFocus: Bool = false,
                placement: @escaping (Rect) -> Rect, onDismiss: (() -> Void)? = nil) {
        self.view = view
        self.placement = placement
        self.isModal = modal
        self.closesOnEscape = closesOnEscape
        self.takesFocus = takesFocus
        self.onDismiss = onDismiss
    }
}
