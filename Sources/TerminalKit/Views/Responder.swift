/// The responder chain, as UIKit has it, for the terminal.
///
/// Keys go to the window's first responder and travel up `nextResponder`
/// (a view's superview, then the window) until something handles them.
/// A responder that can become first responder may declare an `inputView`:
/// when it becomes first responder the window docks that view at the bottom
/// of the screen, full width, and slides it up, with the optional
/// `inputAccessoryView` docked above it; when it resigns, they slide away.
/// While they are up, keys are offered to them before the first responder,
/// the way a phone's keyboard receives typing before the text field does.
///
/// A responder that shows a value chosen from an input view (a picker
/// cell) is not a text field: it does not accept pasted text and has no
/// text cursor, so only the panel's discrete choices reach the data.
open class Responder {
    public init() {}

    /// The next responder up the chain.
    open var nextResponder: Responder? { nil }

    /// The window this responder is in, if any.
    open var window: Window? { nil }

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    /// What slides up when this responder becomes first responder.
    open var inputView: View? { nil }
    /// A toolbar docked above the input view.
    open var inputAccessoryView: View? { nil }
    /// Docked at the bottom (the default) or anchored as a popover.
    open var inputViewPresentation: InputViewPresentation { .docked }

    /// The keys this responder handles right now.
    open var keyBindings: [KeyBinding] { [] }
    /// Keys handled before anything else, above every overlay and panel
    /// (quit, suspend). The window asks its root view for these. One on a
    /// printable key (`q`) gives way while text is being typed.
    open var priorityKeyBindings: [KeyBinding] { [] }
    open var priorityKeyBindingsTitle: String { "Everywhere" }
    /// Whether this responder takes typed text (a text field, a filter
    /// being typed): printable keys and pastes that reach it stop here,
    /// handled or not, so a letter never becomes a command. Everywhere
    /// else the one-letter commands work.
    open var consumesText: Bool { false }
    /// Whether this responder is a picker whose keys are its own: printable
    /// keys that reach it stop here, handled or not, so that stray typing
    /// over a panel never becomes a command of the screen behind it
    /// (" the Magnificent" typed over a wheel opens nothing). Unlike a text
    /// consumer it takes no text, so the window's priority keys still work
    /// above it; one on a letter may ask `KeyRoute.printableKeysStopped`
    /// and give way, as the roster's `q` does.
    open var stopsPrintableKeys: Bool { false }
    /// The heading its keys get in the help screen.
    open var keyBindingsTitle: String { "" }

    /// Where a text cursor should show, for responders that edit text.
    open var textCursorPosition: Point? { nil }

    public var isFirstResponder: Bool {
        window?.firstResponder === self
    }

    /// Handles a key; returns false to let it travel up the chain. The
    /// default runs the first matching key binding, or, when that binding
    /// is unavailable now, keeps the key and has the window tell why.
    open func handle(key: KeyEvent) -> Bool {
        guard let binding = keyBindings.first(where: { $0.matches(key) }) else { return false }
        if let window {
            window.run(binding, key)
        } else if binding.availability.isAvailable {
            binding.perform(key)
        }
        return true
    }

    /// Handles pasted text. By default nothing accepts it: only text entry does.
    open func handle(paste text: String) -> Bool { false }

    @discardableResult
    public func becomeFirstResponder() -> Bool {
        window?.makeFirstResponder(self) ?? false
    }

    /// Gives up first responder status; focus returns to the responder
    /// that had it before this one (or the nearest willing ancestor).
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard isFirstResponder, let window else { return true }
        return window.resignFirstResponder(self)
    }

    open func didBecomeFirstResponder() {}
    open func didResignFirstResponder() {}
}
