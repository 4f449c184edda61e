import RosterCore
import TerminalKit
import TextSafety

/// The roster screen's keys, declared once as tables (`KeyTable`): the
/// priority keys, which work in every state above panels and overlays,
/// and the one-letter commands of the list and details. Whether each can
/// run is asked of the screen as it is now: while a field is edited its
/// panel has the keys and only `w` (another field's editor) joins them;
/// a command that needs a monster when there is none keeps its key and
/// says why in the footer.
extension RosterRootView {
    /// Keys that work in every state, above panels and overlays. `q`, `?`
    /// and `a` are letters while text is being typed; F1 is help there.
    static let priorityKeys = KeyTable<RosterRootView>([
        // The header's activation button ("a · set activation date…"). Over an overlay (the help,
        // the history) it still works, closing it, but the footer there
        // names the overlay's keys; the monster drawer is the list.
        .init(.character("a"), "a", "activated", footerPriority: 1, when: { root in
            guard !root.isOverlayInFront else { return .hidden }
            return root.activationAvailability
        }, run: { $0.summon($0.activatedField) }),
        .init(.character("a"), "a", "activated", footer: false, when: { root in
            guard root.isOverlayInFront else { return .hidden }
            return root.activationAvailability
        }, run: { $0.summon($0.activatedField) }),
        // Over the help, `?` closes it, and says so. While text is typed
        // `?` is a letter: F1 is help there, and the footer names it.
        .init([.character("?"), .f1], "?", "help", helpNow: { $0.isShowingHelp ? "close" : "help" },
              labelNow: { $0.window?.textConsumerHasKeyboard == true ? "F1" : "?" }, perform: { root, _ in root.toggleHelp() }),
        // `q` quits only where no letter can be typed: in a text field it
        // is a letter, and over a picker, whose letters do nothing, it does
        // nothing too and says why. Ctrl-C quits from every state; the
        // footer names it where `q` does not quit. Read as a key (raw
        // mode), Ctrl-C is a way to quit as `q` is, and ends with 0; 130
        // is kept for a SIGINT sent to the process (the run loop's signal).
        .init(.character("q"), "q", "quit", when: { $0.quitsByQ ? .available : .unavailable(RosterRootView.qOverPicker) },
              run: { $0.quitStatus = 0 }),
        .init(.control("c"), "Ctrl-C", "quit", role: .quit, footerPriority: -1, when: { .when(!$0.quitsByQ) },
              run: { $0.quitStatus = 0 }),
        .init(.control("c"), "Ctrl-C", "quit", footer: false, when: { .when($0.quitsByQ) }, run: { $0.quitStatus = 0 }),
        .init(.control("z"), "Ctrl-Z", "suspend to the shell", footer: false, run: { $0.suspendRequested = true }),
    ])

    /// The one-letter commands, and moving between the list and the fields.
    static let keys = KeyTable<RosterRootView>([
        // Tab is what everyone tries first: the footer can spare it.
        .init(.tab, "Tab", "next field", brief: "field", footerPriority: -1,
              when: { $0.whileBrowsing(needing: $0.controller.selected) }, run: { $0.moveFocus(by: 1) }),
        .init(.backTab, "Shift-Tab", "previous field", footer: false,
              when: { $0.whileBrowsing(needing: $0.controller.selected) }, run: { $0.moveFocus(by: -1) }),
        // While a field is edited, letters belong to its editor: a picker
        // keeps the ones it has no use for (`stopsPrintableKeys`).
        .init(.character("w"), "w", "weapon", role: .command, footerPriority: 1,
              when: { $0.writing($0.whileBrowsing(needing: $0.controller.selected)) }, run: { $0.summon($0.weaponCell) }),
        // The list's own `/` keeps its place there; from the details it gives way first.
        .init(.character("/"), "/", "filter", role: .command, roleNow: { $0.roleBesideMarks }, when: { $0.whileBrowsing() }, run: { root in
            if root.isCollapsed {
                root.showListOverlay()
                root.listOverlay.openFilter()
            } else {
                root.list.openFilter()
            }
        }),
        // Collapsed, the list is the level behind the details: `m` is the
        // way back to it, kept in the shortest footer.
        .init(.character("m"), "m", "show the monster list", brief: "monsters", role: .back, footerPriority: 1,
              when: { .when($0.isBrowsing && $0.isCollapsed) }, run: { $0.showListOverlay() }),
        // At 80 columns `n` gives way to remove, and to undo and history once
        // the history holds a change: the help lists it.
        .init(.character("n"), "n", "new", role: .command, footerPriority: -2, roleNow: { $0.roleBesideMarks },
              when: { $0.writing($0.whileBrowsing()) }, run: { $0.addMonster() }),
        // The roster's history: any surface's change, another program's too.
        // Undo is one of the list's commands; redo is offered after an undo
        // (`· U redo`), and gives way first when the row is short.
        // With an empty history `u` and `h` can only say so: they give way
        // first, and `n` keeps its place at 80 columns.
        .init(.character("u"), "u", "undo", role: .command, footerPriority: -1, roleNow: { $0.roleBesideHistory(.command) },
              when: { $0.writing($0.whileBrowsing()) }, run: { $0.controller.undo() }),
        // Offered by the message after an undo (`· U redo`), where it works;
        // in the footer it would be offered where there is nothing to redo.
        .init([.character("U"), .control("r")], "U", "redo", footer: false, when: { $0.writing($0.whileBrowsing()) },
              perform: { root, _ in root.controller.redo() }),
        // Kept at 80 columns: the one way to a change further back than `u`.
        // Narrower, the keys that act on the chosen monster come first.
        .init(.character("h"), "h", "history: go back to a change", brief: "history", role: .command, footerPriority: 1,
              roleNow: { $0.roleBesideHistory($0.isCollapsed ? .other : $0.roleBesideMarks) }, when: { $0.whileBrowsing() },
              run: { $0.showHistory() }),
        .init([.character("x"), .delete], "x", "remove", role: .command, footerPriority: -1,
              when: { $0.writing($0.whileBrowsing(needing: $0.controller.selectedOnRoster)) }, perform: { root, _ in root.confirmRemoval() }),
        // The list's order, its marks and copying: see `+Arranging`,
        // `+Marks` and `+Copying` of the controller.
        .init(.character("s"), "s", "sort by the next field", footer: false,
              when: { $0.whileBrowsing() }, run: { $0.controller.cycleSort() }),
        .init(.character("S"), "S", "reverse the sort", footer: false,
              when: { $0.whileBrowsing() }, run: { $0.controller.reverseSort() }),
        .init(.character(" "), "Space", "mark and move on", footer: false,
              when: { .when($0.isBrowsing && $0.aListHasKeyboard && $0.controller.selectedOnRoster != nil) },
              run: { $0.controller.toggleMark() }),
        .init(.escape, "Esc", "clear the marks", brief: "clear marks", footerPriority: 2,
              when: { .when($0.isBrowsing && ($0.aListHasKeyboard || $0.isCollapsed) && $0.controller.hasAnyMarks) },
              run: { $0.controller.clearMarks() }),
        .init(.character("v"), "v", "columns beside the names", footer: false,
              when: { $0.whileBrowsing() }, run: { $0.cycleColumns() }),
        .init(.character("y"), "y", "copy the name", footer: false,
              when: { $0.whileBrowsing(needing: $0.controller.selected) }, run: { $0.controller.copyName() }),
        .init(.character("Y"), "Y", "copy as JSON", footer: false,
              when: { $0.whileBrowsing(needing: $0.controller.selectedOnRoster) }, run: { $0.controller.copyJSON() }),
        // Ctrl-click (or Alt, Shift) marks: said in the click's row, which
        // keeps the help within one screen.
        .mouse("click", "a monster (Ctrl: mark it), a field, Activated",
               helpNow: { $0.isCollapsed ? "a field, ≡ Monsters, Activated" : "a monster (Ctrl: mark it), a field, Activated" }),
        .mouse("wheel", "scroll the list", when: { .when($0.isBrowsing && !$0.isCollapsed) }),
    ])

