import RosterCore
import TerminalKit

/// The whole screen: a header, the monster list beside the details, and
/// the footer of keys that work now.
///
/// Below `splitWidth` columns the split collapses, as an iPad's split view
/// does in portrait: the details fill the screen and a "Monsters" button
/// (or `m`) shows the list as an overlay. Below `minimumSize` the screen
/// only says how large it needs to be.
final class RosterRootView: View {
    static let splitWidth = 70
    static let minimumSize = Size(width: 40, height: 12)

    let controller: RosterSessionController
    let list: MonsterListView
    let details: DetailPane
    let nameField: TextEntryField
    let colorField: ColorField
    let weaponCell: WeaponCell
    let activatedField: ActivatedField
    private let header = HeaderBar()
    let footer = KeyHintBar()
    /// The footer's message, shown by the window over a docked panel.
    let panelMessage = KeyHintBar()
    /// The monster drawer of a narrow window. It is the list: keys it does
    /// not take go on to this view's commands, as the docked list's do.
    private(set) lazy var listOverlay: MonsterListView = {
        let drawer = MonsterListView(controller: controller, isOverlay: true)
        drawer.onward = self
        return drawer
    }()
    /// The list had the focus when the split collapsed: give it back when
    /// the window widens again.
    private var listLostFocusToCollapse = false
    /// Whether the split was collapsed at the last resize.
    private(set) var isCollapsed = false
    /// An editor was summoned from the monster drawer: ending it opens the drawer again.
    var drawerAwaitsEditor = false
    /// Set when the user asked to quit: the exit status, 0 for `q` and
    /// for Ctrl-C read as a key (a SIGINT sent to the process is 130,
    /// from the run loop, as the shell reports an interrupted program).
    var quitStatus: Int32?
    /// Ctrl-Z was pressed: the run loop hands the terminal back to the shell.
    var suspendRequested = false

    init(controller: RosterSessionController) {
        self.controller = controller
        list = MonsterListView(controller: controller)
        nameField = TextEntryField(label: "Name", field: MonsterFields.name, controller: controller, limit: MonsterRules.nameLimit * 4,
                                   read: \.name, change: { MonsterChanges(name: $0) },
                                   style: { _ in Theme.name.bold })
        colorField = ColorField(controller: controller)
        weaponCell = WeaponCell(controller: controller)
        activatedField = ActivatedField(controller: controller)
        // The order of the fields is the order Prev and Next follow.
        details = DetailPane(controller: controller, fields: [
            nameField,
            TextEntryField(label: "Description", field: MonsterFields.description, controller: controller, lines: 8, limit: MonsterRules.descriptionLimit * 4,
                           read: \.description, change: { MonsterChanges(description: $0) }),
            colorField,
            weaponCell,
            HeightField(controller: controller),
            OriginField(controller: controller),
            activatedField,
            PictureField(controller: controller),
        ], nameField: nameField)
        super.init()
        colorField.anchor = { [weak self] in
            guard let field = self?.nameField else { return .zero }
            return field.frame.inset(left: DetailField.labelWidth + 1)
        }
        header.controller = controller
        header.onMonstersButton = { [weak self] in self?.showListOverlay() }
        header.onActivationButton = { [weak self] in self?.summon(self?.activatedField) }
        for view in [header, list, details, footer] as [View] { addSubview(view) }
        list.onOpen = { [weak self] in self?.details.focus(0) }
        details.onLeave = { [weak self] in self?.focusList() }
        details.onEditingEnded = { [weak self] in self?.returnToDrawer() }
    }

    var isTooSmall: Bool {
        frame.width < Self.minimumSize.width || frame.height < Self.minimumSize.height
    }

    /// Whether the keyboard is with the docked list or its filter field.
    private var listHasKeyboard: Bool {
        guard let focused = window?.firstResponder as? View else { return false }
        return list.contains(focused)
    }

