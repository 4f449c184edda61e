import RosterCore
import TerminalKit
import TextSafety

/// Undo and redo from the interface: the store takes the step; the
/// controller tells it in the history's words and shows the monster the
/// step brought back or changed, as after any other write.
extension RosterSessionController {
    /// Takes back the newest change not undone yet, from any surface.
    /// Refused, the footer offers the way on (`offerUndoAlone`).
    func undo() {
        if !takeHistoryStep(then: .redo, { () throws(RosterError) in try store.undo() }) { offerUndoAlone() }
    }

    /// Takes back the change numbered `id`, chosen from the history; the
    /// store refuses, naming the later change, when one touched its
    /// monsters, and the footer then offers the way on. True when it was
    /// taken back.
    @discardableResult
    func undo(change id: Int64) -> Bool {
        let taken = takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(change: id, dryRun: false) }
        if !taken { offerUndoAlone() }
        return taken
    }

    /// How many of the newest changes a refused undo looks through for one
    /// it could take back instead.
    static let wayOnSearched = 20

    /// After a refused undo: a change made outside the history blocks the
    /// newest, and so `u`, for good. The way on is undoing a change on its
    /// own whose monsters nothing later touched: the newest such change is
    /// found by asking the store as the undo would (a dry run), offered in
    /// the footer (`· h, then u undoes #12 alone`), and highlighted when
    /// the history shows.
    private func offerUndoAlone() {
        guard status?.isError == true, serverLost == nil else { return }
        var entries: [HistoryEntry] = []
        reportingErrors { entries = try store.history(touching: nil, limit: Self.wayOnSearched) }
        // An import's dry run would copy the whole roster: not offered.
        let candidate = entries.first { entry in
            entry.isOriginalChange && !entry.isUndone && !entry.isSnapshot
                && (try? store.undo(change: entry.id, dryRun: true)) != nil
        }
        wayOn = candidate?.id
        if let id = candidate?.id { followUp = .undoAlone(id) }
    }

    /// Puts back what undo took back most recently.
    func redo() {
        takeHistoryStep(then: .undo) { () throws(RosterError) in try store.redo() }
    }

    /// What going back to the change numbered `id` takes back, read from
    /// the whole history (a redo can put back a change from long before);
    /// nil when the history could not be read (the footer says why).
    func goingBack(after id: Int64) -> GoingBack? {
        var history: [HistoryEntry]?
        reportingErrors { history = try store.history(touching: nil, limit: nil) }
        // The history shown may be older than the roster's (cleared since,
        // or pruned): going back to a change no longer there is refused.
        if let history, !history.contains(where: { $0.id == id }) {
            tell("nothing was taken back: the history has no change #\(id) now (cleared or changed since the list was read); h shows it as it is",
                 isError: true)
            return nil
        }
        return history.map { GoingBack(after: id, history: $0) }
    }

    /// Takes back what going back to `id` takes (`asked`, as the question
    /// named it), whoever made it, newest first, in one step with undo's
    /// refusals. When the history moved on since the question, nothing is
    /// undone. True when they were taken back.
    @discardableResult
    func goBack(after id: Int64, asked: GoingBack) -> Bool {
        guard let now = goingBack(after: id) else { return false }
        guard now == asked else {
            status = ("nothing was undone: the history changed since you asked; h shows it as it is now", true)
            return false
        }
        let taken = takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(changes: asked.changes, dryRun: false) }
        if !taken { offerUndoAlone() }
        return taken
    }

    /// Says what the step did in the history's own words ("undid
    /// set-weapon Cat-Bot: Sword → Fire"), or why it did nothing.
    /// True unless the step was refused or failed (the footer says why).
    @discardableResult
    private func takeHistoryStep(then followUp: FollowUp, _ step: () throws(RosterError) -> HistoryOutcome) -> Bool {
        // The details may be showing a monster being added: it is not on
        // the roster, so undo goes past it; drop it first.
        discardDraft()
        wayOn = nil
        if let refused = refusedWhileLost() {
            status = ("nothing was \(followUp == .redo ? "undone" : "redone"): \(refused)", true)
            return false
        }
        var taken = false
        reportingErrors {
            let outcome = try step()
            // Each step's rows say what it did: `after` is the monster now.
            followOwnRenames(outcome.steps.flatMap(\.revisions).compactMap { revision in
                guard let before = revision.before, let after = revision.after, before.name != after.name else { return nil }
                return after
            })
            status = (told(outcome, undoing: followUp == .redo), false)
            // The details show a monster the step brought back or changed
            // (the one whose removal was undone), as after any other write.
            let shown = outcome.steps.last?.revisions.first { $0.after != nil }?.monsterID
            didWrite(showing: shown, followUp: outcome.steps.isEmpty ? .undo : followUp)
            if outcome.steps.isEmpty { self.followUp = nil }
            taken = true
        }
        return taken
    }
}
