/// Where keys go, worked out once: the responders a key is offered to
/// after the window's priority bindings, in order; whether the last of
/// them is a modal overlay that keeps whatever nobody handled; whether a
/// responder that consumes text has the keyboard; and, when asked, the
/// key tables in force bound to those responders.
///
/// The window computes one route per event (`dispatch`) and one per frame
/// (`render`), which every footer drawn in that frame and the help read.
/// So dispatch, the footers and `?` walk the chain the same way, and a
/// frame binds each responder's table once however many footers it draws
/// (the screen's, a panel's, the message bar over a panel).
public final class KeyRoute {
    /// Offered a key in this order, after the priority bindings.
    public let responders: [Responder]
    /// The frontmost overlay when it is modal: it keeps every key nobody took.
    let modalOverlay: Overlay?
    /// A responder on the route consumes text: printable keys are its.
    public let textConsumerHasKeyboard: Bool
    /// A responder on the route takes printable keys or keeps them (a text
    /// field, or a picker whose letters do nothing): a priority binding on
    /// a letter (`q`) would act where a person may only be typing. Never
    /// below the minimum size, where only the priority bindings act.
    public let printableKeysStopped: Bool
    private unowned let window: Window

    init(window: Window, responders: [Responder], modalOverlay: Overlay?) {
        self.window = window
        self.responders = responders
        self.modalOverlay = modalOverlay
        self.textConsumerHasKeyboard = responders.contains { $0.consumesText }
        self.printableKeysStopped = !window.isTooSmall && responders.contains { $0.consumesText || $0.stopsPrintableKeys }
    }

    /// The priority bindings in force: all of them, except, while text is
    /// being typed, their printable keys (help keeps F1 where `?` types).
    var priorityBindings: [KeyBinding] {
        let bindings = window.rootView.priorityKeyBindings
        guard textConsumerHasKeyboard else { return bindings }
        return bindings.compactMap(\.withoutTypedKeys)
    }

    /// The key tables in force, innermost first: what the footer and the
    /// help screen show. Bound on first use, after the frame's layout (a
    /// help that scrolls has its scroll keys only when it must).
    public private(set) lazy var groups: [KeyBindingGroup] = {
        var groups: [KeyBindingGroup] = []
        if !window.isTooSmall {
            var printableStopped = false
            for responder in responders {
                var bindings = responder.keyBindings
                // Printable keys stop at a text consumer or a picker: beyond
                // it only bindings on other keys can run.
                if printableStopped { bindings = bindings.compactMap { $0.withoutPrintableKeys } }
                if !bindings.isEmpty { groups.append(KeyBindingGroup(title: responder.keyBindingsTitle, bindings: bindings)) }
                if responder.consumesText || responder.stopsPrintableKeys { printableStopped = true }
            }
        }
        let priority = priorityBindings
        if !priority.isEmpty {
            groups.append(KeyBindingGroup(title: window.rootView.priorityKeyBindingsTitle, bindings: priority, isPriority: true))
        }
        return groups
    }()

    /// The footer's bindings, innermost first. A binding whose keys are
    /// all taken by an inner one would never run, so it is left out, and
    /// so is one unavailable now (its key says why when pressed).
    public private(set) lazy var footerBindings: [KeyBinding] =
        Window.reachable(groups).filter { $0.showsInFooter && $0.availability.isAvailable }
}
