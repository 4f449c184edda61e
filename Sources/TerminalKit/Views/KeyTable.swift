/// A responder's keys, declared once: a static table of entries, each
/// with its keys, its label and words, its role, what it does to the
/// responder, and when it is available. Availability is a separate
/// question, asked of the responder as it is now (Textual's `Binding`
/// with `check_action`, bubbles' `key.Binding` with `SetEnabled`):
///
/// - `available`: the key runs, and the footer and the help list it;
/// - `unavailable(reason)`: the key is kept by this responder but does
///   nothing, and the window tells the reason (`onUnavailableKey`), so a
///   key that cannot work now says why rather than nothing;
/// - `hidden`: the entry does not apply in this state at all; the key goes
///   on along the chain as if the entry were not there.
///
/// `bindings(for:)` binds the table to one responder for the window's one
/// route per event and per frame: dispatch, the footer and `?` read the
/// same bound entries, so they never disagree.
public struct KeyTable<Owner: AnyObject>: Sendable {
    public struct Entry: Sendable {
        let keys: [KeyEvent]
        let label: String
        let help: String
        let brief: String?
        let footer: Bool
        let role: KeyBinding.Role?
        let footerPriority: Int
        /// Words that depend on the state (`edit name`, `choose weapon`).
        let helpNow: (@Sendable (Owner) -> String)?
        /// A label that depends on the state (`1–5` for five choices).
        let labelNow: (@Sendable (Owner) -> String)?
        /// A role that depends on the state: a command that does not act
        /// on what the state is about (a filter while monsters are marked)
        /// gives way in a short footer to those that do.
        let roleNow: (@Sendable (Owner) -> KeyBinding.Role?)?
        let availability: @Sendable (Owner) -> KeyBinding.Availability
        let perform: @Sendable (Owner, KeyEvent) -> Void

        public init(_ keys: [KeyEvent], _ label: String, _ help: String, brief: String? = nil, footer: Bool = true,
                    role: KeyBinding.Role? = nil, footerPriority: Int = 0, helpNow: (@Sendable (Owner) -> String)? = nil,
                    labelNow: (@Sendable (Owner) -> String)? = nil, roleNow: (@Sendable (Owner) -> KeyBinding.Role?)? = nil,
                    when availability: @escaping @Sendable (Owner) -> KeyBinding.Availability = { _ in .available },
                    perform: @escaping @Sendable (Owner, KeyEvent) -> Void) {
            self.keys = keys
            self.labelNow = labelNow
            self.roleNow = roleNow
            self.label = label
            self.help = help
            self.brief = brief
            self.footer = footer
            self.role = role
            self.footerPriority = footerPriority
            self.helpNow = helpNow
            self.availability = availability
            self.perform = perform
        }

        public init(_ key: KeyEvent, _ label: String, _ help: String, brief: String? = nil, footer: Bool = true,
                    role: KeyBinding.Role? = nil, footerPriority: Int = 0, helpNow: (@Sendable (Owner) -> String)? = nil,
                    roleNow: (@Sendable (Owner) -> KeyBinding.Role?)? = nil,
                    when availability: @escaping @Sendable (Owner) -> KeyBinding.Availability = { _ in .available },
                    run: @escaping @Sendable (Owner) -> Void) {
            self.init([key], label, help, brief: brief, footer: footer, role: role, footerPriority: footerPriority,
                      helpNow: helpNow, roleNow: roleNow, when: availability, perform: { owner, _ in run(owner) })
        }

        /// A line of help for the mouse: no keys, never in the footer.
        public static func mouse(_ label: String, _ help: String, helpNow: (@Sendable (Owner) -> String)? = nil,
                                 when availability: @escaping @Sendable (Owner) -> KeyBinding.Availability = { _ in .available }) -> Entry {
            Entry([], label, help, footer: false, helpNow: helpNow, when: availability, perform: { _, _ in })
        }
    }

    public let entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The entries that apply to `owner` now, bound to it.
    public func bindings(for owner: Owner) -> [KeyBinding] {
        entries.compactMap { entry in
            let availability = entry.availability(owner)
            if case .hidden = availability { return nil }
            let help = entry.helpNow?(owner) ?? entry.help
            let label = entry.labelNow?(owner) ?? entry.label
            let perform = entry.perform
            let role = entry.roleNow.map { $0(owner) } ?? entry.role
            var binding = KeyBinding(entry.keys, label, help, brief: entry.brief, footer: entry.footer, role: role,
                                     perform: { [weak owner] key in if let owner { perform(owner, key) } })
            binding.footerPriority = entry.footerPriority
            binding.availability = availability
            return binding
        }
    }
}

extension KeyBinding {
    /// Whether a binding can run now (see `KeyTable`).
    public enum Availability: Equatable, Sendable {
        case available
        /// Kept, doing nothing, and the reason is told.
        case unavailable(String)
        /// Not in this state: as if absent.
        case hidden

        /// Available when `condition` holds, else hidden.
        public static func when(_ condition: Bool) -> Availability { condition ? .available : .hidden }

        public var isAvailable: Bool { self == .available }
    }
}