    /// Whether the keys go to a list, docked or the drawer: where Space marks.
    var aListHasKeyboard: Bool {
        guard let window else { return false }
        return listHasKeyboard || window.isPresenting(listOverlay)
    }

    /// After an overlay that had the keys closes: the split may have
    /// collapsed under it, and the focus it gave back to the list would
    /// sit behind the list's button; the details take it, as on collapsing.
    /// Or the split opened under it and closed the list's drawer it came
    /// from, leaving the focus nowhere: the list takes it.
    func keepFocusInSight() {
        if window?.firstResponder == nil {
            if isCollapsed { details.focus(0) } else { list.becomeFirstResponder() }
            return
        }
        guard isCollapsed, listHasKeyboard else { return }
        details.focus(0)
        listLostFocusToCollapse = true
    }

    /// The window changed size: collapse or restore the split. Done here,
    /// in event handling, so that drawing never moves the focus.
    func sizeChanged() {
        guard let window else { return }
        defer {
            // What `v` said fits was said for the old size.
            if controller.toldColumns != nil, controller.status?.text == controller.toldColumns {
                controller.tellColumns(shown: columnsFitting)
            }
        }
        isCollapsed = frame.width < Self.splitWidth
        list.isHidden = isCollapsed
        header.showsMonstersButton = isCollapsed
        // Collapsed, the list is a drawer over the details (m): Esc opens
        // it, the level the details go back to, once the marks are cleared.
        details.listIsDrawer = isCollapsed
        if isCollapsed {
            if listHasKeyboard {
                // The list is behind its button now: the details take the
                // focus from their top, as on opening a monster.
                let typingFilter = list.filterField.isFirstResponder
                details.focus(0)
                listLostFocusToCollapse = true
                // A filter being typed goes on being typed, in the list's
                // overlay over them: the next letters are still the
                // filter's, in sight, and never run as commands (`q` would quit).
                if typingFilter {
                    showListOverlay()
                    listOverlay.openFilter()
                }
            }
        } else {
            let typingFilter = listOverlay.filterField.isFirstResponder
            if window.isPresenting(listOverlay) { window.dismiss(listOverlay) }
            if typingFilter {
                // The same the other way: the docked list's filter takes the typing on.
                listLostFocusToCollapse = false
                list.openFilter()
            } else if listLostFocusToCollapse {
                listLostFocusToCollapse = false
                if details.isFirstResponder { list.becomeFirstResponder() }
            }
        }
    }

    // MARK: Focus (in `RosterRootView+Focus.swift`)

    // MARK: Keys (declared in `RosterRootView+Keys.swift`)

    override var keyBindingsTitle: String { "Roster" }
    override var priorityKeyBindingsTitle: String { "Everywhere" }
    override var priorityKeyBindings: [KeyBinding] { Self.priorityKeys.bindings(for: self) }
    override var keyBindings: [KeyBinding] { Self.keys.bindings(for: self) }

    /// `n`: a new monster, named first; Esc before its first Done discards
    /// it. From the monster drawer too: the new monster's form is the
    /// details, and when it ends, added or not, the drawer opens again.
    func addMonster() {
        let fromDrawer = isCollapsed && window?.overlays.last?.view === listOverlay
        window?.dismissAllOverlays()
        controller.beginDraft()
        details.edit(nameField)
        drawerAwaitsEditor = fromDrawer && details.editingField != nil
    }

