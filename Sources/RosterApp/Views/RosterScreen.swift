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
    let weaponCell: WeaponCell
    private let header = HeaderBar()
    private let footer = KeyHintBar()
    private lazy var listOverlay = MonsterListView(controller: controller, isOverlay: true)

    init(controller: RosterController) {
        self.controller = controller
        list = MonsterListView(controller: controller)
        weaponCell = WeaponCell(controller: controller)
        details = DetailPane(controller: controller, fields: [
            TextDetailField(label: "Name", controller: controller) { ($0.name, Theme.nameStyle($0.nameColor).bold) },
            TextDetailField(label: "Description", controller: controller, lines: 3) { ($0.description, Style()) },
            weaponCell,
        ])
        super.init()
        header.controller = controller
        header.onMonstersButton = { [weak self] in self?.showListOverlay() }
        for view in [header, list, details, footer] as [View] { addSubview(view) }
        list.onOpen = { [weak self] in self?.details.focus(0) }
        details.onLeave = { [weak self] in self?.focusList() }
    }

    var isTooSmall: Bool {
        frame.width < Self.minimumSize.width || frame.height < Self.minimumSize.height
    }

    var isCollapsed: Bool { frame.width < Self.splitWidth }

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

    override var keyBindings: [KeyBinding] {
        var bindings = [
            KeyBinding(.tab, "Tab", "next field", action: { [weak self] in self?.moveFocus(by: 1) }),
            KeyBinding(.backTab, "Shift-Tab", "previous field", footer: false, action: { [weak self] in self?.moveFocus(by: -1) }),
            KeyBinding(.character("w"), "w", "weapon", action: { [weak self] in
                guard let self else { return }
                self.details.edit(self.weaponCell)
            }),
            KeyBinding(.character("/"), "/", "filter", action: { [weak self] in
                guard let self else { return }
                if self.isCollapsed { self.showListOverlay(); self.listOverlay.openFilter() } else { self.list.openFilter() }
            }),
        ]
        if isCollapsed {
            bindings.append(KeyBinding(.character("m"), "m", "monsters", action: { [weak self] in self?.showListOverlay() }))
        }
        bindings += [
            KeyBinding(.character("?"), "?", "help", action: { [weak self] in self?.showHelp() }),
            KeyBinding(.character("q"), "q", "quit", action: { [weak self] in self?.controller.quitStatus = 0 }),
            KeyBinding(.control("c"), "Ctrl-C", "quit", footer: false, action: { [weak self] in self?.controller.quitStatus = 130 }),
        ]
        return bindings
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
            if list.isFirstResponder { details.focus(details.focusedIndex) }
        } else {
            if let window, window.isPresenting(listOverlay) { window.dismiss(listOverlay) }
            let listWidth = max(24, min(40, body.width * 3 / 10))
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
    private var buttonFrame = Rect.zero

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: Theme.header)
        var x = frame.x
        if showsMonstersButton {
            let end = buffer.write(" ☰ Monsters ", at: frame.origin, style: Theme.header.bold.reversed)
            buttonFrame = Rect(x: frame.x, y: frame.y, width: end - frame.x, height: 1)
            x = end
        } else {
            buttonFrame = .zero
        }
        x = buffer.write(" roster ", at: Point(x: x, y: frame.y), style: Theme.header.bold)
        guard let controller else { return }
        let count = controller.list.isFiltering ? "" : "· \(MonsterListView.grouped(controller.list.count)) monsters "
        x = buffer.write(count, at: Point(x: x, y: frame.y), style: Theme.header)
        let path = controller.store.path
        let room = frame.maxX - x - 2
        if room > 10 {
            let shown = DisplayWidth.truncate(path, to: room)
            buffer.write(shown, at: Point(x: frame.maxX - 1 - DisplayWidth.of(shown), y: frame.y), style: Theme.header)
        }
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        if case .press(button: 0) = event.kind, buttonFrame.contains(event.position) {
            onMonstersButton?()
        }
        return true
    }
}
