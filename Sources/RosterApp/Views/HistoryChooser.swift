import RosterCore
import TerminalKit

/// `h`: the roster's recent changes, newest first, to undo one of them by
/// choice rather than only the newest (`u`). The store takes it back when
/// no later change touched its monsters and otherwise refuses, naming the
/// later change; either way the footer says what happened, as for `u`.
/// A change already undone, or an undo or redo itself, is listed (it is
/// the history) and choosing it says why it cannot be undone.
extension RosterRootView {
    func showHistory() {
        guard let window else { return }
        // As many as the screen shows between its header and footer.
        let rows = max(1, window.size.height - 6)
        let entries: [HistoryEntry]
        do {
            entries = try controller.store.history(touching: nil, limit: rows)
        } catch {
            controller.tell(error.description, isError: true)
            return
        }
        guard !entries.isEmpty else {
            controller.tell("the history is empty: no change to undo", isError: false)
            return
        }
        let menu = MenuPopover { menu in
            menu.title = "History · Enter undoes the change"
            menu.items = entries.map { entry in
                MenuPopover.Item("#\(entry.id) \(entry.line)\(entry.isUndone ? " (undone)" : "")",
                                 style: entry.isUndone || !entry.isOriginalChange ? Theme.label : .plain)
            }
        }
        menu.onChoose = { [weak self, weak menu] index in
            guard let self, let menu else { return }
            self.window?.dismiss(menu)
            self.controller.undo(change: entries[index].id)
        }
        menu.onCancel = { [weak self, weak menu] in
            guard let menu else { return }
            self?.window?.dismiss(menu)
        }
        window.present(Overlay(menu, takesFocus: true, placement: { screen in
            let width = min(screen.width, max(40, menu.preferredWidth))
            let height = min(max(0, screen.height - 2), menu.preferredHeight(forWidth: width))
            return Rect(x: (screen.width - width) / 2, y: 1, width: width, height: height)
        }))
    }
}
