import RosterCore
import TerminalKit

/// The whole screen: a header, the monster list beside the details, and
/// the footer of keys that work now.
///
/// Below `splitWidth` columns the split collapses, as an iPad's split view
/// does in portrait: the details fill the screen and a "Monsters" button
/// (or `m`) shows the list as an overlay. Below `minimumSize` the screen
/// only says how large it needs to be.
final class RosterScreen: View {
    static let splitWidth = 70
    static let minimumSize = Size(width: 40, height: 12)

    let controller: RosterController
    let list: MonsterListView
    let details: DetailPane
    let nameField: TextEntryField
    let colorField: ColorField
    let weaponCell: WeaponCell
    let activatedField: ActivatedField
    let summoner: ActivationSummoner
    private let header = HeaderBar()
    private let footer = KeyHintBar()
    private lazy var listOverlay = MonsterListView(controller: controller, isOverlay: true)
    /// The list had the focus when the split collapsed: give it back when
    /// the window widens again.
    private var listLostFocusToCollapse = false

    init(controller: RosterController) {
        self.controller = controller
        list = MonsterListView(controller: controller)
        nameField = TextEntryField(label: "Name", controller: controller, limit: MonsterRules.nameLimit * 4,
                                   read: \.name, change: { MonsterChanges(name: $0) },
                                   style: { Theme.nameStyle($0.nameColor).bold })
        colorField = ColorField(controller: controller)
        weaponCell = WeaponCell(controller: controller)
        activatedField = ActivatedField(controller: controller)
        summoner = ActivationSummoner(controller: controller)
        // The order of the fields is the order Prev and Next follow.
        details = DetailPane(controller: controller, fields: [
            nameField,
            TextEntryField(label: "Description", controller: controller, lines: 3, limit: MonsterRules.descriptionLimit * 4,
                           read: \.description, change: { MonsterChanges(description: $0) }),
            colorField,
            weaponCell,
            HeightField(controller: controller),
            OriginField(controller: controller),
            activatedField,
        ])
        super.init()
        details.editedElsewhere = { [weak self] in
            guard let self, self.summoner.isFirstResponder else { return nil }
            return self.activatedField
        }
        colorField.anchor = { [weak self] in
            guard let field = self?.nameField else { return .zero }
            return field.frame.inset(left: DetailField.labelWidth + 1)
        }
        header.controller = controller
        header.onMonstersButton = { [weak self] in self?.showListOverlay() }
        header.onActivationButton = { [weak self] in self?.summoner.becomeFirstResponder() }
        for view in [header, list, details, footer, summoner] as [View] { addSubview(view) }
        list.onOpen = { [weak self] in self?.details.focus(0) }
        details.onLeave = { [weak self] in self?.focusList() }
    }

    var isTooSmall: Bool {
        frame.width < Self.minimumSize.width || frame.height < Self.minimumSize.height
    }

    var isCollapsed: Bool { frame.width < Self.splitWidth }

    /// Whether the keyboard is with the docked list or its filter field.
    private var listHasKeyboard: Bool {
        var view = window?.firstResponder as? View
        while let current = view {
            if current === list { return true }
            view = current.superview
        }
        return false
    }

    // MARK: Focus

    func focusList() {
        if isCollapsed {
            showListOverlay()
        } else {
            list.becomeFirstResponder()
        }
    }

    func showListOverlay() {
        guard let window, !window.isPresenting(listOverlay) else { return }
        window.present(Overlay(listOverlay, placement: { bounds in
            Rect(x: 0, y: 1, width: min(bounds.width, 40), height: max(0, bounds.height - 2))
        }))
    }

    /// Tab order: the list, then each detail field, then round again.
    private func moveFocus(by step: Int) {
        let stops = (isCollapsed ? 0 : 1) + details.fields.count
        var current = 0
        if details.hasFocus { current = (isCollapsed ? 0 : 1) + details.focusedIndex }
        let next = (current + step + stops) % stops
        if !isCollapsed && next == 0 {
            list.becomeFirstResponder()
        } else {
            details.focus(next - (isCollapsed ? 0 : 1))
        }
    }

