/// The screen: a root view, the first responder, the input view docked
/// at the bottom, and overlays above everything.
///
/// Keys are offered, in order, to the topmost modal overlay, then to the
/// docked accessory and input views, then along the responder chain from
/// the first responder up. Clicks go to whatever is drawn on top at that
/// cell. See `Responder` for the chain and `DockedPresentation` for how an
/// input view slides in.
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
    /// Who had focus before a responder with an input view took it, so
    /// that dismissing the panel gives focus back.
    private var focusToRestore: [(owner: Responder, previous: Responder?)] = []
    public private(set) var overlays: [Overlay] = []

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
        if let responder, responder.inputView != nil {
            focusToRestore.removeAll { $0.owner === responder }
            focusToRestore.append((responder, previous))
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
        if next == nil || next?.window !== self {
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
    public func present(_ overlay: Overlay) {
        overlay.view.hostWindow = self
        overlays.append(overlay)
    }

    public func dismiss(_ view: View) {
        guard let index = overlays.firstIndex(where: { $0.view === view }) else { return }
        let overlay = overlays.remove(at: index)
        overlay.view.hostWindow = nil
        overlay.onDismiss?()
    }

    public func isPresenting(_ view: View) -> Bool {
        overlays.contains { $0.view === view }
    }

    // MARK: Docked input views

    private func updatePresentation() {
        // A popover input view is drawn at its anchor; its accessory bar
        // still docks at the bottom.
        let style = firstResponder?.inputViewPresentation ?? .docked
        let views = [firstResponder?.inputAccessoryView, style == .docked ? firstResponder?.inputView : nil].compactMap { $0 }
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
    public var rowsCoveredAtBottom: Int { docked?.visibleHeight(in: bounds) ?? 0 }

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
        rootView.frame = bounds
        rootView.render(into: &buffer)
        let underPanel = buffer.placements.count
        /// What each popover or overlay covers, and how many pictures were drawn beneath it.
        var covers: [(area: Rect, below: Int)] = []
        if let docked {
            docked.layout(in: bounds)
            for view in docked.views { view.render(into: &buffer) }
            // The root's pictures keep only the rows above the panel.
            let top = docked.views.map(\.frame.y).min() ?? size.height
            let free = Rect(x: 0, y: 0, width: size.width, height: max(0, top))
            for index in 0..<underPanel { buffer.placements[index] = buffer.placements[index].clipped(to: free) }
        }
        if let popover = popoverView, case .popover(let anchor) = firstResponder?.inputViewPresentation {
            popover.hostWindow = self
            popover.frame = Self.popoverFrame(for: popover, anchor: anchor, in: bounds)
            covers.append((popover.frame, buffer.placements.count))
            popover.render(into: &buffer)
        }
        for overlay in overlays {
            overlay.view.frame = overlay.placement(bounds)
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

    private func isCovered(_ point: Point, by owner: Responder?) -> Bool {
        if overlays.contains(where: { $0.view.frame.contains(point) }) { return true }
        if let docked, docked.views.contains(where: { $0.frame.contains(point) }) { return true }
        return false
    }

    // MARK: Events

    /// Delivers one input event. Returns whether anything handled it.
    @discardableResult
    public func dispatch(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): return dispatch(key: key)
        case .paste(let text): return dispatch(paste: text)
        case .mouse(let mouse): return dispatch(mouse: mouse)
        }
    }

    private func dispatch(key: KeyEvent) -> Bool {
        if deliver(key) { return true }
        // Esc followed quickly by a key reads as Alt+key. When nothing
        // wants that combination, the person most likely pressed Esc and
        // then the key: deliver them so.
        if key.modifiers.contains(.alt) {
            var plain = key
            plain.modifiers.remove(.alt)
            let escaped = deliver(.escape)
            return deliver(plain) || escaped
        }
        return false
    }

    private func deliver(_ key: KeyEvent) -> Bool {
        if let overlay = overlays.last {
            if overlay.view.handle(key: key) { return true }
            if overlay.closesOnEscape, key == .escape {
                dismiss(overlay.view)
                return true
            }
            if overlay.isModal { return true }
        }
        for view in presentedViews where view.handle(key: key) { return true }
        var responder: Responder? = firstResponder ?? rootView
        while let current = responder {
            if current.handle(key: key) { return true }
            responder = current.nextResponder
        }
        return false
    }

    private func dispatch(paste text: String) -> Bool {
        var responder: Responder? = firstResponder
        while let current = responder {
            if current.handle(paste: text) { return true }
            responder = current.nextResponder
        }
        return false
    }

    private func dispatch(mouse event: MouseEvent) -> Bool {
        let point = event.position
        if let overlay = overlays.last {
            if overlay.view.frame.contains(point) {
                return deliver(event, to: overlay.view.hitTest(point))
            }
            if overlay.isModal {
                if case .press = event.kind { dismiss(overlay.view) }
                return true
            }
        }
        for view in presentedViews.reversed() where view.frame.contains(point) {
            return deliver(event, to: view.hitTest(point))
        }
        return deliver(event, to: rootView.hitTest(point))
    }

    private var presentedViews: [View] {
        (popoverView.map { [$0] } ?? []) + (docked?.isDismissing == false ? docked?.views ?? [] : [])
    }

    private func deliver(_ event: MouseEvent, to view: View?) -> Bool {
        var current = view
        while let target = current {
            if target.handle(mouse: event) { return true }
            current = target.superview
        }
        return false
    }

    // MARK: Keys that work now

    /// The key tables in force, innermost first: what the footer and the
    /// help screen show.
    public var activeBindingGroups: [KeyBindingGroup] {
        var groups: [KeyBindingGroup] = []
        func add(_ responder: Responder) {
            let bindings = responder.keyBindings
            if !bindings.isEmpty { groups.append(KeyBindingGroup(title: responder.keyBindingsTitle, bindings: bindings)) }
        }
        if let overlay = overlays.last {
            add(overlay.view)
            if overlay.isModal { return groups }
        }
        for view in presentedViews { add(view) }
        var responder: Responder? = firstResponder ?? rootView
        while let current = responder {
            add(current)
            responder = current.nextResponder
        }
        return groups
    }

    /// The footer's bindings, innermost first. A binding whose keys are
    /// all taken by an inner one would never run, so it is left out.
    public var footerBindings: [KeyBinding] {
        Self.reachable(activeBindingGroups.flatMap(\.bindings)).filter(\.showsInFooter)
    }

    /// The bindings that can still run, given that inner ones come first.
    static func reachable(_ bindings: [KeyBinding]) -> [KeyBinding] {
        var claimed: Set<KeyEvent> = []
        var labels: Set<String> = []
        var result: [KeyBinding] = []
        for binding in bindings {
            let free = binding.keys.contains { !claimed.contains($0) }
            claimed.formUnion(binding.keys)
            // Bindings that share a label (↑ and ↓ as "↑↓") show once.
            if free, labels.insert(binding.label + binding.help).inserted { result.append(binding) }
        }
        return result
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
    public let onDismiss: (() -> Void)?

    public init(_ view: View, modal: Bool = true, closesOnEscape: Bool = true,
                placement: @escaping (Rect) -> Rect, onDismiss: (() -> Void)? = nil) {
        self.view = view
        self.placement = placement
        self.isModal = modal
        self.closesOnEscape = closesOnEscape
        self.onDismiss = onDismiss
    }
}
