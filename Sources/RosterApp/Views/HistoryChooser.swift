import RosterCore
import TerminalKit

/// `h`: the history overlay (`HistoryOverlay`), and what its keys do.
/// Enter asks, then takes back every change after the chosen one that is
/// still in force (`RosterSessionController.goBack`); `u` there undoes
/// the chosen change alone, refused, naming the later change, when one
/// touched its monsters. Either way the footer says what happened.
extension RosterRootView {
    /// How many changes the overlay reads: as many as anyone scrolls through.
    static let historyShown = 500

    func showHistory() {
        guard let window else { return }
        let entries: [HistoryEntry]
        do {
            entries = try controller.store.history(touching: nil, limit: Self.historyShown)
        } catch {
            controller.tell(error.description, isError: true)
            return
        }
        guard !entries.isEmpty else {
            controller.tell("the history is empty: no change to undo", isError: false)
            return
        }
        let overlay = HistoryOverlay(entries: entries)
        overlay.onClose = { [weak self, weak overlay] in
            guard let overlay else { return }
            self?.window?.dismiss(overlay)
        }
        // A refused undo keeps the history open, the reason in the footer
        // below it and the change that can be undone alone highlighted.
        overlay.onUndoOne = { [weak self, weak overlay] entry in
            guard let self, let overlay else { return }
            if self.controller.undo(change: entry.id) { self.window?.dismiss(overlay) } else { overlay.highlight(self.controller.wayOn) }
        }
        overlay.onGoBack = { [weak self, weak overlay] entry in
            guard let self, let overlay else { return }
            self.askToGoBack(to: entry, among: entries, from: overlay)
        }
        overlay.highlight(controller.wayOn)
        historyView = overlay
        // Between the header and the footer, which tells what happened.
        window.present(Overlay(overlay, takesFocus: true, placement: { [weak self] screen in
            let width = min(screen.width, overlay.preferredWidth)
            let room = max(0, screen.height - 1 - (self?.footerRows(screen) ?? 1))
            let height = min(room, overlay.preferredHeight(forWidth: width))
            return Rect(x: (screen.width - width) / 2, y: 1, width: width, height: height)
        }, onDismiss: { [weak self] in self?.keepFocusInSight() }))
    }

    /// Whether the history is the frontmost overlay.
    var isShowingHistory: Bool {
        guard let historyView, let window else { return false }
        return window.overlays.last?.view === historyView
    }

    /// "Take back the 2 changes after #3?", asked over the history, then
    /// the controller does it; refused, the history stays open.
    private func askToGoBack(to entry: HistoryEntry, among entries: [HistoryEntry], from overlay: HistoryOverlay) {
        guard let window else { return }
        let later = entries.filter { $0.id > entry.id && $0.isOriginalChange && !$0.isUndone }.map(\.id)
        guard !later.isEmpty else {
            controller.tell("nothing to take back: no change after #\(entry.id) is in force", isError: false)
            return
        }
        let changes = later.count == 1 ? "the change" : "the \(later.count) changes"
        let prompt = ConfirmationPrompt("Take back \(changes) after #\(entry.id)?", defaultAnswer: false,
                                        onConfirm: { [weak self, weak overlay] in
            guard let self, let overlay else { return }
            if self.controller.goBack(after: entry.id, undoing: later) { self.window?.dismiss(overlay) } else { overlay.highlight(self.controller.wayOn) }
        })
        prompt.style = Theme.current.question
        window.present(Overlay(prompt, placement: ConfirmationPrompt.footerPlacement))
    }
}