    // MARK: Keys that work everywhere

    override var keyBindingsTitle: String { "Everywhere" }

    /// Whether a field, the filter or a summoned picker has the keyboard:
    /// then the one-letter commands (n, x, w, /…) stay out of its way.
    private var isEditing: Bool {
        guard let responder = window?.firstResponder else { return false }
        return responder is DetailField || responder is ActivationSummoner || responder is FilterField
    }

    /// Whether the keyboard is typing text, where `?` is a character.
    private var isTyping: Bool {
        guard let responder = window?.firstResponder else { return false }
        return responder is TextEntryField || responder is FilterField
    }

    override var keyBindings: [KeyBinding] {
        let interrupt = KeyBinding(.control("c"), "Ctrl-C", "quit", footer: false, action: { [weak self] in
            self?.controller.quitStatus = 130
        })
        let help = KeyBinding(.character("?"), "?", "help", action: { [weak self] in self?.showHelp() })
        if isTyping { return [interrupt] }
        if isEditing { return [help, interrupt] }
        let hasMonster = controller.selected != nil
        var bindings: [KeyBinding] = []
        if hasMonster {
            bindings += [
                // Tab is what everyone tries first: the footer can spare it.
                KeyBinding(.tab, "Tab", "next field", brief: "field", action: { [weak self] in self?.moveFocus(by: 1) })
                    .footerPriority(-1),
                KeyBinding(.backTab, "Shift-Tab", "previous field", footer: false, action: { [weak self] in self?.moveFocus(by: -1) }),
                KeyBinding(.character("w"), "w", "weapon", action: { [weak self] in
                    guard let self else { return }
                    self.details.edit(self.weaponCell)
                }),
                // The header's Activated button: kept in the footer whatever else goes.
                KeyBinding(.character("a"), "a", "activated", action: { [weak self] in
                    self?.summoner.becomeFirstResponder()
                }).footerPriority(1),
            ]
        }
        bindings.append(KeyBinding(.character("/"), "/", "filter", action: { [weak self] in
            guard let self else { return }
            if self.isCollapsed { self.showListOverlay(); self.listOverlay.openFilter() } else { self.list.openFilter() }
        }).footerPriority(1))
        if isCollapsed {
            bindings.append(KeyBinding(.character("m"), "m", "monsters", action: { [weak self] in self?.showListOverlay() })
                .footerPriority(1))
        }
        bindings.append(KeyBinding(.character("n"), "n", "new", action: { [weak self] in self?.addMonster() }))
        if hasMonster {
            bindings += [
                KeyBinding([.character("x"), .delete], "x", "remove", action: { [weak self] in self?.confirmRemoval() }),
            ]
        }
        bindings += [
            help,
            KeyBinding(.character("q"), "q", "quit", action: { [weak self] in self?.controller.quitStatus = 0 }),
            interrupt,
        ]
        return bindings
    }

    /// `n`: a new monster, named first; Esc before its first Done discards it.
    private func addMonster() {
        controller.beginDraft()
        details.edit(nameField)
    }

    /// `x` or Delete: removes the selected monster once the footer's
    /// question is answered yes.
    private func confirmRemoval() {
        guard let window, let monster = controller.selected, !controller.isDraft else { return }
        let prompt = ConfirmationPrompt("Remove \(monster.name)?", onConfirm: { [weak self] in self?.controller.removeSelected() })
        window.present(Overlay(prompt, placement: ConfirmationPrompt.footerPlacement))
    }

    private func showHelp() {
        guard let window else { return }
        let help = KeyHelpView(groups: window.activeBindingGroups)
        help.title = "roster keys"
        window.present(Overlay(help, placement: KeyHelpView.placement(for: help)))
    }

    // MARK: Layout and drawing

