import RosterCore
import TerminalKit

/// `h`: the history overlay (`HistoryOverlay`), and what its keys do.
/// Enter asks, then takes back every change after the chosen one that is
/// still in force, whoever made it (`GoingBack`,
/// `RosterSessionController.goBack`); `u` there undoes
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
            // A lost server is said as every request then is (and not kept
            // before "reconnected" once it is back: see `tellReconnected`).
            if case RosterError.serverUnavailable = error { controller.reportingErrors { throw error } }
            controller.tell("history not opened: \(controller.refusedWhileLost() ?? error.description)", isError: true)
            return
        }
        guard !entries.isEmpty else {
            controller.tell("the history is empty: no change to undo", isError: false)
            return
        }
        // Worded as the interface names pictures, read once, never while drawing.
        let overlay = HistoryOverlay(entries: entries, lines: Dictionary(entries.map { ($0.id, controller.told($0)) },
                                                                         uniquingKeysWith: { first, _ in first }))
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
            self.askToGoBack(to: entry, from: overlay)
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

    /// "Take back the 3 changes after #6 (#7–#9)?": how many, and which,
    /// so that going back never reads as taking back one change where it
    /// takes back several. Runs of three or more numbers are written as
    /// ranges; past a few names, the rest are counted.
    static func goBackQuestion(after id: Int64, undoing later: [Int64]) -> String {
        guard later.count > 1 else { return "Take back #\(later.first ?? id + 1), the one change after #\(id)?" }
        var runs: [ClosedRange<Int64>] = []
        for number in later.sorted() {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        let names: [(name: String, changes: Int)] = runs.flatMap { run in
            run.count >= 3 ? [("#\(run.lowerBound)–#\(run.upperBound)", run.count)] : run.map { ("#\($0)", 1) }
        }
        let shownNames = 4
        var shown = names.prefix(shownNames).map(\.name)
        if names.count > shownNames {
            shown.append("\(names.dropFirst(shownNames).reduce(0) { $0 + $1.changes }) more")
        }
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "") : shown.joined()
        return "Take back the \(later.count) changes after #\(id) (\(list))?"
    }

    /// "Take back the 2 changes after #3 (#4 and #5)?", asked over the history, then
    /// the controller does it; refused, the history stays open.
    private func askToGoBack(to entry: HistoryEntry, from overlay: HistoryOverlay) {
        guard let window, let goingBack = controller.goingBack(after: entry.id) else { return }
        let later = goingBack.rows
        guard !later.isEmpty else {
            controller.tell("nothing to take back: no change after #\(entry.id) is in force", isError: false)
            return
        }
        let prompt = ConfirmationPrompt(Self.goBackQuestion(after: entry.id, undoing: later), defaultAnswer: false,
                                        onConfirm: { [weak self, weak overlay] in
            guard let self, let overlay else { return }
            if self.controller.goBack(after: entry.id, asked: goingBack) { self.window?.dismiss(overlay) } else { overlay.highlight(self.controller.wayOn) }
        }, onDecline: { [weak self] in
            let stay = later.count == 1 ? "#\(later[0]) stays" : "the \(later.count) changes after #\(entry.id) stay"
            self?.controller.tell("nothing was taken back: \(stay)", isError: false)
        })
        present(question: prompt, in: window)
    }
}