    /// `x` or Delete: removes the selected monster once the footer's
    /// question is answered yes; Enter keeps it. What is removed is the
    /// monster the question named, as it showed it: one another program
    /// changed or removed meanwhile stays, and the footer says so.
    func confirmRemoval() {
        guard let window else { return }
        // Who changed a monster after the question is named from the history after this.
        let seen = controller.seenHistoryID
        if controller.hasMarks {
            // The marked monsters, all or none, as one change.
            let monsters = controller.markedForRemoval()
            guard !monsters.isEmpty else { return }
            let names = monsters.count <= 3 ? ": " + monsters.map(\.name).joined(separator: ", ") : ""
            let question = "Remove \(RosterSessionController.monsters(monsters.count, "marked monster", "marked monsters"))\(names)?\(hiddenMarksStay)"
            let whom = monsters.count == 1 ? "the marked monster stays" : "the \(monsters.count) marked monsters stay"
            let prompt = ConfirmationPrompt(question, defaultAnswer: false,
                                            onConfirm: { [weak self] in self?.controller.removeMarked(monsters, seen: seen) },
                                            onDecline: { [weak self] in self?.controller.tell("nothing was removed; \(whom)", isError: false) })
            present(question: prompt, in: window)
            return
        }
        guard let monster = controller.selectedOnRoster else { return }
        // Every mark hidden by the filter: the question says it is about
        // this monster alone and that the marks stay, as the editors do
        // (in the question: the footer's sentence would be under it).
        let whom = controller.hasAnyMarks ? "\(monster.name) alone" : monster.name
        // No, as yes, is told: the plain roster's "Nothing was removed; Cat-Bot stays."
        let prompt = ConfirmationPrompt("Remove \(whom)?\(hiddenMarksStay)", defaultAnswer: false,
                                        onConfirm: { [weak self] in self?.controller.remove(monster, seen: seen) },
                                        onDecline: { [weak self] in self?.controller.tell("nothing was removed; \(monster.name) stays", isError: false) })
        present(question: prompt, in: window)
    }

    /// A question whose yes undoes something (a removal, going back in
    /// the history), in the footer's place: only `y` does it, and any
    /// other key (`q`, Esc, an arrow) answers no, and says so.
    func present(question prompt: ConfirmationPrompt, in window: Window) {
        prompt.otherKeysDecline = true
        prompt.style = Theme.current.question
        window.present(Overlay(prompt, placement: prompt.footerPlacement))
    }

    /// " (2 hidden marks stay)" after a removal's question, in the
    /// title's words ("3 marked, 2 hidden"), short enough for one row.
    private var hiddenMarksStay: String {
        let hidden = controller.markCounts.hidden
        guard hidden > 0 else { return "" }
        return " (\(RosterSessionController.monsters(hidden, "hidden mark", "hidden marks")) \(hidden == 1 ? "stays" : "stay"))"
    }

    private var helpView: KeyHelpView?
    /// The history overlay last shown (`h`).
    weak var historyView: HistoryOverlay?

    /// Whether the help is the frontmost overlay.
    var isShowingHelp: Bool {
        guard let helpView, let window else { return false }
        return window.overlays.last?.view === helpView
    }