    override func layout() {
        let tooSmall = isTooSmall
        for view in [header, list, details, footer] as [View] { view.isHidden = tooSmall }
        guard !tooSmall else { return }
        let (top, rest) = frame.splitTop(1)
        let (body, bottom) = rest.splitBottom(1)
        header.frame = top
        header.showsMonstersButton = isCollapsed
        footer.frame = bottom
        if let status = controller.status {
            footer.message = (status.text, status.isError ? Theme.error : Theme.success)
        } else {
            footer.message = nil
        }
        if isCollapsed {
            list.isHidden = true
            details.frame = body
            if listHasKeyboard {
                // The list (or its filter) is behind its button now: the
                // details take the focus from their top, as on opening a
                // monster. A filter being typed stays applied.
                details.focus(0)
                listLostFocusToCollapse = true
            }
        } else {
            if listLostFocusToCollapse {
                listLostFocusToCollapse = false
                if details.isFirstResponder { list.becomeFirstResponder() }
            }
            if let window, window.isPresenting(listOverlay) { window.dismiss(listOverlay) }
            // Below 80 columns the list gives the details four columns, so
            // that the monster's picture still fits beside its fields.
            let listWidth = max(body.width < 80 ? 20 : 24, min(40, body.width * 3 / 10))
            let (left, right) = body.splitLeft(listWidth)
            list.frame = left
            details.frame = right
        }
    }

    override func draw(in buffer: inout Buffer) {
        guard isTooSmall else { return }
        buffer.fill(frame)
        let lines = TextWrapping.lines(
            "roster needs a terminal of at least \(Self.minimumSize.width)×\(Self.minimumSize.height); this one is \(frame.width)×\(frame.height). Press q to quit.",
            width: max(1, frame.width))
        let top = max(0, (frame.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            buffer.writeCentered(line, in: frame, row: top + index, style: Style().bold)
        }
    }
}

/// The top bar: the program, how many monsters, and where the file is.
final class HeaderBar: View {
    weak var controller: RosterController?
    var showsMonstersButton = false
    var onMonstersButton: (() -> Void)?
    var onActivationButton: (() -> Void)?
    private var buttonFrame = Rect.zero
    private var activationFrame = Rect.zero

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: Theme.header)
        var x = frame.x
        if showsMonstersButton {
            let end = buffer.write(" ☰ Monsters ", at: frame.origin, style: Theme.headerButton)
            buttonFrame = Rect(x: frame.x, y: frame.y, width: end - frame.x, height: 1)
            x = end
        } else {
            buttonFrame = .zero
        }
        x = buffer.write(" roster ", at: Point(x: x, y: frame.y), style: Theme.header.bold)
        // The toolbar: the activation picker, summoned from anywhere (`a`).
        // No ⏱: fonts draw it two cells wide or not at all (alacritty, xterm).
        let activation = " Activated "
        if frame.maxX - x > 40 {
            let end = buffer.write(activation, at: Point(x: x + 1, y: frame.y), style: Theme.headerButton)
            activationFrame = Rect(x: x + 1, y: frame.y, width: end - x - 1, height: 1)
            x = end + 1
        } else {
            activationFrame = .zero
        }
        guard let controller else { return }
        let list = controller.list
        let count = list.isFiltering
            ? "· \(MonsterListView.grouped(list.count)) of \(MonsterListView.grouped(list.total)) monsters "
            : "· \(MonsterListView.grouped(list.count)) monsters "
        x = buffer.write(count, at: Point(x: x, y: frame.y), style: Theme.header)
        let path = controller.store.path
        let room = frame.maxX - x - 2
        if room > 10 {
            let shown = DisplayWidth.truncate(path, to: room)
            buffer.write(shown, at: Point(x: frame.maxX - 1 - DisplayWidth.of(shown), y: frame.y), style: Theme.header)
        }
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        if buttonFrame.contains(event.position) { onMonstersButton?() }
        if activationFrame.contains(event.position) { onActivationButton?() }
        return true
    }
}
