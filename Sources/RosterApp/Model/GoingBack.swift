import RosterCore

/// Going back to a change in the history (Enter in `h`): what is taken
/// back so that the roster is as that change left it, as far as undo can.
///
/// A change counts when its work is in force now and was not when the
/// chosen change was made: an original change after the chosen one, not
/// undone; or an older change undone by then and put back since by a
/// redo after the chosen one (the redo's row is what the history shows
/// after the chosen change, so the redo is what is named). Undone changes
/// and undos stay as they are: taking those back would be redoing.
struct GoingBack: Equatable {
    /// The history's rows taken back: each an original change, or the
    /// redo that put an older one back.
    let rows: [Int64]
    /// The changes undone, in order (newest first): a redo's row undoes
    /// the change it redid.
    let changes: [Int64]

    init(after chosen: Int64, history: [HistoryEntry]) {
        var reversals: [Int64: [HistoryEntry]] = [:]
        for entry in history { if let reversed = entry.reverses { reversals[reversed, default: []].append(entry) } }
        var taken: [(row: Int64, change: Int64, putBack: Int64)] = []
        for change in history where change.isOriginalChange && !change.isUndone {
            let steps = (reversals[change.id] ?? []).sorted { $0.id < $1.id }
            // In force now: put in force last by the change itself or a redo.
            let putBack = steps.last { $0.command == "redo" }?.id ?? change.id
            guard putBack > chosen else { continue }
            if change.id > chosen {
                taken.append((change.id, change.id, putBack))
            } else if steps.last(where: { $0.id <= chosen })?.command == "undo" {
                // Undone when the chosen change was made; only a redo since put it back.
                taken.append((putBack, change.id, putBack))
            }
        }
        // Newest first by when each was put in force, as undo goes.
        taken.sort { $0.putBack > $1.putBack }
        rows = taken.map(\.row)
        changes = taken.map(\.change)
    }
}