    /// `?` opens the help; `?` again (or Esc) closes it.
    func toggleHelp() {
        guard let window else { return }
        if let helpView, window.isPresenting(helpView) {
            window.dismiss(helpView)
            return
        }
        let help = KeyHelpView(groups: window.activeBindingGroups)
        help.title = "roster keys"
        help.frameColor = Theme.current.overlayFrame
        helpView = help
        // Between the header and the footer, as the list overlay is: the
        // footer says how to close the help, and its keys.
        window.present(Overlay(help, placement: KeyHelpView.placement(for: help) { [weak self] screen in
            Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 1 - (self?.footerRows(screen) ?? 1)))
        }))
    }

    // MARK: Layout and drawing

    /// The footer's rows at this screen's size: an overlay stands above
    /// them all, so that a message of several rows is read whole. A long
    /// message leaves the header and three rows above it (at 40×12, a
    /// sentence of 300 characters is read whole until the next key).
    func footerRows(_ screen: Rect) -> Int {
        min(footer.rowsNeeded(forWidth: screen.width), max(1, screen.height - 4))
    }

    /// What a frame needs from the store, read before drawing: the lists'
    /// rows. Both lists stand between the header and the footer.
    func prepareFrame() {
        guard !isTooSmall, let window else { return }
        updateFooterMessage()
        let height = frame.height - 1 - footerRows(frame)
        if !isCollapsed { list.prepareFrame(frameHeight: height) }
        if window.isPresenting(listOverlay) { listOverlay.prepareFrame(frameHeight: height) }
    }

    /// The controller's status in the footer, with the key that follows
    /// it up; the footer grows to show a long one whole.
    private func updateFooterMessage() {
        guard let status = controller.shownStatus else {
            footer.message = nil
            footer.messageEnding = nil
            panelMessage.message = nil
            return
        }
        let offer = switch controller.followUp {
        case .undo: " · u undo"
        case .redo: " · U redo"
        // The way on past a refused undo: in the history, the change is
        // highlighted; from the list, h shows it so.
        case .undoAlone(let id): isShowingHistory ? " · u undoes #\(id) alone" : " · h, then u undoes #\(id) alone"
        case nil: ""
        }
        // One complete sentence (a capital, a full stop), as the plain
        // roster tells it; the key that follows it up comes after the stop.
        footer.message = (controller.sentence(status.text), status.isError ? Theme.error : Theme.success)
        footer.messageEnding = offer
        panelMessage.message = footer.message
        panelMessage.messageEnding = offer
    }

    /// Frames only: the footer's message was read in `prepareFrame`, and
    /// what is hidden is decided in event handling (`sizeChanged`).
    override func layout() {
        let tooSmall = isTooSmall
        // The screen that says how large it must be, alone: clipped for
        // this frame, the views keep their state for when there is room.
        for view in [header, details, footer] as [View] { view.isClippedOut = tooSmall }
        guard !tooSmall else { return }
        let (top, rest) = frame.splitTop(1)
        let (body, bottom) = rest.splitBottom(footerRows(frame))
        header.frame = top
        footer.frame = bottom
        if isCollapsed {
            details.frame = body
        } else {
            let (left, right) = body.splitLeft(Self.listWidth(bodyWidth: body.width, columns: controller.listColumns))
            list.frame = left
            details.frame = right
        }
    }

    /// `v`: the next columns; the footer says which fit the list at this
    /// size, docked or the drawer, with the names it shows now.
    func cycleColumns() {
        controller.cycleColumns(shown: columnsFitting)
    }

    /// The columns of `columns` the list (docked, or the drawer) has room
    /// for at this size.
    func columnsFitting(_ columns: [ListColumn]) -> [ListColumn] {
        let shownList = isCollapsed ? listOverlay : list
        let wanted = ListColumn.listWidth(showing: columns)
        let width = isCollapsed ? min(frame.width, max(40, wanted)) : Self.listWidth(bodyWidth: frame.width, columns: columns)
        return shownList.columnsFitting(columns, listWidth: width)
    }

    /// The docked list's width: three tenths of the screen, 40 at most,
    /// for names alone (below 80 columns it gives the details four
    /// columns, so that the monster's picture still fits beside its
    /// fields), or what the chosen columns ask for, as far as the details
    /// keep `DetailPane.roomyWidth`.
    static func listWidth(bodyWidth: Int, columns: [ListColumn]) -> Int {
        let namesAlone = max(bodyWidth < 80 ? 20 : 24, min(40, bodyWidth * 3 / 10))
        return max(namesAlone, min(ListColumn.listWidth(showing: columns), bodyWidth - DetailPane.roomyWidth))
    }

    override func draw(in buffer: inout Buffer) {
        guard isTooSmall else { return }
        buffer.fill(frame)
        // Wrapped by phrase: "Press q to quit." is never split over two lines.
        let lines = TextWrapping.lines(phrases: [
            "roster needs a terminal of at least \(Self.minimumSize.width)×\(Self.minimumSize.height);",
            "this one is \(frame.width)×\(frame.height).",
            "Press q to quit.",
        ], width: max(1, frame.width))
        let top = max(0, (frame.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            buffer.writeCentered(line, in: frame, row: top + index, style: Style().bold)
        }
    }
}
