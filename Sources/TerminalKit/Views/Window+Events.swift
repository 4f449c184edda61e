/// Delivering input.
///
/// Who owns a key, in order:
/// 1. the root view's priority bindings (quit, suspend), above everything;
///    one on a printable key gives way when a responder that consumes text
///    would receive the key (`q` is a letter in a text field);
/// 2. the frontmost overlay: the chain from the first responder up to the
///    overlay when the focus is inside it, else the overlay itself, then
///    on from the overlay's `nextResponder` if it names one (a drawer that
///    is the screen's list); a modal overlay keeps every other key;
/// 3. the docked accessory and input views (and a popover);
/// 4. the responder chain from the first responder up.
/// Along the way a responder that consumes text stops printable keys and
/// pastes: they belong to the text even when it cannot take them. Clicks
/// go to whatever is drawn on top at that cell. Below `minimumSize` only
/// the priority bindings work and only the root view is drawn (it says how
/// large the screen must be). See `Responder` for the chain and
/// `DockedPresentation` for how an input view slides in.
extension Window {
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
        // Esc followed quickly by a key reads as Alt+key. When nothing
        // wants that combination, the person most likely pressed Esc and
        // then the key: deliver them so. A modal overlay, which keeps every
        // key nobody took, must not keep this one: Esc then `w` over the
        // monster drawer closes it and opens the weapon panel.
        guard key.modifiers.contains(.alt) else { return deliver(key) }
        if deliver(key, modalKeepsTheRest: false) { return true }
        var plain = key
        plain.modifiers.remove(.alt)
        let escaped = deliver(.escape)
        return deliver(plain) || escaped
    }

    /// The route keys take now (see `KeyRoute`): the frame's while a
    /// frame is drawn, else worked out afresh.
    public var keyRoute: KeyRoute { routeForFrame ?? makeKeyRoute() }

    /// The responders a key is offered to after the priority bindings, in
    /// order, and whether the last of them is a modal overlay that keeps
    /// whatever nobody handled.
    func makeKeyRoute() -> KeyRoute {
        var responders: [Responder] = []
        if let overlay = overlays.last {
            if let focused = firstResponder as? View, overlay.view.contains(focused) {
                var current: View? = focused
                while let view = current {
                    responders.append(view)
                    if view === overlay.view { break }
                    current = view.superview
                }
            } else {
                responders.append(overlay.view)
            }
            if overlay.isModal {
                // An overlay that stands for a view of the screen (a list
                // drawer) names where its keys go on: the screen's commands.
                var onward = overlay.view.nextResponder
                while let current = onward {
                    responders.append(current)
                    onward = current.nextResponder
                }
                return KeyRoute(window: self, responders: responders, modalOverlay: overlay)
            }
        }
        responders += presentedViews
        var responder: Responder? = firstResponder ?? rootView
        while let current = responder {
            responders.append(current)
            responder = current.nextResponder
        }
        return KeyRoute(window: self, responders: responders, modalOverlay: nil)
    }

    /// Whether a printable key would reach a responder that consumes text.
    public var textConsumerHasKeyboard: Bool { keyRoute.textConsumerHasKeyboard }

    /// One route for the key, walked once: the priority bindings, then
    /// each responder in turn. Printable keys stop at a responder that
    /// consumes text or at a picker, handled or not.
    private func deliver(_ key: KeyEvent, modalKeepsTheRest: Bool = true) -> Bool {
        let route = makeKeyRoute()
        let typing = key.isPrintable && route.textConsumerHasKeyboard
        if let binding = rootView.priorityKeyBindings.first(where: { $0.matches(key) }), !typing {
            run(binding, key)
            return true
        }
        if isTooSmall { return false }
        for responder in route.responders {
            if responder.handle(key: key) { return true }
            if key.isPrintable && (responder.consumesText || responder.stopsPrintableKeys) { return true }
            if let overlay = overlays.last, responder === overlay.view, overlay.closesOnEscape, key == .escape {
                dismiss(overlay.view)
                return true
            }
        }
        return modalKeepsTheRest && route.modalOverlay != nil
    }

    private func dispatch(paste text: String) -> Bool {
        guard !isTooSmall else { return false }
        for responder in makeKeyRoute().responders {
            if responder.handle(paste: text) { return true }
            // Pasted text is typing: it goes no further than a text field.
            if responder.consumesText { return false }
        }
        return false
    }

    private func dispatch(mouse event: MouseEvent) -> Bool {
        guard !isTooSmall else { return false }
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

    var presentedViews: [View] {
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
    public var activeBindingGroups: [KeyBindingGroup] { keyRoute.groups }

    /// The footer's bindings (see `KeyRoute.footerBindings`).
    public var footerBindings: [KeyBinding] { keyRoute.footerBindings }

    /// Runs `binding` for `key` if it is available; otherwise tells why
    /// through `onUnavailableKey`, and the key goes no further.
    func run(_ binding: KeyBinding, _ key: KeyEvent) {
        if case .unavailable(let reason) = binding.availability {
            onUnavailableKey?(reason)
            return
        }
        binding.perform(key)
    }

    /// The bindings that can still run, given that priority bindings come
    /// first and inner ones before outer ones; priority bindings are listed
    /// last, as the footer and help show them.
    static func reachable(_ groups: [KeyBindingGroup]) -> [KeyBinding] {
        let priority = groups.filter(\.isPriority).flatMap(\.bindings)
        let ordinary = groups.filter { !$0.isPriority }.flatMap(\.bindings)
        let claimedFirst = Set(priority.flatMap(\.keys))
        return reachable(ordinary, claimed: claimedFirst) + reachable(priority)
    }

    /// The bindings that can still run, given that earlier ones come first.
    static func reachable(_ bindings: [KeyBinding], claimed alreadyClaimed: Set<KeyEvent> = []) -> [KeyBinding] {
        var claimed = alreadyClaimed
        var labels: Set<String> = []
        var result: [KeyBinding] = []
        for binding in bindings {
            // A binding without keys describes the mouse: always shown.
            let free = binding.keys.isEmpty || binding.keys.contains { !claimed.contains($0) }
            claimed.formUnion(binding.keys)
            // Bindings that share a label (↑ and ↓ as "↑↓") show once.
            if free, labels.insert(binding.label + binding.help).inserted { result.append(binding) }
        }
        return result
    }
}
