/// One entry of a key table: the keys, how they are shown, what they do.
///
/// Each responder declares its bindings as data. The same table dispatches
/// keys, fills the footer ("keys that work now") and the `?` help screen,
/// so the help can never disagree with what the keys do.
public struct KeyBinding {
    public let keys: [KeyEvent]
    /// How the keys are written in the footer and help: `↑↓`, `Enter`, `1–5`.
    public let label: String
    /// What they do, in a few words: `move`, `choose weapon`.
    public let help: String
    /// Shown in the footer as well as in the help screen.
    public let showsInFooter: Bool
    /// The footer's shorter words for `help`, where room is scarce.
    public let brief: String
    /// Which keys the footer keeps when it cannot show them all, among
    /// bindings of the same `role`: the lowest go first (0 for most; above
    /// for keys that must stay in sight, below for keys that are easy to
    /// find otherwise).
    public var footerPriority = 0
    /// What the binding is for, which decides what a short footer keeps.
    public var role: Role?
    /// Whether it can run now; an unavailable one keeps its keys and says
    /// why (`KeyTable`). Out of the footer and the help while unavailable.
    public var availability: Availability = .available

    /// What a binding is for. A footer too short for every key keeps them
    /// by role, in this order: what acts in this state (Enter on what has
    /// the focus), the way back (Esc), help and quit, choosing (a panel's
    /// 1–5, a wheel's turn, which Enter also does), the screen's commands
    /// (`n` new, `u` undo); moving about and keys that jump elsewhere
    /// (`other`) go before them, and a key that can do nothing in this
    /// state but say so (`idle`: undo with an empty history) first.
    public enum Role: Int, Comparable, Sendable {
        case idle, other, command, choose, quit, help, back, act

        public static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    /// The role declared, else the one its keys say: Enter acts, Esc goes
    /// back, `?` is help and `q` quits.
    public var keptRole: Role {
        if let role { return role }
        if keys.contains(.escape) { return .back }
        if keys.contains(.enter) { return .act }
        if keys.contains(.character("?")) { return .help }
        if keys.contains(.character("q")) { return .quit }
        return .other
    }
    /// Runs the binding, told which of its keys was pressed.
    public let perform: (KeyEvent) -> Void

    public init(_ keys: [KeyEvent], _ label: String, _ help: String, brief: String? = nil, footer: Bool = true,
                role: Role? = nil, perform: @escaping (KeyEvent) -> Void) {
        self.role = role
        self.keys = keys
        self.label = label
        self.help = help
        self.brief = brief ?? help
        self.showsInFooter = footer
        self.perform = perform
    }

    public init(_ keys: [KeyEvent], _ label: String, _ help: String, brief: String? = nil, footer: Bool = true,
                action: @escaping () -> Void) {
        self.init(keys, label, help, brief: brief, footer: footer, perform: { _ in action() })
    }

    public init(_ key: KeyEvent, _ label: String, _ help: String, brief: String? = nil, footer: Bool = true,
                action: @escaping () -> Void) {
        self.init([key], label, help, brief: brief, footer: footer, action: action)
    }

    /// A line of help for the mouse: no keys, never in the footer.
    public static func mouse(_ label: String, _ help: String) -> KeyBinding {
        KeyBinding([], label, help, footer: false, action: {})
    }

    public func matches(_ event: KeyEvent) -> Bool {
        keys.contains(event)
    }
}

extension KeyBinding {
    /// The binding as it stands behind a responder that consumes text: only
    /// its keys that type nothing (Delete for `x`, Ctrl-R for `U`), and out
    /// of the footer, whose label names the letter the text would take.
    /// Nil when every key types (or a mouse line, which is kept as it is).
    var withoutPrintableKeys: KeyBinding? {
        keepingKeysThatTypeNothing(footer: false, role: role)
    }

    /// A priority binding as it stands while text is typed: its keys that
    /// type nothing (F1 for help), still in the footer under the label the
    /// owner gives for that state, and in the role its keys gave it; nil
    /// when every key types (`q`).
    var withoutTypedKeys: KeyBinding? {
        keepingKeysThatTypeNothing(footer: showsInFooter, role: keptRole)
    }

    /// The binding with only its keys that type nothing, shown in the
    /// footer or not, in `role`: itself when no key types, nil when every
    /// key does.
    private func keepingKeysThatTypeNothing(footer: Bool, role: Role?) -> KeyBinding? {
        let kept = keys.filter { !$0.isPrintable }
        if kept.count == keys.count { return self }
        guard !kept.isEmpty else { return nil }
        var binding = KeyBinding(kept, label, help, brief: brief, footer: footer, role: role, perform: perform)
        binding.footerPriority = footerPriority
        binding.availability = availability
        return binding
    }
}

extension KeyEvent {
    /// A key that types a character: text fields take these.
    public var isPrintable: Bool {
        guard case .character = code else { return false }
        return modifiers.isSubset(of: .shift)
    }
}

/// A titled group of bindings, as the help screen lists them.
public struct KeyBindingGroup {
    public let title: String
    public let bindings: [KeyBinding]
    /// The window's priority bindings, handled before every other group.
    public let isPriority: Bool

    public init(title: String, bindings: [KeyBinding], isPriority: Bool = false) {
        self.title = title
        self.bindings = bindings
        self.isPriority = isPriority
    }
}

extension KeyEvent {
    // Shorthands for key tables.
    public static let up = KeyEvent(.up)
    public static let down = KeyEvent(.down)
    public static let left = KeyEvent(.left)
    public static let right = KeyEvent(.right)
    public static let enter = KeyEvent(.enter)
    public static let escape = KeyEvent(.escape)
    public static let tab = KeyEvent(.tab)
    public static let backTab = KeyEvent(.tab, modifiers: .shift)
    public static let home = KeyEvent(.home)
    public static let end = KeyEvent(.end)
    public static let pageUp = KeyEvent(.pageUp)
    public static let pageDown = KeyEvent(.pageDown)
    public static let backspace = KeyEvent(.backspace)
    public static let delete = KeyEvent(.delete)
    public static let space = KeyEvent(.character(" "))
    /// Help where `?` is a letter (a text field's).
    public static let f1 = KeyEvent(.function(1))
}

extension KeyBinding {
    /// This binding with another footer priority.
    public func footerPriority(_ priority: Int) -> KeyBinding {
        var copy = self
        copy.footerPriority = priority
        return copy
    }

    /// This binding with a declared role.
    public func role(_ role: Role) -> KeyBinding {
        var copy = self
        copy.role = role
        return copy
    }
}