    /// Whether `q` quits now: not while a text field or a picker has the
    /// keyboard (`KeyRoute.printableKeysStopped`), where letters are typed
    /// or do nothing.
    var quitsByQ: Bool { window?.keyRoute.printableKeysStopped != true }

    /// Said when `q` is pressed over a picker.
    static let qOverPicker = "the q key does nothing here, as no letter does in a picker: Esc closes it, Ctrl-C quits"

    /// An overlay other than the monster drawer (which is the list) is in front.
    var isOverlayInFront: Bool {
        guard let front = window?.overlays.last?.view else { return false }
        return !(front is MonsterListView)
    }

    /// `a`: the activation's editor, from anywhere but an editor. Over a
    /// picker it is a stray letter that does nothing (" the Magnificent"
    /// typed over the height wheel must not set an activation); the
    /// header's activation button still summons it from there.
    var activationAvailability: KeyBinding.Availability {
        guard window?.isTooSmall == false, details.editingField == nil else { return .hidden }
        return needing(controller.selected)
    }

    /// The role of a command that does not act on the marked monsters
    /// (`n`, `h`, the filter): while some are marked it gives way in a
    /// short footer to those that do (`w`, `x`) and to `u`, which takes
    /// back what they did.
    var roleBesideMarks: KeyBinding.Role { controller.hasMarks ? .other : .command }

    /// The role of a history key (`u`, `h`): `role`, or `idle` while the
    /// history is empty, where the key can only say so.
    func roleBesideHistory(_ role: KeyBinding.Role) -> KeyBinding.Role {
        controller.seenHistoryID == 0 ? .idle : role
    }

    /// No field is being edited: the screen's commands apply.
    var isBrowsing: Bool { details.editingField == nil }

    /// A command of the screen: hidden while a field is edited.
    func whileBrowsing() -> KeyBinding.Availability { .when(isBrowsing) }

    /// A command that changes the roster: for a role that may only read
    /// (a server's reader), kept but unavailable, saying why, at once.
    func writing(_ availability: KeyBinding.Availability) -> KeyBinding.Availability {
        guard availability.isAvailable, controller.store.mayOnlyRead else { return availability }
        return .unavailable("this roster is read only: the database role it logged in as may look, not change")
    }

    /// A command on the chosen monster: hidden while a field is edited;
    /// kept but unavailable, saying why, when there is no monster.
    func whileBrowsing(needing monster: Monster?) -> KeyBinding.Availability {
        guard isBrowsing else { return .hidden }
        return needing(monster)
    }

    /// Available when there is a monster to act on, else why not.
    func needing(_ monster: Monster?) -> KeyBinding.Availability {
        monster == nil ? .unavailable(controller.whyNoMonster) : .available
    }
}

extension RosterSessionController {
    /// Why a key that acts on the chosen monster does nothing now.
    var whyNoMonster: String {
        if list.isFiltering, list.count == 0 { return "no monster is chosen: none matches the filter \(Quote.code(list.filter))" }
        if list.count == 0 { return "no monster is chosen: the roster is empty; n adds one" }
        return "no monster is chosen"
    }
}
