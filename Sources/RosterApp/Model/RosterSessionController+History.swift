import RosterCore
import TerminalKit
import TextSafety

/// Undo and redo from the interface: the store takes the step; the
/// controller tells it in the history's words and shows the monster the
/// step brought back or changed, as after any other write.
extension RosterSessionController {
    /// Takes back the newest change not undone yet, from any surface.
    func undo() {
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo() }
    }

    /// Takes back the change numbered `id`, chosen from the history; the
    /// store refuses, naming the later change, when one touched its monsters.
    func undo(change id: Int64) {
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(change: id, dryRun: false) }
    }

    /// Puts back what undo took back most recently.
    func redo() {
        takeHistoryStep(then: .undo) { () throws(RosterError) in try store.redo() }
    }

    /// Says what the step did in the history's own words ("undid
    /// set-weapon Cat-Bot: Sword → Fire"), or why it did nothing.
    /// Takes back every change after `id` still in force (`later`, as the
    /// question named them), newest first, in one step as `undo N` does.
    /// When the history moved on since the question, nothing is undone.
    func goBack(after id: Int64, undoing later: [Int64]) {
        var now: [Int64] = []
        reportingErrors {
            now = try store.history(touching: nil, limit: nil).filter { $0.id > id && $0.isOriginalChange && !$0.isUndone }.map(\.id)
        }
        guard now == later else {
            status = ("nothing was undone: the history changed since you asked; h shows it as it is now", true)
            return
        }
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(later.count, dryRun: false) }
    }

    private func takeHistoryStep(then followUp: FollowUp, _ step: () throws(RosterError) -> HistoryOutcome) {
        // The details may be showing a monster being added: it is not on
        // the roster, so undo goes past it; drop it first.
        discardDraft()
        if let refused = refusedWhileLost() {
            status = ("nothing was \(followUp == .redo ? "undone" : "redone"): \(refused)", true)
            return
        }
        reportingErrors {
            let outcome = try step()
            status = (outcome.sentences.joined(separator: "; "), false)
            // The details show a monster the step brought back or changed
            // (the one whose removal was undone), as after any other write.
            let shown = outcome.steps.last?.revisions.first { $0.after != nil }?.monsterID
            didWrite(showing: shown, followUp: outcome.steps.isEmpty ? .undo : followUp)
            if outcome.steps.isEmpty { self.followUp = nil }
        }
    }
}
