/// A rectangle of the screen that draws itself into a `Buffer`.
///
/// Frames are in screen coordinates. A view's `layout()` sets its
/// subviews' frames; `draw(in:)` draws the view itself; subviews draw over
/// it afterwards. Views never touch the terminal, so every view can be
/// tested by drawing it into a buffer and reading the cells back.
///
/// Layout and drawing have no side effects: they read state and paint.
/// What layout decides (a frame, a field scrolled out of the pane) is kept
/// apart from state that event handling owns (`isHidden`, the focus):
/// layout sets `isClippedOut` afresh before every draw, and nothing that
/// moves the focus reads it.
open class View: Responder {
    public var frame: Rect = .zero
    /// Hidden by event handling (a list behind its button in a narrow
    /// window): not drawn, and the focus does not go back to it.
    public var isHidden = false
    /// Out of what the superview shows this frame (scrolled away, or no
    /// room), as its `layout()` decided: not drawn and not clicked. Not
    /// state: the next layout decides again, and focus never reads it.
    public var isClippedOut = false
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// Set on views the window holds directly (the root, docked panels, overlays).
    weak var hostWindow: Window?

    public override init() {}

    open override var nextResponder: Responder? {
        superview ?? hostWindow
    }

    open override var window: Window? {
        superview?.window ?? hostWindow
    }

    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Whether this view and every view around it are shown.
    public var isVisible: Bool {
        var current: View? = self
        while let view = current {
            if view.isHidden { return false }
            current = view.superview
        }
        return true
    }

    /// Whether `view` is this view or inside it.
    public func contains(_ view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superview
        }
        return false
    }

    /// Sets the subviews' frames. Called before every draw.
    open func layout() {}

    /// Draws this view (not its subviews) within `frame`.
    open func draw(in buffer: inout Buffer) {}

    /// Whether this frame draws this view: neither hidden nor clipped
    /// out, nor any view around it.
    public var isDrawn: Bool {
        var current: View? = self
        while let view = current {
            if view.isHidden || view.isClippedOut { return false }
            current = view.superview
        }
        return true
    }

    /// Lays out and draws this view and, over it, its visible subviews.
    public func render(into buffer: inout Buffer) {
        guard !isHidden, !isClippedOut, !frame.isEmpty else { return }
        layout()
        draw(in: &buffer)
        let clip = subviewClip
        for subview in subviews where !subview.isHidden && !subview.isClippedOut {
            guard let clip, subview.frame.intersection(clip) != subview.frame else {
                subview.render(into: &buffer)
                continue
            }
            // Partly outside: drawn whole on the side, then shown as far as
            // the clip lets it, like a row half scrolled out of a list.
            let visible = subview.frame.intersection(clip)
            guard !visible.isEmpty else { continue }
            var whole = Buffer(size: buffer.size)
            subview.render(into: &whole)
            buffer.draw(whole, at: .zero, clip: visible)
        }
    }

    /// Where subviews may show, for a view that scrolls them; nil lets
    /// them draw anywhere.
    open var subviewClip: Rect? { nil }

    /// The deepest visible view at `point`, topmost first.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, !isClippedOut, frame.contains(point) else { return nil }
        if subviewClip.map({ $0.contains(point) }) ?? true {
            for subview in subviews.reversed() {
                if let hit = subview.hitTest(point) { return hit }
            }
        }
        return self
    }

    /// Handles a mouse event at a point inside this view; false lets it go
    /// to the superview.
    open func handle(mouse event: MouseEvent) -> Bool { false }

    /// The height this view wants at a given width, for views the window
    /// docks or anchors (input views, accessory bars, popovers).
    open func preferredHeight(forWidth width: Int) -> Int { 1 }

    /// The width this view wants when anchored as a popover.
    open var preferredWidth: Int { 20 }

    /// Whether this view, docked as the last of the stack at the bottom,
    /// shows the keys that work now itself (a docked panel's bottom row).
    /// The stack covers the screen's footer: when its last view does not,
    /// the window docks a row of key hints under it.
    open var showsKeyHints: Bool { false }
}
